import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminUsersEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { adminUsersQueryKey } from './search-users.ts';

const listUserReports = (userId: string, cursor?: string) =>
  call(adminUsersEndpoints.reports, { query: { user: userId, ...(cursor ? { cursor } : {}) } });

const userReportsQueryKey = (userId: string) => [...adminUsersQueryKey, 'reports', userId] as const;

const userReportsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: userReportsQueryKey(userId),
    queryFn: ({ pageParam }) => listUserReports(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });

/** Reports against the account’s works, open and dealt with, newest first, a page at a time. */
export const useUserReports = (userId: string) => useInfiniteQuery(userReportsQueryOptions(userId));
