import { randomUUID } from 'node:crypto';
import { is, SQL } from 'drizzle-orm';
import type { TaskRow } from '../../src/db/schema/index.ts';
import type { TaskStateRepository } from '../../src/generation/lifecycle/index.ts';
import type { TaskRepository } from '../../src/modules/design/task.repository.ts';
import { unscoped, type MemoryStore } from './memory-store.ts';

const notModelled = (what: string) => new Error(`${what} is worked out by the database: not modelled in memory`);

/**
 * Tasks in memory, behind both repositories that touch them: the lifecycle's state writes
 * (task-state.repository.ts) and the design module's reads (task.repository.ts). A change moves a
 * task only from the states it names and bumps its seq, as the conditional update does; the line
 * is counted as the reads count it (same engine, queued ahead in creation order, running now).
 * Values the database computes are modelled only where a timestamp is "now"; a change that needs
 * more (a claim's line check, a completion's refund share) is refused, not guessed.
 */
export function createMemoryTasks(store: MemoryStore) {
  const rows = store.table<TaskRow>();
  /** Rolling averages by `${mode}/${engine}/${quality}`. */
  const averages = store.table<number>();
  const { now } = store;
  const copy = (row: TaskRow | undefined) => (row ? structuredClone(row) : null);
  const inOrder = (list: TaskRow[]) =>
    [...list].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  const busy = (engine: string) => [...rows.values()].filter((t) => t.state === 'generating' && t.engine === engine);
  const queuedOf = (engine: string) =>
    inOrder([...rows.values()].filter((t) => t.state === 'queued' && t.engine === engine));
  const averageOf = (t: Pick<TaskRow, 'mode' | 'engine' | 'params'>) =>
    averages.get(`${t.mode}/${t.engine}/${t.params.quality ?? 'SD'}`) ?? null;

  /** A column's value as stored: SQL the database would compute is taken as "now" for a timestamp. */
  function valueOf(column: string, value: unknown) {
    if (!is(value, SQL)) return value;
    if (column.endsWith('At')) return now();
    throw notModelled(`"${column}"`);
  }

  const states: TaskStateRepository = {
    async insert(values) {
      const given = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, valueOf(k, v)])) as Partial<TaskRow>;
      const row = {
        id: randomUUID(),
        promptOriginal: '',
        promptSent: '',
        negativeSent: null,
        translation: 'not_needed',
        seq: 1,
        progress: 0,
        previewKey: null,
        attempt: 0,
        costCubes: 0,
        coveredByPlan: false,
        refunded: false,
        delivered: null,
        refundedCubes: 0,
        cancelRequested: false,
        errorCode: null,
        workerId: null,
        heartbeatAt: null,
        server: null,
        engineRef: null,
        serverAhead: null,
        notice: null,
        engineMs: null,
        failedServers: [],
        folderId: null,
        createdAt: now(),
        startedAt: null,
        finishedAt: null,
        ...given,
      } as TaskRow;
      rows.set(row.id, row);
      return copy(row)!;
    },
    async move(target, from, set, guard) {
      if (typeof target !== 'string') throw notModelled('a chosen task (the next in line)');
      if (guard) throw notModelled('a guarded change');
      const row = rows.get(target);
      if (!row || !from.includes(row.state)) return null;
      for (const [column, value] of Object.entries(set)) Object.assign(row, { [column]: valueOf(column, value) });
      row.seq += 1;
      return copy(row);
    },
    anyWhere: () => Promise.reject(notModelled('a condition on tasks')),
    async takeRefund(id) {
      const row = rows.get(id);
      if (!row || row.refunded) return false;
      row.refunded = true;
      return true;
    },
    async heartbeat(ids) {
      for (const id of ids) {
        const row = rows.get(id);
        if (row?.state === 'generating') row.heartbeatAt = now();
      }
    },
    async recordDuration(mode, engine, quality, seconds) {
      const key = `${mode}/${engine}/${quality}`;
      const before = averages.get(key);
      averages.set(key, before === undefined ? seconds : before * 0.8 + seconds * 0.2);
    },
    orphans: () => Promise.reject(notModelled('stale heartbeats')),
  };

  const reads: TaskRepository = {
    async findOwned(id, userId) {
      const row = rows.get(id);
      return row?.userId === userId ? copy(row) : null;
    },
    findById: async (id) => copy(rows.get(id)),
    async listOwned(userId, limit, after) {
      const mine = inOrder([...rows.values()].filter((t) => t.userId === userId)).reverse();
      const start = after
        ? mine.findIndex((t) => t.createdAt < after.createdAt || (+t.createdAt === +after.createdAt && t.id < after.id))
        : 0;
      return (start < 0 ? [] : mine.slice(start, start + limit)).map((t) => copy(t)!);
    },
    async lineOf(row) {
      const before = (t: TaskRow) =>
        +t.createdAt < +row.createdAt || (+t.createdAt === +row.createdAt && t.id < row.id);
      const ahead = queuedOf(row.engine).filter(before).length;
      return { ahead, busy: busy(row.engine).length, avg: averageOf(row) };
    },
    lineOfEngine: async (engine) =>
      queuedOf(engine).map((t, ahead) => ({
        row: copy(t)!,
        line: { ahead, busy: busy(engine).length, avg: averageOf(t) },
      })),
    averageSeconds: async (mode, engine, quality) => averages.get(`${mode}/${engine}/${quality}`) ?? null,
    queued: async (engine, limit) =>
      queuedOf(engine)
        .slice(0, limit)
        .map((t) => copy(t)!),
  };

  return { rows, averages, states, scopedStates: unscoped(states), reads, scopedReads: unscoped(reads) };
}
export type MemoryTasks = ReturnType<typeof createMemoryTasks>;
