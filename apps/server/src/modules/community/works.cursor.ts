import { decodeCursor, encodeCursor } from '@turing/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../shared/app-error.ts';

/**
 * Gallery cursors. Times travel as microseconds since the epoch: PostgreSQL keeps microseconds,
 * and a cursor rounded to the millisecond would skip or repeat works published within one. The
 * sort string holds the time the first page was read ("frozen": later pages leave out what was
 * published after it) and the sort position of the last card: `frozen_published` for the latest
 * first, `frozen_count_published` for the popularity sorts, `created` for a collection.
 */
export interface GalleryPosition {
  frozenUs: number;
  count: number | null;
  publishedUs: number;
  id: string;
}

const MICROS = /^\d{1,16}$/;
const COUNT = /^\d{1,10}$/;

/** Microseconds since the epoch of a column, as exact text (JS numbers hold them exactly). */
export const microsOf = (column: PgColumn | SQL) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
export const NOW_MICROS = sql<string>`(extract(epoch from now()) * 1000000)::bigint::text`;

/** The timestamp text PostgreSQL reads back as exactly this microsecond. */
export function isoMicros(us: number): string {
  const ms = Math.floor(us / 1000);
  const rest = String(us - ms * 1000).padStart(3, '0');
  return `${new Date(ms).toISOString().slice(0, -1)}${rest}Z`;
}

const invalid = () => new AppError('CURSOR_INVALID', { details: [{ field: 'cursor', code: 'CURSOR_INVALID' }] });

export function encodeGalleryCursor(p: GalleryPosition): string {
  const parts = p.count === null ? [p.frozenUs, p.publishedUs] : [p.frozenUs, p.count, p.publishedUs];
  return encodeCursor({ sort: parts.join('_'), id: p.id });
}

/** The position a gallery cursor names; `counted` says whether the sort has a count. */
export function decodeGalleryCursor(cursor: string, counted: boolean): GalleryPosition {
  const at = decodeCursor(cursor);
  if (!at) throw invalid();
  const parts = at.sort.split('_');
  if (parts.length !== (counted ? 3 : 2)) throw invalid();
  const [frozen, middle, last] = counted ? parts : [parts[0], undefined, parts[1]];
  if (!MICROS.test(frozen!) || !MICROS.test(last!) || (counted && !COUNT.test(middle!))) throw invalid();
  const frozenUs = Number(frozen);
  const publishedUs = Number(last);
  // Nothing published after the frozen time is ever on a page, so a later position is made up.
  if (publishedUs > frozenUs) throw invalid();
  return { frozenUs, count: counted ? Number(middle) : null, publishedUs, id: at.id };
}

export const encodeTimeCursor = (us: number, id: string) => encodeCursor({ sort: String(us), id });

export function decodeTimeCursor(cursor: string): { us: number; id: string } {
  const at = decodeCursor(cursor);
  if (!at || !MICROS.test(at.sort)) throw invalid();
  return { us: Number(at.sort), id: at.id };
}
