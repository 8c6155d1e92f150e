import { useQueries } from '@tanstack/react-query';
import type { Task } from '@turing/contract';
import { taskQueryOptions } from '../api/get-task.ts';
import { useTasks } from '../api/list-tasks.ts';
import type { StageSelection } from '../lib/studio-draft.ts';

/** One place on the film strip: a result, or a task that has none (yet). */
export const stops = (tasks: Task[]): StageSelection[] =>
  tasks.flatMap((task) =>
    task.state === 'complete' && task.results.length
      ? task.results.map((_, index) => ({ id: task.id, index }))
      : [{ id: task.id, index: 0 }],
  );

/**
 * The tasks the stage and its film strip show, newest first: the ones started on this page (read
 * one by one, so they show even before the history has them), then the rest of the history.
 */
export function useStageTasks(live: string[]) {
  const history = useTasks();
  const liveTasks = useQueries({
    // Live events keep the cached task current; the first read comes from the submit answer.
    queries: live.map((id) => ({ ...taskQueryOptions(id), staleTime: Infinity, retry: false })),
  });
  const own = liveTasks.map((q) => q.data).filter((task): task is Task => task !== undefined);
  const seen = new Set(own.map((task) => task.id));
  const rest = (history.data?.pages ?? []).flatMap((page) => page.items).filter((task) => !seen.has(task.id));
  const tasks = [...own, ...rest];
  return { tasks, history };
}
