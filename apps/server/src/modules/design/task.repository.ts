import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { engineStats, tasks, type TaskRow } from '../../db/schema/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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
    listOwned: async (userId: string, limit: number, after?: { createdAt: Date; id: string }) =>
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

    /**
     * What a queued task's place in line is computed from, in one query: its engine's tasks queued
     * ahead of it, those running now, and the rolling average run time of its kind (null before
     * the first one).
     */
    async lineOf(row: TaskRow) {
      const quality = row.params.quality ?? 'SD';
      const [r] = rowsOf<{ ahead: number; busy: number; avg: number | null }>(
        await db.execute(sql`
          select
            (select count(*)::int from ${tasks}
              where ${tasks.state} = 'queued' and ${tasks.engine} = ${row.engine}
                and (${tasks.createdAt}, ${tasks.id}) < (select t.created_at, t.id from ${tasks} t where t.id = ${row.id})) as ahead,
            (select count(*)::int from ${tasks}
              where ${tasks.state} = 'generating' and ${tasks.engine} = ${row.engine}) as busy,
            (select ${engineStats.avgSeconds} from ${engineStats}
              where ${engineStats.mode} = ${row.mode} and ${engineStats.engine} = ${row.engine}
                and ${engineStats.quality} = ${quality}) as avg`),
      );
      return { ahead: Number(r?.ahead ?? 0), busy: Number(r?.busy ?? 0), avg: r?.avg == null ? null : Number(r.avg) };
    },

    /**
     * Every queued task of an engine in line order, each with what its place is computed from (as
     * `lineOf` gives it for one), in one query.
     */
    async lineOfEngine(engine: string) {
      const found = await db
        .select({
          task: tasks,
          ahead: sql<number>`(row_number() over (order by ${tasks.createdAt}, ${tasks.id}) - 1)::int`,
          busy: sql<number>`(select count(*)::int from ${tasks} b where b.state = 'generating' and b.engine = ${engine})`,
          avg: sql<number | null>`(select s.avg_seconds from ${engineStats} s where s.mode = ${tasks.mode}
            and s.engine = ${tasks.engine} and s.quality = coalesce(${tasks.params}->>'quality', 'SD'))`,
        })
        .from(tasks)
        .where(and(eq(tasks.state, 'queued'), eq(tasks.engine, engine)))
        .orderBy(tasks.createdAt, tasks.id);
      return found.map((r) => ({
        row: r.task,
        line: { ahead: Number(r.ahead), busy: Number(r.busy), avg: r.avg == null ? null : Number(r.avg) },
      }));
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
    queued: async (engine: string, limit: number) =>
      db
        .select()
        .from(tasks)
        .where(and(eq(tasks.state, 'queued'), eq(tasks.engine, engine)))
        .orderBy(tasks.createdAt, tasks.id)
        .limit(limit),
  };
}
export type TaskRepository = ReturnType<typeof createTaskRepository>;
