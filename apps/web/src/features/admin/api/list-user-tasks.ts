import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminUsersEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { adminUsersQueryKey } from './search-users.ts';

const listUserTasks = (userId: string, cursor?: string) =>
  call(adminUsersEndpoints.tasks, { query: { user: userId, ...(cursor ? { cursor } : {}) } });

const userTasksQueryKey = (userId: string) => [...adminUsersQueryKey, 'tasks', userId] as const;

const userTasksQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: userTasksQueryKey(userId),
    queryFn: ({ pageParam }) => listUserTasks(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });

/** The account’s generation tasks, newest first, a page at a time. */
export const useUserTasks = (userId: string) => useInfiniteQuery(userTasksQueryOptions(userId));
