import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { adminUsersEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const searchUsers = (q: string, cursor?: string) =>
  call(adminUsersEndpoints.search, { query: { q, ...(cursor ? { cursor } : {}) } });

/** Every query of the users page starts with this key, so a change to an account refreshes them all. */
export const adminUsersQueryKey = ['admin', 'users'] as const;

const searchUsersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...adminUsersQueryKey, 'search', q] as const,
    queryFn: ({ pageParam }) => searchUsers(q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });

/** Accounts matching `q` (id, username, nickname, e-mail or phone), newest first, a page at a time. */
export const useSearchUsers = (q: string) =>
  useInfiniteQuery({ ...searchUsersQueryOptions(q), placeholderData: keepPreviousData });
