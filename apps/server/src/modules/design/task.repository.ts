import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { engineStats, tasks, type TaskRow } from '../../db/schema/index.ts';

/** Reads of tasks for their owners and the queue; every state change goes through the generation lifecycle. */
export function createTaskRepository(db: Db) {
  return {
    async findOwned(id: string, userId: string) {
      const [row] = await db
        .select()
        .from(tasks)
        .where(and(eq(tasks.id, id), eq(tasks.userId, userId)))
        .limit(1);
      return row ?? null;
    },
    async findById(id: string) {
      const [row] = await db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
      return row ?? null;
    },
    /** Newest first, after the (createdAt, id) of the cursor. */
    listOwned: (userId: string, limit: number, after?: { createdAt: Date; id: string }) =>
      db
        .select()
        .from(tasks)
        .where(
          and(
            eq(tasks.userId, userId),
            after
              ? or(
                  lt(tasks.createdAt, after.createdAt),
                  and(eq(tasks.createdAt, after.createdAt), lt(tasks.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(tasks.createdAt), desc(tasks.id))
        .limit(limit),

    async queuePosition(row: TaskRow) {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(tasks)
        .where(
          and(
            eq(tasks.state, 'queued'),
            eq(tasks.engine, row.engine),
            or(lt(tasks.createdAt, row.createdAt), and(eq(tasks.createdAt, row.createdAt), lt(tasks.id, row.id))),
          ),
        );
      return r?.n ?? 0;
    },

    async runningCount(engine: string) {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(tasks)
        .where(and(eq(tasks.state, 'generating'), eq(tasks.engine, engine)));
      return r?.n ?? 0;
    },

    /** Rolling average run time of this kind of task, in seconds (null before the first one). */
    async averageSeconds(mode: string, engine: string, quality: string) {
      const [row] = await db
        .select({ avg: engineStats.avgSeconds })
        .from(engineStats)
        .where(and(eq(engineStats.mode, mode), eq(engineStats.engine, engine), eq(engineStats.quality, quality)))
        .limit(1);
      return row?.avg ?? null;
    },

    /** Queued tasks of an engine, oldest first (their positions move when one leaves the queue). */
    queued: (engine: string, limit: number) =>
      db
        .select()
        .from(tasks)
        .where(and(eq(tasks.state, 'queued'), eq(tasks.engine, engine)))
        .orderBy(tasks.createdAt, tasks.id)
        .limit(limit),
  };
}
export type TaskRepository = ReturnType<typeof createTaskRepository>;
