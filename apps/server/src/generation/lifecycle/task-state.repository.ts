import { and, eq, inArray, is, like, lt, ne, or, SQL, sql, type WithSubquery } from 'drizzle-orm';
import type { TaskState } from '@turing/contract';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { engineStats, tasks } from '../../db/schema/index.ts';

export type NewTask = typeof tasks.$inferInsert;
/** Columns to set: values, or SQL computed in the statement (`attempt + 1`, `now()`). */
export type TaskPatch = { [K in keyof Omit<NewTask, 'id' | 'userId' | 'seq'>]?: NewTask[K] | SQL };
/**
 * The task a change moves: its id, a condition choosing the row (a locking subquery), or such a
 * condition with statements that run with the change (`with`, data-modifying CTEs: a claim also
 * marks its user served and counts the lane's turn, in the same statement).
 */
export type MoveTarget = string | SQL | { where: SQL; with: WithSubquery[] };

/**
 * The only queries that write a task's state. Every change is a conditional update (`where state
 * in from`) that bumps `seq` in the same statement: an event built from the returned row carries
 * its true order, and a change that lost a race returns null.
 */
export function createTaskStateRepository(db: Db) {
  return {
    /**
     * Values, or SQL computed in the statement (a claim that depends on the line). `also`:
     * statements that run with the insert (data-modifying CTEs), in the same snapshot.
     */
    async insert(values: PgInsertValue<typeof tasks>, also: WithSubquery[] = []) {
      const [row] = await (also.length ? db.with(...also) : db).insert(tasks).values(values).returning();
      return row!;
    },

    /** `target`: see MoveTarget. */
    async move(target: MoveTarget, from: readonly TaskState[], set: TaskPatch, guard?: SQL) {
      const chosen = typeof target === 'string' ? eq(tasks.id, target) : is(target, SQL) ? target : target.where;
      const also = typeof target === 'string' || is(target, SQL) ? [] : target.with;
      const [row] = await (also.length ? db.with(...also) : db)
        .update(tasks)
        .set({ ...set, seq: sql`${tasks.seq} + 1` })
        .where(and(chosen, inArray(tasks.state, [...from]), guard))
        .returning();
      return row ?? null;
    },

    /** Whether any task matches (a read without locks). */
    async anyWhere(condition: SQL) {
      const rows = await db.select({ id: tasks.id }).from(tasks).where(condition).limit(1);
      return rows.length > 0;
    },

    /** Marks the refund taken; true only the first time. */
    async takeRefund(id: string) {
      const rows = await db
        .update(tasks)
        .set({ refunded: true })
        .where(and(eq(tasks.id, id), eq(tasks.refunded, false)))
        .returning({ id: tasks.id });
      return rows.length === 1;
    },

    async heartbeat(ids: string[]) {
      if (!ids.length) return;
      await db
        .update(tasks)
        .set({ heartbeatAt: new Date() })
        .where(and(inArray(tasks.id, ids), eq(tasks.state, 'generating')));
    },

    /** Folds one finished run into the rolling average (recent runs weigh more). */
    async recordDuration(mode: string, engine: string, quality: string, seconds: number) {
      await db
        .insert(engineStats)
        .values({ mode, engine, quality, avgSeconds: seconds })
        .onConflictDoUpdate({
          target: [engineStats.mode, engineStats.engine, engineStats.quality],
          set: {
            avgSeconds: sql`${engineStats.avgSeconds} * 0.8 + ${seconds}::float * 0.2`,
            samples: sql`${engineStats.samples} + 1`,
            updatedAt: sql`now()`,
          },
        });
    },

    /**
     * Tasks left generating by a process that stopped saying it is alive, and at once those of
     * this node's earlier processes (`nodePrefix`): a restarted node knows its old self is gone.
     */
    orphans: async (staleBefore: Date, nodePrefix?: string, currentWorker?: string) =>
      db
        .select()
        .from(tasks)
        .where(
          and(
            eq(tasks.state, 'generating'),
            or(
              lt(tasks.heartbeatAt, staleBefore),
              sql`${tasks.heartbeatAt} is null`,
              nodePrefix && currentWorker
                ? and(
                    like(tasks.workerId, `${nodePrefix.replace(/[\\%_]/g, '\\$&')}%`),
                    ne(tasks.workerId, currentWorker),
                  )
                : undefined,
            ),
          ),
        ),
  };
}
export type TaskStateRepository = ReturnType<typeof createTaskStateRepository>;
