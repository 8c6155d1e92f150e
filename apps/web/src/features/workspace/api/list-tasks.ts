import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { designEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { workspaceKeys } from './workspace-keys.ts';

const listTasks = (cursor?: string) => call(designEndpoints.list, { query: { limit: 20, ...(cursor && { cursor }) } });

const tasksQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: workspaceKeys.tasks,
    queryFn: ({ pageParam }) => listTasks(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The user's generation tasks, newest first. */
export const useTasks = () => useInfiniteQuery(tasksQueryOptions());
