import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { decodeCursor, encodeCursor, type Page, type PageRequest } from '@turing/contract';
import type { Database } from '../../db/client.ts';
import { userStats, users, workReports, works } from '../../db/schema/index.ts';
import { AppError } from '../../shared/app-error.ts';

export type ReportStatus = 'open' | 'resolved' | 'all';

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

export function createModerationRepository(database: Database) {
  const { db } = database;
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

    /**
     * Moves a work to `to` and back again, with the creator's public works counter in the same
     * transaction (it counts published works only). Hiding resolves the work's open reports.
     * Null when there is no such work.
     */
    setState: (workId: string, to: 'hidden' | 'published', reason: string | null) =>
      database.transaction(async (tx) => {
        // The row lock makes the old state the one this change replaces, even with two operators.
        const [before] = await tx
          .select({ state: works.state, userId: works.userId })
          .from(works)
          .where(eq(works.id, workId))
          .for('update');
        if (!before) return null;
        const from = to === 'hidden' ? sql`true` : sql`${works.state} = 'hidden'`;
        const [after] = await tx
          .update(works)
          .set({
            state: to,
            hiddenReason: to === 'hidden' ? reason : null,
            // Hiding ends every image link handed out for the work.
            ...(to === 'hidden' ? { linkVersion: sql`${works.linkVersion} + 1` } : {}),
            updatedAt: sql`now()`,
          })
          .where(and(eq(works.id, workId), from))
          .returning({ state: works.state });
        const step = before.state !== 'published' && after?.state === 'published' ? 1 : 0;
        const drop = before.state === 'published' && after?.state === 'hidden' ? 1 : 0;
        if (step || drop) {
          await tx
            .insert(userStats)
            .values({ userId: before.userId, works: step })
            .onConflictDoUpdate({
              target: userStats.userId,
              set: { works: sql`greatest(${userStats.works} + ${step - drop}::int, 0)` },
            });
        }
        let resolved = 0;
        if (to === 'hidden') {
          const rows = await tx
            .update(workReports)
            .set({ status: 'resolved' })
            .where(and(eq(workReports.workId, workId), eq(workReports.status, 'open')))
            .returning({ id: workReports.id });
          resolved = rows.length;
        }
        return { state: after?.state ?? before.state, resolvedReports: resolved };
      }),

    /**
     * Sets or clears the suspension; true when this call changed it. Suspending takes the user's
     * works out of sight, so it also ends every image link handed out for them.
     */
    setSuspended: (userId: string, suspended: boolean) =>
      database.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ suspendedAt: suspended ? sql`coalesce(${users.suspendedAt}, now())` : null })
          .where(and(eq(users.id, userId), suspended ? isNull(users.suspendedAt) : isNotNull(users.suspendedAt)))
          .returning({ id: users.id });
        if (row && suspended) {
          await tx
            .update(works)
            .set({ linkVersion: sql`${works.linkVersion} + 1` })
            .where(eq(works.userId, userId));
        }
        return row !== undefined;
      }),
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
