import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tasks, type TaskRow } from '../../db/schema/index.ts';
import { currentTraceParent, inSpan } from '../../platform/tracing.ts';
import type { TaskErrorCode } from '../engine.ts';
import type { LocalSlot } from '../queue.ts';
import { claimable, nextInFairOrder, startedOnSubmit } from './fair-claim.ts';
import { createTransitionWriter, reportChange, type CompletionRecord, type EffectDeps } from './lifecycle-effects.ts';
import { MAX_ATTEMPTS } from './transitions.ts';
import type { NewTask, TaskPatch } from './task-state.repository.ts';

export interface LifecycleDeps extends EffectDeps {
  /**
   * PostgreSQL serves many worker processes, each woken by every new task (see claimNext); the
   * embedded database serves one.
   */
  databaseKind: Database['kind'];
  /**
   * A place with a worker of this process for a task of this engine, held while the task is
   * submitted; null (or absent) when there is none: the task is queued and announced.
   */
  localSlot?(engine: string): Promise<LocalSlot | null>;
  /** At least one start in this many goes to a pay-per-image task while both lanes wait (QUEUE_PLAN_LANE_SHARE). */
  planLaneShare: number;
}

const AFTER_END = { finishedAt: sql`now()`, heartbeatAt: null, serverAhead: null };
const BACK_IN_QUEUE = {
  workerId: null,
  heartbeatAt: null,
  progress: 0,
  previewKey: null,
  serverAhead: null,
  engineRef: null,
};

/**
 * A claim's columns. A task of an engine whose server may queue it (`queueing`) stays shown in line,
 * next at its server, until the engine says it started (it does not flash as generating before the
 * server's queue shows it queued again); another engine's starts at once.
 */
const claimPatch = (workerId: string, queueing: readonly string[]): TaskPatch => ({
  workerId,
  startedAt: new Date(),
  heartbeatAt: new Date(),
  progress: 0,
  serverAhead: queueing.length ? sql`case when ${inArray(tasks.engine, [...queueing])} then 0 end` : null,
  engineRef: null,
  attempt: sql`${tasks.attempt} + 1`,
});

/**
 * A new task's columns: claimed by `workerId` (its first run starts now), unless a task of its
 * engine already waits in line (for a worker or for a server), in which case it is queued behind
 * it and takes its turn in the fair order. Decided in the insert itself, with the start's
 * bookkeeping (statements of the insert) when it is claimed.
 */
function claimedUnlessInLine(
  workerId: string,
  task: { userId: string; engine: string; plan: boolean },
  atServer: boolean,
) {
  const { engine } = task;
  const inLine = sql`exists (select 1 from ${tasks} where ${tasks.state} = 'queued' and ${tasks.engine} = ${engine}
    and not ${tasks.cancelRequested})`;
  const unless = (claimed: SQL, queued: SQL) => sql`case when ${inLine} then ${queued} else ${claimed} end`;
  return {
    state: unless(sql`'generating'`, sql`'queued'`),
    workerId: unless(sql`${workerId}`, sql`null`),
    startedAt: unless(sql`now()`, sql`null`),
    heartbeatAt: unless(sql`now()`, sql`null`),
    attempt: unless(sql`1`, sql`0`),
    // Sent to a server whose own queue it may wait in: shown there, next in line, until it starts.
    serverAhead: atServer ? unless(sql`0`, sql`null`) : sql`null`,
    bookkeeping: startedOnSubmit(task, sql`not ${inLine}`),
  };
}

/**
 * One owner for a task's life: the only code that writes its state. Routes and services ask it
 * (submit, cancel), the runner reports to it what the engine did; each report is a row of the
 * transition table applied with its effects (lifecycle-effects.ts): in one transaction when they
 * touch money, slots or the queue, as one conditional update followed by its event when the event
 * is all there is.
 */
