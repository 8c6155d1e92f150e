import { and, desc, eq, sql } from 'drizzle-orm';
import type { PageRequest } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import { keysetPage } from '../../db/paging.ts';
import { accounts, ledger, tasks } from '../../db/schema/index.ts';

export type LedgerKind =
  'welcome' | 'charge' | 'refund' | 'purchase' | 'redemption' | 'invitation' | 'grant' | 'plan' | 'reversal';

/** What a ledger row's task was, read from its parameters (null without a task). */
const TASK_SUMMARY = {
  mode: tasks.mode,
  count: sql<number | null>`(${tasks.params}->>'count')::int`,
  quality: sql<string | null>`${tasks.params}->>'quality'`,
  renderMode: sql<string | null>`${tasks.params}->>'renderMode'`,
  upscale: sql<number | null>`(${tasks.params}->>'upscale')::int`,
};

/**
 * Balances and the ledger. Every change is one conditional statement plus one ledger row with an
 * idempotency key, inside the caller's transaction: a replayed change inserts nothing and changes
 * nothing. The balance is the sum of the ledger rows; nothing but an order's reversal takes it
 * below zero (that part is a debt), and no change takes from a balance that would not cover it.
 */
export function createLedgerRepository(db: Db) {
  return {
    /** Opens the account with its welcome grant once; later calls change nothing. */
    async ensureAccount(userId: string, welcomeCubes: number) {
      const opened = await db
        .insert(accounts)
        .values({ userId, cubes: welcomeCubes })
        .onConflictDoNothing()
        .returning({ userId: accounts.userId });
      if (opened.length && welcomeCubes > 0) {
        await db
          .insert(ledger)
          .values({ userId, kind: 'welcome', cubes: welcomeCubes, idempotencyKey: `welcome:${userId}` })
          .onConflictDoNothing();
      }
    },

    async get(userId: string) {
      const [row] = await db.select().from(accounts).where(eq(accounts.userId, userId)).limit(1);
      return row ?? null;
    },

    /**
     * Takes the cost of a task and one active-task slot, and records the charge in the ledger, in
     * one statement: a running time plan covers it (a row of 0 cubes noted "time plan"), otherwise
     * cubes pay. Null when the balance or the slot cap says no, and then nothing is recorded.
     */
    async charge(input: { userId: string; cubes: number; activeCap: number; taskId: string }) {
      const result = (await db.execute(sql`
        with charged as (
          update ${accounts}
             set cubes = cubes - case when plan_until > now() then 0 else ${input.cubes}::int end,
                 active_tasks = active_tasks + 1,
                 updated_at = now()
           where user_id = ${input.userId}
             and active_tasks < ${input.activeCap}::int
             and (plan_until > now() or cubes >= ${input.cubes}::int)
          returning cubes, coalesce(plan_until > now(), false) as covered
        ),
        recorded as (
          insert into ${ledger} (user_id, kind, cubes, idempotency_key, task_id, note)
          select ${input.userId}::uuid, 'charge', case when covered then 0 else -${input.cubes}::int end,
                 ${`charge:${input.taskId}`}::text, ${input.taskId}::uuid,
                 case when covered then 'time plan' else '' end
            from charged
        )
        select cubes, covered as "coveredByPlan" from charged`)) as unknown as {
        rows: { cubes: number; coveredByPlan: boolean }[];
      };
      return result.rows[0] ?? null;
    },

    /** Gives back one active-task slot (a task reached its end). */
    async releaseSlot(userId: string) {
      await db
        .update(accounts)
        .set({ activeTasks: sql`greatest(${accounts.activeTasks} - 1, 0)` })
        .where(eq(accounts.userId, userId));
    },

    /**
     * Adds (or, negative, removes) cubes and plan time with a ledger row, once per key. A credit
     * always applies (on a balance in debt it pays the debt first); a removal only while the
     * balance covers it. Plan time pays a plan debt first.
     */
    async apply(entry: {
      userId: string;
      kind: LedgerKind;
      cubes: number;
      planSeconds?: number;
      idempotencyKey: string;
      taskId?: string;
      note?: string;
    }): Promise<boolean> {
      const [written] = await db
        .insert(ledger)
        .values({
          userId: entry.userId,
          kind: entry.kind,
          cubes: entry.cubes,
          planSeconds: entry.planSeconds ?? 0,
          idempotencyKey: entry.idempotencyKey,
          taskId: entry.taskId,
          note: entry.note ?? '',
        })
        .onConflictDoNothing()
        .returning({ id: ledger.id });
      if (!written) return false;
      const seconds = entry.planSeconds ?? 0;
      const changed = await db
        .update(accounts)
        .set({
          cubes: sql`${accounts.cubes} + ${entry.cubes}::int`,
          // Plans stack: new time starts when the current plan ends (or now, when none runs).
          // Every expression reads the row as it was: the debt paid and the time added agree.
          planUntil:
            seconds > 0
              ? sql`greatest(coalesce(${accounts.planUntil}, now()), now())
                  + make_interval(secs => greatest(0, ${seconds}::int - ${accounts.planDebtSeconds}))`
              : accounts.planUntil,
          planDebtSeconds:
            seconds > 0 ? sql`greatest(0, ${accounts.planDebtSeconds} - ${seconds}::int)` : accounts.planDebtSeconds,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(accounts.userId, entry.userId),
            entry.cubes >= 0 ? undefined : sql`${accounts.cubes} + ${entry.cubes}::int >= 0`,
          ),
        )
        .returning({ userId: accounts.userId });
      if (!changed.length) throw new Error(`ledger change refused for ${entry.userId}: balance would go negative`);
      return true;
    },

    /**
     * Takes back what a refunded order granted, all of it, once per key. Cubes come off the balance
     * whatever it holds: what it cannot cover leaves it below zero, a debt later credits pay first
     * (cubes held by queued tasks come back with their refunds and go to the debt). Plan time comes
     * off the running plan, never ending it before now; the part already used becomes a plan debt
     * that later plan time pays first. The ledger row claims the key first (a replay finds it and
     * changes nothing); then one statement locks the account row, changes it from the values it
     * locked and writes the whole reversal into that row. It returns what came off the balance and
     * the plan (`taken`) and what became debt (`owed`); null on a replay.
     */
    async reverse(entry: { userId: string; cubes: number; planSeconds: number; idempotencyKey: string; note: string }) {
      const [claim] = await db
        .insert(ledger)
        .values({ userId: entry.userId, kind: 'reversal', idempotencyKey: entry.idempotencyKey, note: entry.note })
        .onConflictDoNothing()
        .returning({ id: ledger.id });
      if (!claim) return null;
      const result = (await db.execute(sql`
        with locked as materialized (
          select user_id, plan_until, plan_debt_seconds,
                 least(greatest(cubes, 0), ${entry.cubes}::int) as cubes_taken,
                 -- Whole seconds, rounded up: taking all that is left ends the plan now, not a
                 -- fraction of a second later (a rounded-down remainder kept the user VIP for it).
                 case when plan_until > now()
                      then least(${entry.planSeconds}::int, ceil(extract(epoch from plan_until - now()))::int)
                      else 0 end as seconds_taken
            from ${accounts} where user_id = ${entry.userId}
             for update
        ),
        changed as (
          update ${accounts} a
             set cubes = a.cubes - ${entry.cubes}::int,
                 plan_until = case when locked.seconds_taken > 0
                                   then greatest(now(), locked.plan_until - make_interval(secs => locked.seconds_taken))
                                   else locked.plan_until end,
                 plan_debt_seconds = locked.plan_debt_seconds + ${entry.planSeconds}::int - locked.seconds_taken,
                 updated_at = now()
            from locked
           where a.user_id = locked.user_id
          returning locked.cubes_taken, locked.seconds_taken
        )
        update ${ledger} l
           set cubes = -${entry.cubes}::int, plan_seconds = -${entry.planSeconds}::int
          from changed
         where l.id = ${claim.id}
        returning changed.cubes_taken as "cubes", changed.seconds_taken as "planSeconds"`)) as unknown as {
        rows: { cubes: number; planSeconds: number }[];
      };
      const [row] = result.rows;
      if (!row) throw new Error(`ledger reversal found no account for ${entry.userId}`);
      const taken = { cubes: Number(row.cubes), planSeconds: Number(row.planSeconds) };
      return {
        taken,
        owed: { cubes: entry.cubes - taken.cubes, planSeconds: entry.planSeconds - taken.planSeconds },
      };
    },

    async sumOf(userId: string) {
      const [row] = await db
        .select({ cubes: sql<number>`coalesce(sum(${ledger.cubes}), 0)::int` })
        .from(ledger)
        .where(eq(ledger.userId, userId));
      return row?.cubes ?? 0;
    },

    /**
     * One page of the user's ledger, newest first, each charge or refund with what its task was
     * (mode, images, quality), so the history can name it; `task` is null for other rows.
     */
    historyPage: (userId: string, page: PageRequest) =>
      keysetPage(
        { sort: ledger.createdAt, id: ledger.id },
        page,
        ({ where, orderBy, limit, sortKey }) =>
          db
            .select({ entry: ledger, sortKey, task: TASK_SUMMARY })
            .from(ledger)
            .leftJoin(tasks, and(eq(tasks.id, ledger.taskId), eq(tasks.userId, ledger.userId)))
            .where(and(eq(ledger.userId, userId), where))
            .orderBy(...orderBy)
            .limit(limit),
        (row) => row.entry.id,
      ),

    history: async (userId: string, limit = 50) =>
      await db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(desc(ledger.createdAt)).limit(limit),
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
