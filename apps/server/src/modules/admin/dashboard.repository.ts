import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledger, orders, sessions, tasks, users } from '../../db/schema/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The period as the database divides it: local midnights of `timeZone`, as instants. */
export interface DashboardRange {
  timeZone: string;
  /** First day and today, `YYYY-MM-DD` in the zone. */
  from: string;
  to: string;
  /** The first day's midnight and the midnight after today, ISO instants. */
  start: string;
  end: string;
}

/**
 * A row of a figure, per day (`day` set) or over the whole period (`day` null); rows of the queries
 * that also break the period down by engine have `engine` set instead.
 */
export interface Bucket {
  day: string | null;
  engine?: string | null;
}
export interface CountRow extends Bucket {
  n: number;
}
export interface StateRow extends Bucket {
  state: string;
  n: number;
}
export interface CompletionRow extends Bucket {
  completed: number;
  images: number;
  median: number | null;
  p95: number | null;
}
export interface CubesRow extends Bucket {
  charged: number;
  refunded: number;
}
export interface MoneyRow extends Bucket {
  currency: string;
  provider: string;
  orders: number;
  amount: number;
}
export interface QueueRow {
  engine: string;
  state: string;
  n: number;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/**
 * The dashboard's aggregates, read-only. Each figure is one statement grouped by day and, with
 * grouping sets, over the whole period too: a distinct count or a percentile of a period is not a
 * sum of its days.
 */
export function createDashboardRepository(db: Db) {
  const run = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));
  const dayOf = (column: unknown, r: DashboardRange) =>
    sql`to_char(${column} at time zone ${r.timeZone}, 'YYYY-MM-DD')`;
  const within = (column: unknown, r: DashboardRange) =>
    sql`${column} >= ${r.start}::timestamptz and ${column} < ${r.end}::timestamptz`;
  const money = (at: unknown, r: DashboardRange, where: SQL) =>
    run<MoneyRow>(sql`
      select day, currency, provider, count(*)::int as orders, sum(amount)::float8 as amount
      from (
        select ${dayOf(at, r)} as day, ${orders.currency} as currency, ${orders.provider} as provider,
          ${orders.amount} as amount
        from ${orders} where ${where} and ${within(at, r)}
      ) s
      group by grouping sets ((day, currency, provider), (currency, provider))`);

  return {
    /** Whether the database can divide days in this zone (its zone table may differ from the platform's). */
    async knowsZone(name: string) {
      const [row] = await run<{ known: boolean }>(
        sql`select exists (select 1 from pg_timezone_names where name = ${name}) as known`,
      );
      return row?.known === true;
    },

    async range(now: Date, timeZone: string, days: number): Promise<DashboardRange> {
      const [row] = await run<Omit<DashboardRange, 'timeZone'>>(sql`
        select to_char(d.first, 'YYYY-MM-DD') as "from", to_char(d.today, 'YYYY-MM-DD') as "to",
          to_char(d.first::timestamp at time zone ${timeZone} at time zone 'UTC', ${sql.raw(ISO)}) as "start",
          to_char((d.today + 1)::timestamp at time zone ${timeZone} at time zone 'UTC', ${sql.raw(ISO)}) as "end"
        from (select t.today - ${days - 1}::int as first, t.today
          from (select (${now.toISOString()}::timestamptz at time zone ${timeZone})::date as today) t) d`);
      return { timeZone, ...row! };
    },

    newUsers: (r: DashboardRange) =>
      run<CountRow>(sql`
        select day, count(*)::int as n
        from (select ${dayOf(users.createdAt, r)} as day from ${users} where ${within(users.createdAt, r)}) s
        group by grouping sets ((day), ())`),

    /** Submitting a task or starting a session: what the tables keep of a user being there. */
    activeUsers: (r: DashboardRange) =>
      run<CountRow>(sql`
        select day, count(distinct user_id)::int as n
        from (
          select ${tasks.userId} as user_id, ${dayOf(tasks.createdAt, r)} as day
          from ${tasks} where ${within(tasks.createdAt, r)}
          union all
          select ${sessions.userId}, ${dayOf(sessions.createdAt, r)}
          from ${sessions} where ${within(sessions.createdAt, r)}
        ) s
        group by grouping sets ((day), ())`),

    taskStates: (r: DashboardRange) =>
      run<StateRow>(sql`
        select day, engine, state, count(*)::int as n
        from (
          select ${dayOf(tasks.createdAt, r)} as day, ${tasks.engine} as engine, ${tasks.state} as state
          from ${tasks} where ${within(tasks.createdAt, r)}
        ) s
        group by grouping sets ((day, state), (state), (engine, state))`),

    /** Images and time from submission to result, of tasks completed in the span. */
    completions: (r: DashboardRange) =>
      run<CompletionRow>(sql`
        select day, engine, count(*)::int as completed, coalesce(sum(images), 0)::float8 as images,
          percentile_cont(0.5) within group (order by ms) as median,
          percentile_cont(0.95) within group (order by ms) as p95
        from (
          select ${dayOf(tasks.finishedAt, r)} as day, ${tasks.engine} as engine,
            coalesce(${tasks.delivered}, (${tasks.params}->>'count')::int, 1) as images,
            (extract(epoch from ${tasks.finishedAt} - ${tasks.createdAt}) * 1000)::float8 as ms
          from ${tasks} where ${tasks.state} = 'complete' and ${within(tasks.finishedAt, r)}
        ) s
        group by grouping sets ((day), (), (engine))`),

    cubes: (r: DashboardRange) =>
      run<CubesRow>(sql`
        select day,
          coalesce(-sum(cubes) filter (where kind = 'charge'), 0)::float8 as charged,
          coalesce(sum(cubes) filter (where kind = 'refund'), 0)::float8 as refunded
        from (
          select ${dayOf(ledger.createdAt, r)} as day, ${ledger.kind} as kind, ${ledger.cubes} as cubes
          from ${ledger} where ${ledger.kind} in ('charge', 'refund') and ${within(ledger.createdAt, r)}
        ) s
        group by grouping sets ((day), ())`),

    /** Orders paid in the span, whatever happened to them after. */
    revenue: (r: DashboardRange) => money(orders.paidAt, r, sql`true`),

    refunds: (r: DashboardRange) => money(orders.refundedAt, r, sql`${orders.state} = 'refunded'`),

    /** Tasks waiting for an engine and running on it now. */
    queues: () =>
      run<QueueRow>(sql`
        select ${tasks.engine} as engine, ${tasks.state} as state, count(*)::int as n from ${tasks}
        where ${tasks.state} in ('queued', 'generating') group by ${tasks.engine}, ${tasks.state}`),
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