export function createTaskLifecycle(deps: LifecycleDeps) {
  const { states, transaction } = deps;
  const pool = states.pool;
  const apply = createTransitionWriter(deps);

  return {
    /**
     * A new task, charged in the same transaction that creates it. When a worker of this process
     * has room and no task of its engine waits ahead of it, it is claimed in that transaction too
     * and goes straight to that worker (its first event says generating); otherwise it is queued
     * and announced to the workers with its event.
     */
    create(values: Omit<NewTask, 'state' | 'costCubes' | 'coveredByPlan'>, cubes: number) {
      // A span of its own: the task carries its traceparent to the worker that runs it.
      const facts = { 'turing.engine': values.engine, 'turing.mode': values.mode, 'turing.model': values.params.model };
      return inSpan('task submit', facts, async (span) => {
        const slot = (await deps.localSlot?.(values.engine)) ?? null;
        let announced = false;
        let row: TaskRow;
        try {
          row = await transaction(async (tx) => {
            // The task's id is chosen first: the charge's ledger row names it, written in the charge's statement.
            const id = randomUUID();
            const paid = await deps.ledger.charge(tx, { userId: values.userId, cubes, taskId: id });
            const plan = paid.coveredByPlan;
            const { bookkeeping = [], ...claim } = slot
              ? claimedUnlessInLine(
                  slot.workerId,
                  { userId: values.userId, engine: values.engine, plan },
                  slot.atServer,
                )
              : { state: 'queued' as const };
            const task = await states.in(tx).insert(
              {
                ...values,
                id,
                ...claim,
                costCubes: plan ? 0 : cubes,
                coveredByPlan: plan,
                traceParent: currentTraceParent(),
              },
              bookkeeping,
            );
            const claimed = task.state === 'generating';
            const also = claimed ? null : deps.announcement(task);
            await deps.publish(tx, task, { also });
            await reportChange(deps, tx, task, 'create');
            announced = claimed || also !== null;
            return task;
          });
        } catch (err) {
          slot?.release();
          throw err;
        }
        span.setAttribute('turing.task.id', row.id);
        deps.metrics?.taskSubmitted(row);
        if (row.state === 'generating') await slot!.start(row);
        else slot?.release();
        if (!announced) await deps.enqueue(row);
        return row;
      });
    },

    claim: (id: string, workerId: string, queueing: readonly string[] = []) =>
      apply(id, 'claim', claimPatch(workerId, queueing), eq(tasks.cancelRequested, false)),
    /**
     * Claims the next queued task of these engines in the fair order (fair-claim.ts) that no other
     * worker is claiming, marking its user served and counting its lane's turn in the same
     * statement; null when none is left. A task waiting for a server is not taken here, nor one
     * queued after it for its engine: its own job comes back for it, and puts every task that
     * waits back in line at once (`serverBack`). `queueing`: those of `engines`
     * whose servers may queue a task (see claimPatch).
     */
    async claimNext(workerId: string, engines: string[], queueing: readonly string[] = []) {
      if (!engines.length) return null;
      // On PostgreSQL every worker process is woken by every new task and asks again until the
      // queue is empty, so most asks find nothing: one plain read says so, without a transaction.
      // A task it misses (queued just after) announces itself. The embedded database has one
      // process, woken once per task it announces: its asks find one, and go straight to the claim.
      if (deps.databaseKind === 'postgres' && !(await pool.anyWhere(claimable(engines)))) return null;
      const next = nextInFairOrder(engines, deps.planLaneShare);
      return apply(next, 'claim', claimPatch(workerId, queueing), eq(tasks.cancelRequested, false));
    },
    /** Marks a queued task as waiting for a server; null when it already says so (no event). */
    waitForServer: (id: string) => apply(id, 'wait', {}, sql`${tasks.notice} is distinct from 'waiting_for_server'`),
    /** A task that waited for a server goes back in line for the workers; null when it no longer waits. */
    serverBack: (id: string) => apply(id, 'serverBack', {}, eq(tasks.notice, 'waiting_for_server')),
    accepted: (id: string, server: string, ref: string) => apply(id, 'accepted', { server, engineRef: ref }),
    serverQueued: (id: string, ahead: number) =>
      apply(id, 'serverQueued', { serverAhead: ahead }, sql`${tasks.serverAhead} is distinct from ${ahead}`),
    started: (id: string) =>
      apply(id, 'started', { serverAhead: null, startedAt: new Date() }, sql`${tasks.serverAhead} is not null`),
    progress: (id: string, percent: number, previewKey: string | null) =>
      apply(id, 'progress', {
        progress: percent,
        heartbeatAt: new Date(),
        serverAhead: null,
        ...(previewKey ? { previewKey } : {}),
      }),
    /**
     * `record`: the results' rows, written with the completion (nothing is written if the task
     * ended otherwise). `images`: how many the run was asked for and delivered; the price of those
     * it did not deliver goes back in the completion's transaction, worked out in its update from
     * what the task cost (a task paid by a plan cost nothing, and gets nothing back).
     */
    complete: (
      id: string,
      extra: {
        server?: string;
        engineMs?: number;
        record?: CompletionRecord;
        images?: { asked: number; delivered: number };
      },
    ) => {
      const images = extra.images && {
        asked: Math.max(1, Math.floor(extra.images.asked)),
        delivered: Math.max(0, Math.floor(extra.images.delivered)),
      };
      const short = images ? Math.max(0, images.asked - images.delivered) : 0;
      return apply(
        id,
        'complete',
        {
          ...AFTER_END,
          server: extra.server ?? null,
          engineMs: extra.engineMs ?? null,
          ...(images && {
            delivered: Math.min(images.delivered, images.asked),
            // Whole cubes per image: the price of a task is its images' prices, so this is exact.
            refundedCubes: sql`(${tasks.costCubes} * ${short}::int) / ${images.asked}::int`,
          }),
        },
        undefined,
        { record: extra.record },
      );
    },
    cancelQueued: (id: string) => apply(id, 'cancel', AFTER_END),
    requestCancel: (id: string) => apply(id, 'requestCancel', { cancelRequested: true }),
    interrupted: (id: string) => apply(id, 'interrupted', AFTER_END),
    timedOut: (id: string, server?: string) => apply(id, 'timeout', { ...AFTER_END, server: server ?? null }),
    /** `error`: what the user is told, when the engine knows more than "it refused the task". */
    refused: (id: string, server?: string, error?: TaskErrorCode) =>
      apply(id, 'refused', { ...AFTER_END, server: server ?? null, ...(error && { errorCode: error }) }),
    moderated: (id: string, server?: string) => apply(id, 'moderated', { ...AFTER_END, server: server ?? null }),
    lost: (id: string, server?: string) => apply(id, 'lost', { ...AFTER_END, server: server ?? null }),

    /**
     * A server failed the task through no fault of its own: it goes back to the queue for another
     * server while it has runs left, otherwise it ends lost with its refund.
     */
    async fault(id: string, server?: string) {
      const failed = server ? { failedServers: sql`${tasks.failedServers} || jsonb_build_array(${server}::text)` } : {};
      const moved = await apply(id, 'moved', { ...BACK_IN_QUEUE, ...failed }, lt(tasks.attempt, MAX_ATTEMPTS));
      return moved ?? (await apply(id, 'lost', { ...AFTER_END, server: server ?? null }));
    },

    /** No server took it: back in line, waiting for one; the caller asks again later. */
    notTaken: (id: string) =>
      apply(id, 'notTaken', { ...BACK_IN_QUEUE, attempt: sql`greatest(${tasks.attempt} - 1, 0)` }),

    /** This process stops, or its process died: the task waits for the next worker (runs permitting). */
    async handBack(id: string, opts: { orphan?: boolean } = {}) {
      const back = await apply(
        id,
        'handBack',
        BACK_IN_QUEUE,
        opts.orphan ? lt(tasks.attempt, MAX_ATTEMPTS) : undefined,
      );
      return back ?? (opts.orphan ? await apply(id, 'lost', AFTER_END) : null);
    },

    /** A restarted node takes over its earlier process's task (guarded on that process's id). */
    adopt: (id: string, fromWorker: string, workerId: string) =>
      apply(id, 'adopt', { workerId, heartbeatAt: new Date() }, and(eq(tasks.workerId, fromWorker))),

    heartbeat: (ids: string[]) => pool.heartbeat(ids),
    orphans: (staleBefore: Date, nodePrefix?: string, currentWorker?: string) =>
      pool.orphans(staleBefore, nodePrefix, currentWorker),
  };
}
export type TaskLifecycle = ReturnType<typeof createTaskLifecycle>;
