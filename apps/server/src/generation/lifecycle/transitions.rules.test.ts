import { FINISHED_STATES, TASK_STATES, type TaskState } from '@turing/contract';
import { describe, expect, it } from 'vitest';
import { TRANSITIONS, type Effect, type LifecycleEvent, type Transition } from './transitions.ts';

// The transition table alone: which events may happen in which states, where they lead and what
// comes with them. The lifecycle that applies it is tested against a database in lifecycle.test.ts.
const table = TRANSITIONS as Record<LifecycleEvent, Transition>;
const events = Object.keys(table) as LifecycleEvent[];
const ENDS: readonly TaskState[] = FINISHED_STATES;
const endings = events.filter((e) => table[e].to && ENDS.includes(table[e].to!));
const has = (event: LifecycleEvent, effect: Effect) => table[event].effects.includes(effect);

describe('the task transition table', () => {
  it('names only known states', () => {
    for (const event of events) {
      for (const state of [...table[event].from, ...(table[event].to ? [table[event].to] : [])])
        expect(TASK_STATES, `${event}: ${state}`).toContain(state);
    }
  });

  it('lets nothing happen to a task that has ended', () => {
    for (const event of events)
      expect(
        table[event].from.filter((s) => ENDS.includes(s)),
        event,
      ).toEqual([]);
  });

  it('gives the active-task slot back on every way a task ends, and only then', () => {
    expect(endings.length).toBeGreaterThan(0);
    for (const event of events) expect(has(event, 'release'), event).toBe(endings.includes(event));
  });

  it('refunds every end but completion, and nothing else', () => {
    for (const event of events)
      expect(has(event, 'refund'), event).toBe(endings.includes(event) && table[event].to !== 'complete');
  });

  it('pays back undelivered images only with a completion (the other ends refund everything)', () => {
    expect(events.filter((e) => has(e, 'refundUndelivered'))).toEqual(['complete']);
    expect(has('complete', 'refund')).toBe(false);
  });

  it('tells the user of every change of state', () => {
    for (const event of events) if (table[event].to) expect(has(event, 'publish'), event).toBe(true);
  });

  it('names an error for the ends the user did not ask for, and none otherwise', () => {
    const failures = endings.filter((e) => ['timed_out', 'lost'].includes(table[e].to!));
    for (const event of events) expect(Boolean(table[event].error), event).toBe(failures.includes(event));
  });

  it('clears the notice of a task that ended', () => {
    for (const event of endings) expect(table[event].notice, event).toBeNull();
  });

  it('only a worker claims a queued task, and only a queued or generating task can time out', () => {
    expect(table.claim).toMatchObject({ from: ['queued'], to: 'generating' });
    expect([...table.timeout.from].sort()).toEqual(['generating', 'queued']);
    expect(table.cancel.from).toEqual(['queued']);
    expect(table.interrupted.from).toEqual(['generating']);
  });

  it('hands a task back to the workers whenever it returns to the queue for another server', () => {
    for (const event of events) {
      if (table[event].to === 'queued' && table[event].notice !== 'waiting_for_server')
        expect(has(event, 'enqueue'), event).toBe(true);
    }
    expect(has('notTaken', 'enqueue')).toBe(false);
  });

  it('publishes every change that hands a task to the workers (the announcement goes with its event)', () => {
    for (const event of events) if (has(event, 'enqueue')) expect(has(event, 'publish'), event).toBe(true);
  });

  it('ends the wait for a server when a worker claims the task, and keeps saying it was moved', () => {
    expect(table.claim.clears).toEqual(['waiting_for_server']);
    expect(table.claim.notice).toBeUndefined();
    expect(table.serverBack).toMatchObject({ from: ['queued'], notice: null });
  });

  it('moves the places of the tasks queued behind a task that leaves the line, comes back or ends', () => {
    for (const event of events) {
      const t = table[event];
      const moves =
        event === 'serverBack' || (t.to !== undefined && (t.from.includes('queued') || t.to !== 'generating'));
      expect(has(event, 'line'), event).toBe(moves);
    }
  });

  it('only duration-counts a run that completed', () => {
    expect(events.filter((e) => has(e, 'duration'))).toEqual(['complete']);
  });
});
