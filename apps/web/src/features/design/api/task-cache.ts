import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { isFinished, type Task } from '@turing/contract';

export const designKeys = {
  all: ['design'] as const,
  task: (id: string) => ['design', 'task', id] as const,
  tasks: ['design', 'tasks'] as const,
  /** Every cost preview (they carry the balance). */
  cost: ['design', 'cost'] as const,
};

type TaskPage = { items: Task[]; nextCursor: string | null };

/** The same change of a queued task with another place or wait: the server's queue updates. */
const placeMoved = (incoming: Task, current: Task) =>
  incoming.seq === current.seq &&
  incoming.state === 'queued' &&
  current.state === 'queued' &&
  (incoming.position !== current.position || incoming.estimatedWaitSeconds !== current.estimatedWaitSeconds);

/**
 * Newer wins: an event or answer whose seq is not above what the cache holds changes nothing, but
 * for a queued task's new place in line (sent with the seq of its last change).
 */
const newer = (incoming: Task, current: Task | undefined) =>
  !current || incoming.seq > current.seq || placeMoved(incoming, current);

/**
 * Puts one task state into every cache that shows it (its own entry and the history pages),
 * new tasks at the top. Late events never revive a finished task.
 */
export function applyTask(client: QueryClient, task: Task) {
  const current = client.getQueryData<Task>(designKeys.task(task.id));
  if (!newer(task, current)) return false;
  client.setQueryData(designKeys.task(task.id), task);
  client.setQueryData<InfiniteData<TaskPage>>(designKeys.tasks, (data) => {
    if (!data) return data;
    let found = false;
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => {
        if (item.id !== task.id) return item;
        found = true;
        return newer(task, item) ? task : item;
      }),
    }));
    if (!found && pages[0]) pages[0] = { ...pages[0], items: [task, ...pages[0].items] };
    return { ...data, pages };
  });
  if (isFinished(task.state)) {
    void client.invalidateQueries({ queryKey: designKeys.cost });
  }
  return true;
}
