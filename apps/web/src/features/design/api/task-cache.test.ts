import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Task } from '@turing/contract';
import { applyTask, designKeys } from './task-cache.ts';

const task = (id: string, seq: number, state: Task['state'] = 'queued'): Task =>
  ({ id, seq, state, results: [], progress: 0 }) as unknown as Task;
type Pages = InfiniteData<{ items: Task[]; nextCursor: string | null }>;

describe('applyTask', () => {
  it('keeps the newest state and never lets a late event revive a finished task', () => {
    const client = new QueryClient();
    expect(applyTask(client, task('a', 3, 'complete'))).toBe(true);
    expect(applyTask(client, task('a', 2, 'generating'))).toBe(false);
    expect(client.getQueryData<Task>(designKeys.task('a'))?.state).toBe('complete');
  });

  it("takes a queued task's new place in line, sent with the seq of its last change", () => {
    const client = new QueryClient();
    const at = (position: number, seq = 2) => ({ ...task('q', seq), position, estimatedWaitSeconds: 8 * position });
    applyTask(client, at(3));
    expect(applyTask(client, at(2))).toBe(true);
    expect(applyTask(client, at(2))).toBe(false);
    expect(client.getQueryData<Task>(designKeys.task('q'))).toMatchObject({ position: 2, estimatedWaitSeconds: 16 });
    applyTask(client, { ...task('q', 3, 'generating'), position: null });
    expect(applyTask(client, at(1))).toBe(false);
  });

  it('updates the history in place and puts new tasks first', () => {
    const client = new QueryClient();
    client.setQueryData<Pages>(designKeys.tasks, {
      pages: [{ items: [task('old', 5, 'generating')], nextCursor: null }],
      pageParams: [undefined],
    });
    applyTask(client, task('old', 6, 'complete'));
    applyTask(client, task('new', 1));
    const items = client.getQueryData<Pages>(designKeys.tasks)!.pages[0]!.items;
    expect(items.map((t) => [t.id, t.state])).toEqual([
      ['new', 'queued'],
      ['old', 'complete'],
    ]);
  });
});
