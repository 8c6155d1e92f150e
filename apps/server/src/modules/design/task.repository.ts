import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { TaskState } from '@turing/contract';
import { accounts, engineStats, queueTurns, tasks, type TaskRow } from '../../db/schema/index.ts';
import { startOrder } from './queue-order.ts';

/** Tasks running now on an engine. */
const busyOf = (engine: string) =>
  sql<number>`(select count(*)::int from ${tasks} b where b.state = 'generating' and b.engine = ${engine})`;
/** Plan starts in a row on an engine (the claim keeps it). */
const streakOf = (engine: string) =>
  sql<number>`coalesce((select q.plan_streak from ${queueTurns} q where q.engine = ${engine}), 0)`;

/**
 * Reads of tasks for their owners and the queue; every state change goes through the generation
 * lifecycle. `line.planLaneShare`: QUEUE_PLAN_LANE_SHARE, for the places in the fair order.
 */
export function createTaskRepository(db: Db, line: { planLaneShare: number }) {
  /**
   * Queued tasks with what their start order is worked out from (see queue-order.ts): their rank by
   * age, their user's rank by when they were last served, their lane; `extra` rides along.
   */
  const lineQuery = <E extends SelectedFields>(extra: E) =>
    db
      .select({
        ...extra,
        id: tasks.id,
        userId: tasks.userId,
        plan: tasks.coveredByPlan,
        age: sql<number>`(row_number() over (order by ${tasks.createdAt}, ${tasks.id}))::int`,
        served: sql<number>`(dense_rank() over (order by ${accounts.servedAt} asc nulls first))::int`,
      })
      .from(tasks)
      .leftJoin(accounts, eq(accounts.userId, tasks.userId))
      .$dynamic();
  const orderOf = (
    found: { id: string; userId: string; plan: boolean; age: number; served: number; streak: number }[],
  ) =>
    startOrder(
      found.map((r) => ({ ...r, age: Number(r.age), served: Number(r.served) })),
      Number(found[0]?.streak ?? 0),
      line.planLaneShare,
    );

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
    /** Newest first, after the (createdAt, id) of the cursor; only those in `state` when given. */
    listOwned: async (userId: string, limit: number, after?: { createdAt: Date; id: string }, state?: TaskState) =>
      db
        .select()
        .from(tasks)
        .where(
          and(
            eq(tasks.userId, userId),
            state ? eq(tasks.state, state) : undefined,
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
     * What a queued task's place in line is computed from, in one query: the starts before it in
     * the fair order of its engine's line (queue-order.ts), those running now, and the rolling
     * average run time of its kind (null before the first one).
     */
    async lineOf(row: TaskRow) {
      const quality = row.params.quality ?? 'SD';
      const found = await lineQuery({
        busy: busyOf(row.engine),
        streak: streakOf(row.engine),
        avg: sql<number | null>`(select ${engineStats.avgSeconds} from ${engineStats}
          where ${engineStats.mode} = ${row.mode} and ${engineStats.engine} = ${row.engine}
            and ${engineStats.quality} = ${quality})`,
      }).where(and(eq(tasks.state, 'queued'), eq(tasks.engine, row.engine)));
      const order = orderOf(found);
      const at = order.indexOf(row.id);
      const [first] = found;
      return {
        // Gone from the line meanwhile (claimed, cancelled): counted behind the tasks still there.
        ahead: at < 0 ? order.length : at,
        busy: Number(first?.busy ?? 0),
        avg: first?.avg == null ? null : Number(first.avg),
      };
    },

    /**
     * Every queued task of an engine in the order they start, each with what its place is computed
     * from (as `lineOf` gives it for one), in one query.
     */
    async lineOfEngine(engine: string) {
      const found = await lineQuery({
        task: tasks,
        busy: busyOf(engine),
        streak: streakOf(engine),
        avg: sql<number | null>`(select s.avg_seconds from ${engineStats} s where s.mode = ${tasks.mode}
            and s.engine = ${tasks.engine} and s.quality = coalesce(${tasks.params}->>'quality', 'SD'))`,
      }).where(and(eq(tasks.state, 'queued'), eq(tasks.engine, engine)));
      const place = new Map(orderOf(found).map((id, ahead) => [id, ahead]));
      return found
        .map((r) => ({
          row: r.task,
          line: { ahead: place.get(r.id)!, busy: Number(r.busy), avg: r.avg == null ? null : Number(r.avg) },
        }))
        .sort((a, b) => a.line.ahead - b.line.ahead);
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
