import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminUsersEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { adminUsersQueryKey } from './search-users.ts';

const listUserLedger = (userId: string, cursor?: string) =>
  call(adminUsersEndpoints.ledger, { query: { user: userId, ...(cursor ? { cursor } : {}) } });

const userLedgerQueryKey = (userId: string) => [...adminUsersQueryKey, 'ledger', userId] as const;

const userLedgerQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: userLedgerQueryKey(userId),
    queryFn: ({ pageParam }) => listUserLedger(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });

/** The account’s ledger, newest first, a page at a time. */
export const useUserLedger = (userId: string) => useInfiniteQuery(userLedgerQueryOptions(userId));
