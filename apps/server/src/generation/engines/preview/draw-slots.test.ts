import { describe, expect, it } from 'vitest';
import { createSlots } from './draw-slots.ts';

describe('draw slots', () => {
  it('runs at most the given number at once, in arrival order, and a failure frees its slot', async () => {
    const inSlot = createSlots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const job = (n: number, fail = false) =>
      inSlot(async () => {
        started.push(n);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        if (fail) throw new Error(`job ${n} failed`);
        return n;
      });
    const jobs = [job(1, true), job(2), job(3), job(4), job(5)];
    const settled = Promise.allSettled(jobs);
    // Each release lets one waiting job in; drain until every job has run.
    while (started.length < 5 || releases.length) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    const outcomes = await settled;
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(outcomes[0]).toMatchObject({ status: 'rejected' });
    expect(outcomes.slice(1).map((o) => (o.status === 'fulfilled' ? o.value : null))).toEqual([2, 3, 4, 5]);
  });
});
