import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { decodeCursor, encodeCursor, type Page, type PageRequest } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import { operators, userStats, users, workReports, works } from '../../db/schema/index.ts';
import { AppError } from '../../shared/app-error.ts';

export type ReportStatus = 'open' | 'resolved' | 'dismissed' | 'all';

const creator = alias(users, 'creator');
const reporter = alias(users, 'reporter');
const EXACT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const exactTime = sql<string>`to_char(${workReports.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Where a report page continues: oldest first, so the queue is worked through in order. */
function after(cursor: string | undefined) {
  if (cursor === undefined) return undefined;
  const at = decodeCursor(cursor);
  if (!at || !EXACT.test(at.sort) || Number.isNaN(Date.parse(at.sort.slice(0, 23) + 'Z'))) {
    throw new AppError('CURSOR_INVALID', { details: [{ field: 'cursor', code: 'CURSOR_INVALID' }] });
  }
  return sql`(${workReports.createdAt}, ${workReports.id}) > (${at.sort}::timestamptz, ${at.id}::uuid)`;
}

/** A work as moderation changes it: the fields an audit row compares. */
export interface ModeratedWorkRow {
  userId: string;
  title: string;
  state: string;
  hiddenReason: string | null;
  hiddenBy: string | null;
}

/**
 * The moderation's writes and its report list. Built on the pool or on a transaction the service
 * opened, so a change and its audit row commit together.
 */
export function createModerationRepository(db: Db) {
  return {
    async reports(status: ReportStatus, page: PageRequest): Promise<Page<ReportRow>> {
      const rows = await db
        .select({
          id: workReports.id,
          workId: workReports.workId,
          workTitle: works.title,
          workState: works.state,
          creator: creator.username,
          reporter: reporter.username,
          reason: workReports.reason,
          details: workReports.details,
          status: workReports.status,
          createdAt: workReports.createdAt,
          sortKey: exactTime,
        })
        .from(workReports)
        .innerJoin(works, eq(works.id, workReports.workId))
        .innerJoin(creator, eq(creator.id, works.userId))
        .leftJoin(reporter, eq(reporter.id, workReports.reporterId))
        .where(and(status === 'all' ? undefined : eq(workReports.status, status), after(page.cursor)))
        .orderBy(asc(workReports.createdAt), asc(workReports.id))
        .limit(page.limit + 1);
      const items = rows.slice(0, page.limit);
      const last = items.at(-1);
      return {
        items,
        nextCursor: rows.length > page.limit && last ? encodeCursor({ sort: last.sortKey, id: last.id }) : null,
      };
    },

    /** The work, locked: the state read is the one this change replaces, even with two operators. */
    async lockWork(workId: string): Promise<ModeratedWorkRow | null> {
      const [row] = await db
        .select({
          userId: works.userId,
          title: works.title,
          state: works.state,
          hiddenReason: works.hiddenReason,
          hiddenBy: works.hiddenBy,
        })
        .from(works)
        .where(eq(works.id, workId))
        .for('update');
      return row ?? null;
    },

    /** Hides the work; `by` and the time are kept only when it was not hidden already. Ends its image links. */
    async hide(workId: string, reason: string | null, by: string) {
      await db
        .update(works)
        .set({
          state: 'hidden',
          hiddenReason: reason,
          hiddenBy: sql`case when ${works.state} = 'hidden' then ${works.hiddenBy} else ${by} end`,
          hiddenAt: sql`case when ${works.state} = 'hidden' then ${works.hiddenAt} else now() end`,
          hiddenFrom: sql`case when ${works.state} = 'hidden' then ${works.hiddenFrom} else ${works.state} end`,
          linkVersion: sql`${works.linkVersion} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(works.id, workId));
    },

    /** Gives a hidden work back the state it had (published, or its author's unpublished), forgetting who hid it and why. */
    async restore(workId: string) {
      const [row] = await db
        .update(works)
        .set({
          state: sql`coalesce(${works.hiddenFrom}, 'published')`,
          hiddenReason: null,
          hiddenBy: null,
          hiddenAt: null,
          hiddenFrom: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(works.id, workId), eq(works.state, 'hidden')))
        .returning({ state: works.state });
      return row?.state ?? null;
    },

    /** Moves the creator's public works counter (it counts published works only) by `delta`. */
    async countPublished(userId: string, delta: 1 | -1) {
      await db
        .insert(userStats)
        .values({ userId, works: Math.max(delta, 0) })
        .onConflictDoUpdate({
          target: userStats.userId,
          set: { works: sql`greatest(${userStats.works} + ${delta}::int, 0)` },
        });
    },

    /** Closes the work's open reports with `status`; how many there were. */
    async closeOpenReports(workId: string, status: 'resolved' | 'dismissed') {
      const rows = await db
        .update(workReports)
        .set({ status })
        .where(and(eq(workReports.workId, workId), eq(workReports.status, 'open')))
        .returning({ id: workReports.id });
      return rows.length;
    },

    /** Whether the account runs the service (only an owner may suspend it). */
    async isOperator(userId: string) {
      const rows = await db
        .select({ userId: operators.userId })
        .from(operators)
        .where(eq(operators.userId, userId))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Sets or clears the suspension; true when this call changed it. Suspending takes the user's
     * works out of sight, so it also ends every image link handed out for them.
     * `spareOperators`: an operator's account is left as it is, even one made so a moment ago.
     */
    async setSuspended(userId: string, suspended: boolean, spareOperators = false) {
      const [row] = await db
        .update(users)
        .set({ suspendedAt: suspended ? sql`coalesce(${users.suspendedAt}, now())` : null })
        .where(
          and(
            eq(users.id, userId),
            suspended ? isNull(users.suspendedAt) : isNotNull(users.suspendedAt),
            spareOperators ? sql`not exists (select 1 from operators o where o.user_id = ${users.id})` : undefined,
          ),
        )
        .returning({ id: users.id });
      if (row && suspended) {
        await db
          .update(works)
          .set({ linkVersion: sql`${works.linkVersion} + 1` })
          .where(eq(works.userId, userId));
      }
      return row !== undefined;
    },
  };
}
export type ModerationRepository = ReturnType<typeof createModerationRepository>;

export interface ReportRow {
  id: string;
  workId: string;
  workTitle: string;
  workState: string;
  creator: string;
  reporter: string | null;
  reason: string;
  details: string;
  status: string;
  createdAt: Date;
  sortKey: string;
}
