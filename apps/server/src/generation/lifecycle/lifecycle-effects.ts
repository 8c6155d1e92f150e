// How one row of the transition table is written: its conditional update and the effects that come
// with it (the ledger's refunds and slot, the event, the hand-over to the workers, the run time, the
// line). Split from lifecycle.ts, whose operations choose the row and its columns and leave the
// writing to this; both stay the only code that writes a task's state.
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/database.ts';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { tasks, type TaskRow, type UploadRow } from '../../db/schema/index.ts';
import type { Announcement } from '../queue.ts';
import { TRANSITIONS, type LifecycleEvent, type Transition } from './transitions.ts';
import type { MoveTarget, TaskPatch, TaskStateRepository } from './task-state.repository.ts';

interface PublishOptions {
  also?: Announcement | null;
  results?: UploadRow[];
}

/**
 * Written in the transaction of a task's completion, once the task is known to complete: its
 * results' rows (`write`, what it returns), then after its event their filing into the workspace
 * (`file`: it locks the user's folder, so that lock is held only to the commit). `all`: the rows
 * are every result the task has (a first run), so its event shows them without reading them back.
 */
export interface CompletionRecord {
  write(tx: Db): Promise<UploadRow[]>;
  file?(tx: Db): Promise<void>;
  all: boolean;
}

/** What the lifecycle needs of the ledger: it never reads or writes balances itself. */
interface LedgerPort {
  /** Takes the price of task `taskId` and records it in the ledger, or throws why not. */
  charge(tx: Db, input: { userId: string; cubes: number; taskId: string }): Promise<{ coveredByPlan: boolean }>;
  refund(tx: Db, e: { userId: string; taskId: string; cubes: number }): Promise<unknown>;
  /** Gives back the price of the images task `taskId` did not deliver (once per task). */
  refundUndelivered(tx: Db, e: { userId: string; taskId: string; cubes: number }): Promise<unknown>;
  releaseSlot(tx: Db, userId: string): Promise<unknown>;
}

/** What writing a row of the table goes through: the task's statements and the effects' owners. */
export interface EffectDeps {
  /** The only statements that write a task's state. */
  states: Scoped<TaskStateRepository>;
  transaction: Transactor;
  ledger: LedgerPort;
  /**
   * Sends the task as it now is to its owner's event streams, inside the change's transaction
   * when it has one (`tx`; null: none, the change has committed). `also`: a notification sent in
   * the same statement; `results`: the task's results when the caller has them all at hand (not
   * read again).
   */
  publish(tx: Db | null, row: TaskRow, opts?: PublishOptions): Promise<void>;
  /**
   * The notification that hands a queued task to the workers, sent with its event; null when it
   * is handed over another way, by `enqueue` once its change has committed.
   */
  announcement(row: TaskRow): Announcement | null;
  enqueue(row: TaskRow): Promise<void>;
  /** Told what went wrong after a change had committed (its event, its run time), which stands all the same. */
  log: { warn(obj: object, msg: string): void };
  /**
   * Told after the commit of a change that moves the line of `row`'s engine (a task left it, came
   * back to it, or a run ended): the tasks queued there get their new places and waits. Never throws.
   */
  lineMoved?(row: TaskRow): void;
  /**
   * Told of a task's creation and of each change of its state (and of its server starting it), in
   * the change's transaction when it has one (`tx`; null: the change has committed): the webhooks
   * of the task's events are written there.
   */
  taskChanged?(tx: Db | null, row: TaskRow, change: LifecycleEvent | 'create'): Promise<void>;
  /** Told of every task created and every row of the table applied, once committed (the process's metrics). */
  metrics?: {
    taskSubmitted(row: TaskRow): void;
    taskChanged(event: LifecycleEvent, row: TaskRow): void;
  };
}

/**
 * Tells `taskChanged` of a change inside the change's transaction, in a savepoint of its own: a
 * webhook that cannot be written (its endpoint deleted that moment, the results unreadable) is
 * rolled back alone and logged, and the change (a completion's results and refunds, a cancel, a
 * submit and its charge) commits all the same.
 */
export async function reportChange(
  deps: Pick<EffectDeps, 'taskChanged' | 'log'>,
  tx: Db,
  row: TaskRow,
  change: LifecycleEvent | 'create',
) {
  const told = deps.taskChanged;
  if (!told) return;
  await inTransaction(tx, (savepoint) => told(savepoint, row, change)).catch((err: unknown) =>
    deps.log.warn({ err, taskId: row.id }, 'a task webhook was not written'),
  );
}

/**
 * Applies rows of the transition table: each report is a row applied with its effects, in one
 * transaction when they touch money, slots or the queue, as one conditional update followed by its
 * event when the event is all there is.
 */
