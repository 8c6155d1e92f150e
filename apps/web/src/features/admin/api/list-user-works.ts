import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminUsersEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { adminUsersQueryKey } from './search-users.ts';

const listUserWorks = (userId: string, cursor?: string) =>
  call(adminUsersEndpoints.works, { query: { user: userId, ...(cursor ? { cursor } : {}) } });

const userWorksQueryKey = (userId: string) => [...adminUsersQueryKey, 'works', userId] as const;

const userWorksQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: userWorksQueryKey(userId),
    queryFn: ({ pageParam }) => listUserWorks(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });

/** The account’s community works in every state, newest first, a page at a time. */
export const useUserWorks = (userId: string) => useInfiniteQuery(userWorksQueryOptions(userId));
