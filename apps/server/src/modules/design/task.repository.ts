import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { engineStats, tasks, type TaskRow } from '../../db/schema/index.ts';

export type NewTask = typeof tasks.$inferInsert;
const bump = { seq: sql`${tasks.seq} + 1` };

/**
 * Tasks change state only through conditional updates (`where state = …`), each bumping `seq` in
 * the same statement: two processes can never both move one task, and an event built from the
 * returned row carries its true order.
 */
export function createTaskRepository(db: Db) {
  const move = async (id: string, from: string[], set: Partial<NewTask> & Record<string, unknown>, extra?: SQL) => {
    const [row] = await db
      .update(tasks)
      .set({ ...set, ...bump })
      .where(and(eq(tasks.id, id), inArray(tasks.state, from), extra))
      .returning();
    return row ?? null;
  };

  return {
    async insert(values: NewTask) {
      const [row] = await db.insert(tasks).values(values).returning();
      return row!;
    },
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

    /** queued → generating, for exactly one worker. */
    claim: (id: string, workerId: string) =>
      move(
        id,
        ['queued'],
        {
          state: 'generating',
          workerId,
          startedAt: new Date(),
          heartbeatAt: new Date(),
          progress: 0,
          attempt: sql`${tasks.attempt} + 1` as never,
        },
        eq(tasks.cancelRequested, false),
      ),

    progress: (id: string, percent: number, previewKey: string | null) =>
      move(id, ['generating'], {
        progress: percent,
        heartbeatAt: new Date(),
        ...(previewKey ? { previewKey } : {}),
      }),

    async heartbeat(ids: string[]) {
      if (!ids.length) return;
      await db
        .update(tasks)
        .set({ heartbeatAt: new Date() })
        .where(and(inArray(tasks.id, ids), eq(tasks.state, 'generating')));
    },

    /** Ends a task from one of `from`; null when it was no longer there (someone else ended it). */
    finish: (
      id: string,
      from: string[],
      patch: { state: string; errorCode?: string | null; server?: string | null; engineMs?: number | null },
    ) => move(id, from, { ...patch, finishedAt: new Date(), heartbeatAt: null }),

    /** generating → queued for a retry (or after its process died). */
    requeue: (id: string, failedServer?: string) =>
      move(id, ['generating'], {
        state: 'queued',
        workerId: null,
        heartbeatAt: null,
        progress: 0,
        previewKey: null,
        ...(failedServer
          ? { failedServers: sql`${tasks.failedServers} || jsonb_build_array(${failedServer}::text)` as never }
          : {}),
      }),

    requestCancel: (id: string) => move(id, ['generating'], { cancelRequested: true }),

    /** Marks the refund taken; true only the first time. */
    async takeRefund(id: string) {
      const rows = await db
        .update(tasks)
        .set({ refunded: true })
        .where(and(eq(tasks.id, id), eq(tasks.refunded, false)))
        .returning({ id: tasks.id });
      return rows.length === 1;
    },

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

    /** Tasks left generating by a process that stopped saying it is alive. */
    orphans: (staleBefore: Date) =>
      db
        .select()
        .from(tasks)
        .where(
          and(eq(tasks.state, 'generating'), or(lt(tasks.heartbeatAt, staleBefore), sql`${tasks.heartbeatAt} is null`)),
        ),

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
