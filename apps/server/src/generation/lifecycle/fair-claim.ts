// Which queued task starts next: the fair order across users, as one claim statement. The places
// and waits users see are worked out in the same order (modules/design/queue-order.ts); a test
// checks that the places shown are the order tasks start in.
import { inArray, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { accounts, queueTurns, tasks } from '../../db/schema/index.ts';
import type { MoveTarget } from './task-state.repository.ts';

const cte = new QueryBuilder();

/** Queued tasks of these engines that a worker may claim. */
export const claimable = (engines: string[]) => sql`${tasks.state} = 'queued' and ${inArray(tasks.engine, engines)}
  and not ${tasks.cancelRequested} and ${tasks.notice} is distinct from 'waiting_for_server'`;

/**
 * A start's bookkeeping, in the statement that starts the task (`started`: the task `pick` names,
 * a CTE with its user_id, engine and covered_by_plan): its user becomes the one served most
 * recently, and its engine's count of plan starts in a row grows by one, or goes back to nothing
 * after a pay-per-image start. Both are single-row updates that read the row as it is when they
 * lock it, so workers starting tasks at once never lose a count.
 */
function bookkeeping(pick: SQL, prefix: string) {
  return [
    cte.$with(`${prefix}_served`, {}).as(sql`update ${accounts} set served_at = now()
      from (${pick}) p where ${accounts.userId} = p.user_id`),
    cte.$with(`${prefix}_turn`, {}).as(sql`insert into ${queueTurns} (engine, plan_streak)
      select p.engine, case when p.covered_by_plan then 1 else 0 end from (${pick}) p
      on conflict (engine) do update set plan_streak =
        case when excluded.plan_streak = 1 then ${queueTurns.planStreak} + 1 else 0 end`),
  ];
}

/**
 * The next task to start among the queued tasks of `engines`, locked, with its bookkeeping: one
 * statement with the claim's update. Each user's oldest task in each lane is the candidate (a task
 * waiting for a server holds up the tasks of its engine queued after it, until it is back in line:
 * after an outage the line keeps its order). Tasks of a time plan go first, unless `share - 1`
 * plan starts in a row have gone by on that engine while a pay-per-image task waits; a lane with
 * nothing waiting never holds up the other. Within the lane: the user served least recently
 * (never served first), then the older task.
 *
 * A task another worker is claiming is skipped, and then the next one in the same order is taken:
 * the other users' oldest tasks, then every user's second oldest, and so on (`turn`). So workers
 * freed at once by a single user's line each get a task, instead of all but one finding nothing
 * until the next sweep.
 */
export function nextInFairOrder(engines: string[], share: number): MoveTarget {
  const waiting = cte.$with('fair_waiting', {}).as(sql`select distinct on (engine) engine, created_at, id
    from ${tasks} where ${tasks.state} = 'queued' and ${inArray(tasks.engine, engines)} and not ${tasks.cancelRequested}
      and ${tasks.notice} = 'waiting_for_server'
    order by engine, created_at, id`);
  const heads = cte.$with('fair_heads', {}).as(sql`select id, user_id, engine, covered_by_plan, created_at,
      row_number() over (partition by engine, covered_by_plan, user_id order by created_at, id) as turn
    from ${tasks} where ${claimable(engines)} and not exists (select 1 from fair_waiting w
      where w.engine = ${tasks.engine} and (w.created_at, w.id) < (${tasks.createdAt}, ${tasks.id}))`);
  const turns = cte.$with('fair_turns', {}).as(sql`select h.engine,
      not (bool_or(not h.covered_by_plan)
        and (not bool_or(h.covered_by_plan) or coalesce(max(q.plan_streak), 0) >= ${share - 1}::int)) as plan_turn
    from fair_heads h left join ${queueTurns} q on q.engine = h.engine group by h.engine`);
  // The line's order on narrow rows first; then the first task in it that is still queued and that
  // no other worker holds. The state is asked again of the locked row: one claimed meanwhile by a
  // worker that has since committed is passed over for the next, not claimed twice.
  const order = cte.$with('fair_order', {}).as(sql`select h.id, row_number() over (
      order by (h.covered_by_plan = l.plan_turn) desc, h.turn, a.served_at asc nulls first, h.created_at, h.id) as place
    from fair_heads h join fair_turns l on l.engine = h.engine left join ${accounts} a on a.user_id = h.user_id`);
  const pick = cte.$with('fair_pick', {}).as(sql`select t.id, t.user_id, t.engine, t.covered_by_plan
    from fair_order o join ${tasks} t on t.id = o.id
    where t.state = 'queued' and not t.cancel_requested
    order by o.place limit 1 for update of t skip locked`);
  return {
    where: sql`${tasks.id} = (select id from fair_pick)`,
    with: [waiting, heads, turns, order, pick, ...bookkeeping(sql`select * from fair_pick`, 'fair')],
  };
}

/**
 * The bookkeeping of a submit that claims its own new task (`started`: true when it does, decided
 * in the insert's own snapshot), as statements that run with the insert.
 */
export const startedOnSubmit = (task: { userId: string; engine: string; plan: boolean }, started: SQL) =>
  bookkeeping(
    sql`select ${task.userId}::uuid as user_id, ${task.engine}::text as engine, ${task.plan}::boolean as covered_by_plan
      where ${started}`,
    'submit',
  );
