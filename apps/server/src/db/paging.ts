import { desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { decodeCursor, encodeCursor, type Page, type PageRequest } from '@turing/contract';
import { AppError } from '../shared/app-error.ts';

/**
 * A list ordered newest first by a timestamp column, ties broken by the id: the pair is unique, so
 * "after this cursor" names one exact place even when many rows share a time.
 */
export interface Keyset {
  sort: PgColumn;
  id: PgColumn;
}

/** What the query of one page needs: the filter after the cursor, the order, and one row extra. */
export interface KeysetParts {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  /** Select it as `sortKey`: the sort column as exact text for the next cursor. */
  sortKey: SQL<string>;
}

// Microseconds in UTC: a JS Date keeps only milliseconds, and rows a few microseconds apart would
// be skipped or repeated by a cursor rounded to the millisecond.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const exactText = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A timestamp the database reads back as the same instant (no 30 February). */
function isTimestamp(text: string) {
  if (!TIMESTAMP.test(text)) return false;
  const date = new Date(`${text.slice(0, 23)}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === text.slice(0, 23);
}

/** The parts of a page query; a cursor this API did not make is CURSOR_INVALID. */
function keysetParts(keys: Keyset, page: PageRequest): KeysetParts {
  let where: SQL | undefined;
  if (page.cursor !== undefined) {
    const at = decodeCursor(page.cursor);
    if (!at || !isTimestamp(at.sort)) {
      throw new AppError('CURSOR_INVALID', { details: [{ field: 'cursor', code: 'CURSOR_INVALID' }] });
    }
    where = sql`(${keys.sort}, ${keys.id}) < (${at.sort}::timestamptz, ${at.id}::uuid)`;
  }
  return { where, orderBy: [desc(keys.sort), desc(keys.id)], limit: page.limit + 1, sortKey: exactText(keys.sort) };
}

/**
 * Runs a keyset page: `run` builds the query from the parts (adding its own filters and columns)
 * and selects `sortKey`; the result holds at most `page.limit` rows and the cursor after the last.
 */
export async function keysetPage<Row extends { sortKey: string }>(
  keys: Keyset,
  page: PageRequest,
  run: (parts: KeysetParts) => Promise<Row[]>,
  idOf: (row: Row) => string,
): Promise<Page<Row>> {
  const rows = await run(keysetParts(keys, page));
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  const more = rows.length > page.limit && last !== undefined;
  return { items, nextCursor: more ? encodeCursor({ sort: last.sortKey, id: idOf(last) }) : null };
}

/** Maps the items of a page, keeping its cursor. */
export const mapPage = <A, B>(page: Page<A>, fn: (item: A) => B): Page<B> => ({
  items: page.items.map(fn),
  nextCursor: page.nextCursor,
});
