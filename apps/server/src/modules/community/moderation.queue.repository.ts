import { and, asc, count, desc, eq, inArray, lte, max, min, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { decodeCursor, encodeCursor, type Page, type PageRequest } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import { uploads, users, workReports, works } from '../../db/schema/index.ts';
import { AppError } from '../../shared/app-error.ts';

/** How many of a work's latest report texts the queue shows. */
const QUEUE_DETAILS = 5;

const EXACT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
// Microseconds: rows a few microseconds apart must not be skipped or repeated by a rounded cursor.
const exactText = (time: SQL | AnyPgColumn) =>
  sql<string>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The rows after a cursor of (time, id), in the direction the list runs; CURSOR_INVALID for one not made here. */
function after(cursor: string | undefined, time: SQL, id: AnyPgColumn, direction: '>' | '<') {
  if (cursor === undefined) return undefined;
  const at = decodeCursor(cursor);
  if (!at || !EXACT.test(at.sort) || Number.isNaN(Date.parse(at.sort.slice(0, 23) + 'Z'))) {
    throw new AppError('CURSOR_INVALID', { details: [{ field: 'cursor', code: 'CURSOR_INVALID' }] });
  }
  return sql`(${time}, ${id}) ${sql.raw(direction)} (${at.sort}::timestamptz, ${at.id}::uuid)`;
}

function pageOf<Row extends { sortKey: string }>(rows: Row[], limit: number, idOf: (row: Row) => string): Page<Row> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor({ sort: last.sortKey, id: idOf(last) }) : null,
  };
}

const firstReport = sql`min(${workReports.createdAt})`;
// Works hidden before the time was kept sort by their last change.
const hiddenTime = sql`coalesce(${works.hiddenAt}, ${works.updatedAt})`;

const workColumns = {
  id: works.id,
  title: works.title,
  state: works.state,
  width: works.width,
  height: works.height,
  linkVersion: works.linkVersion,
  key: uploads.key,
  thumbKey: uploads.thumbKey,
  authorId: users.id,
  username: users.username,
};

/** What the moderation queue and the hidden works list read. */
export function createModerationQueueRepository(db: Db) {
  return {
    /** Works with open reports, one row each, the one reported first at the top. */
    async queue(page: PageRequest) {
      const rows = await db
        .select({
          workId: workReports.workId,
          reports: count(),
          first: min(workReports.createdAt),
          last: max(workReports.createdAt),
          sortKey: exactText(firstReport),
        })
        .from(workReports)
        .where(eq(workReports.status, 'open'))
        .groupBy(workReports.workId)
        .having(after(page.cursor, firstReport, workReports.workId, '>'))
        .orderBy(asc(firstReport), asc(workReports.workId))
        .limit(page.limit + 1);
      return pageOf(rows, page.limit, (r) => r.workId);
    },

    /** The works with their images and authors. */
    works: (ids: string[]) =>
      db
        .select({ ...workColumns, suspendedAt: users.suspendedAt })
        .from(works)
        .innerJoin(uploads, eq(uploads.id, works.uploadId))
        .innerJoin(users, eq(users.id, works.userId))
        .where(inArray(works.id, ids)),

    /** Each author's works, and how many of them are hidden now. */
    authorCounts: (userIds: string[]) =>
      db
        .select({
          userId: works.userId,
          works: count(),
          hidden: sql<number>`count(*) filter (where ${works.state} = 'hidden')`.mapWith(Number),
        })
        .from(works)
        .where(inArray(works.userId, userIds))
        .groupBy(works.userId),

    /** Open reports per work and reason. */
    reasons: (workIds: string[]) =>
      db
        .select({ workId: workReports.workId, reason: workReports.reason, count: count() })
        .from(workReports)
        .where(and(inArray(workReports.workId, workIds), eq(workReports.status, 'open')))
        .groupBy(workReports.workId, workReports.reason)
        .orderBy(desc(count()), asc(workReports.reason)),

    /** The latest open reports with a text, at most QUEUE_DETAILS per work, newest first. */
    async details(workIds: string[]) {
      const ranked = db
        .select({
          workId: workReports.workId,
          reason: workReports.reason,
          details: workReports.details,
          createdAt: workReports.createdAt,
          rank: sql<number>`row_number() over (partition by ${workReports.workId} order by ${workReports.createdAt} desc, ${workReports.id} desc)`.as(
            'rank',
          ),
        })
        .from(workReports)
        .where(and(inArray(workReports.workId, workIds), eq(workReports.status, 'open'), ne(workReports.details, '')))
        .as('ranked');
      return db
        .select({ workId: ranked.workId, reason: ranked.reason, details: ranked.details, createdAt: ranked.createdAt })
        .from(ranked)
        .where(lte(ranked.rank, QUEUE_DETAILS))
        .orderBy(asc(ranked.workId), asc(ranked.rank));
    },

    /** Hidden works, the latest hidden first. */
    async hidden(page: PageRequest) {
      const rows = await db
        .select({
          ...workColumns,
          reason: works.hiddenReason,
          hiddenBy: works.hiddenBy,
          hiddenAt: works.hiddenAt,
          sortKey: exactText(hiddenTime),
        })
        .from(works)
        .innerJoin(uploads, eq(uploads.id, works.uploadId))
        .innerJoin(users, eq(users.id, works.userId))
        .where(and(eq(works.state, 'hidden'), after(page.cursor, hiddenTime, works.id, '<')))
        .orderBy(desc(hiddenTime), desc(works.id))
        .limit(page.limit + 1);
      return pageOf(rows, page.limit, (r) => r.id);
    },
  };
}
export type ModerationQueueRepository = ReturnType<typeof createModerationQueueRepository>;
