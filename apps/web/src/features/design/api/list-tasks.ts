import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { designEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { designKeys } from './task-cache.ts';

const listTasks = (cursor?: string, limit = 20) => call(designEndpoints.list, { query: { cursor, limit } });

const tasksQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: designKeys.tasks,
    queryFn: ({ pageParam }) => listTasks(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The user's task history, newest first; live events update it in place. */
export const useTasks = () => useInfiniteQuery(tasksQueryOptions());