export function createTransitionWriter(deps: EffectDeps) {
  const { states, transaction } = deps;
  const pool = states.pool;

  /** `target`: the task's id, or a query choosing one (the next queued task a worker claims). */
  async function apply(
    target: MoveTarget,
    event: LifecycleEvent,
    patch: TaskPatch = {},
    guard?: SQL,
    known: { record?: CompletionRecord } = {},
  ) {
    const t: Transition = TRANSITIONS[event];
    const set: TaskPatch = { ...patch };
    if (t.to) set.state = t.to;
    if (t.error && set.errorCode === undefined) set.errorCode = t.error;
    if (t.notice !== undefined) set.notice = t.notice;
    else if (t.clears)
      set.notice = sql`case when ${inArray(tasks.notice, [...t.clears])} then null else ${tasks.notice} end`;
    const row = await change(target, t, set, guard, { ...known, event });
    if (row) deps.metrics?.taskChanged(event, row);
    if (row && t.effects.includes('line')) deps.lineMoved?.(row);
    return row;
  }

  /** Row `t` applied with its columns `set`: the change and the effects that go with it. */
  async function change(
    target: MoveTarget,
    t: Transition,
    set: TaskPatch,
    guard: SQL | undefined,
    known: { record?: CompletionRecord; event?: LifecycleEvent },
  ) {
    // A new state, or its server starting it: what webhooks report.
    const reported = known.event !== undefined && (t.to !== undefined || known.event === 'started');
    // `line` follows the commit, as its own work: it asks for no transaction.
    const effects = t.effects.filter((e) => e !== 'line');
    // A change without effects is one conditional update: atomic without a transaction around it.
    if (!effects.length) return pool.move(target, t.from, set, guard);
    // A change whose one effect is its event (a claim, progress) needs no transaction either: the
    // conditional update alone decides who moves the task, and the event follows it. Should the
    // event fail, the change stands: every event carries the whole task and the newest seq wins,
    // so the next one shows it. Two round trips fewer (begin, commit) on the busiest changes.
    if (effects.length === 1 && effects[0] === 'publish' && !known.record) {
      const moved = await pool.move(target, t.from, set, guard);
      if (moved)
        await deps
          .publish(null, moved)
          .catch((err: unknown) => deps.log.warn({ err, taskId: moved.id }, 'a task event was not sent'));
      if (moved && reported)
        await deps
          .taskChanged?.(null, moved, known.event!)
          .catch((err: unknown) => deps.log.warn({ err, taskId: moved.id }, 'a task webhook was not written'));
      return moved;
    }
    let announced = false;
    const row = await transaction(async (tx) => {
      const repo = states.in(tx);
      let moved = await repo.move(target, t.from, set, guard);
      if (!moved) return null;
      const id = moved.id;
      let results: UploadRow[] | undefined;
      if (known.record) {
        const rows = await known.record.write(tx);
        if (known.record.all) results = rows;
      }
      if (t.effects.includes('release')) await deps.ledger.releaseSlot(tx, moved.userId);
      // `refundedCubes` was worked out by the completion's own update, from what the task cost.
      if (t.effects.includes('refundUndelivered') && moved.refundedCubes > 0)
        await deps.ledger.refundUndelivered(tx, { userId: moved.userId, taskId: id, cubes: moved.refundedCubes });
      if (t.effects.includes('refund') && moved.costCubes > 0 && (await repo.takeRefund(id))) {
        await deps.ledger.refund(tx, { userId: moved.userId, taskId: id, cubes: moved.costCubes });
        moved = { ...moved, refunded: true };
      }
      if (t.effects.includes('publish')) {
        const also = t.effects.includes('enqueue') ? deps.announcement(moved) : null;
        await deps.publish(tx, moved, { also, results });
        announced = also !== null;
      }
      if (reported) await reportChange(deps, tx, moved, known.event!);
      if (known.record?.file) await known.record.file(tx);
      return moved;
    });
    if (row && t.effects.includes('enqueue') && !announced) await deps.enqueue(row);
    // After the commit, on its own: the task's event is out without waiting for it, and every task
    // of its kind that finishes updates this one row, whose lock is then held for one statement
    // instead of to the end of each completion. A lost sample only shifts the estimate.
    if (row && t.effects.includes('duration') && row.startedAt && row.finishedAt) {
      const seconds = (row.finishedAt.getTime() - row.startedAt.getTime()) / 1000;
      await pool
        .recordDuration(row.mode, row.engine, row.params.quality ?? 'SD', seconds)
        .catch((err: unknown) => deps.log.warn({ err, taskId: row.id }, 'a run time was not recorded'));
    }
    return row;
  }

  return apply;
}
