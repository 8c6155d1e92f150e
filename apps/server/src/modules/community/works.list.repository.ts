import type { workListQuery } from '@turing/contract';
import type { z } from 'zod';
import { and, arrayContains, desc, eq, ilike, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads, users, workCollections, workLikes, works } from '../../db/schema/index.ts';
import {
  decodeGalleryCursor,
  decodeTimeCursor,
  encodeGalleryCursor,
  encodeTimeCursor,
  isoMicros,
  microsOf,
  NOW_MICROS,
} from './works.cursor.ts';

type ListFilters = Omit<z.output<typeof workListQuery>, 'cursor' | 'limit'>;
export type GalleryFilters = ListFilters & { basedOnId?: string };

/** A gallery card as read: the work, its image keys, the creator and the viewer's toggles. */
export interface CardRow {
  id: string;
  title: string;
  width: number;
  height: number;
  likeCount: number;
  collectCount: number;
  publishedAt: Date;
  publishedUs: string;
  key: string;
  thumbKey: string | null;
  linkVersion: number;
  creatorId: string;
  nickname: string;
  avatarKey: string | null;
  liked: boolean;
  collected: boolean;
}

const PERIODS = { day: '1 day', week: '7 days', month: '30 days', year: '365 days' } as const;

/** `%` and `_` typed by a person are meant literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Published and its creator not suspended: what anyone may see of a work. */
const publicWork = and(eq(works.state, 'published'), isNull(users.suspendedAt))!;

/** What a gallery card needs, with the viewer's own toggles read in the same query. */
function cardFields(viewerId: string | null) {
  const mine = (table: typeof workLikes | typeof workCollections) =>
    viewerId
      ? sql<boolean>`exists (select 1 from ${table} where ${table.userId} = ${viewerId} and ${table.workId} = ${works.id})`.mapWith(
          Boolean,
        )
      : sql<boolean>`false`.mapWith(Boolean);
  return {
    id: works.id,
    title: works.title,
    width: works.width,
    height: works.height,
    likeCount: works.likeCount,
    collectCount: works.collectCount,
    publishedAt: works.publishedAt,
    publishedUs: microsOf(works.publishedAt),
    key: uploads.key,
    thumbKey: uploads.thumbKey,
    linkVersion: works.linkVersion,
    creatorId: users.id,
    nickname: users.nickname,
    avatarKey: users.avatarKey,
    liked: mine(workLikes),
    collected: mine(workCollections),
  };
}

export function createWorksListRepository(db: Db) {
  const cards = (viewerId: string | null) =>
    db
      .select({ ...cardFields(viewerId), frozenUs: NOW_MICROS })
      .from(works)
      .innerJoin(users, eq(users.id, works.userId))
      .innerJoin(uploads, eq(uploads.id, works.uploadId));

  /**
   * Published works a user toggled (liked or collected), the latest first: keyset-paged on the
   * toggle's own time, so a work toggled while the list is read neither repeats nor pushes others.
   */
  async function toggledBy(
    table: typeof workLikes | typeof workCollections,
    ownerId: string,
    cursor: string | undefined,
    limit: number,
    viewerId: string | null,
  ) {
    const at = cursor ? decodeTimeCursor(cursor) : null;
    const rows = await db
      .select({ ...cardFields(viewerId), toggledUs: microsOf(table.createdAt) })
      .from(table)
      .innerJoin(works, eq(works.id, table.workId))
      .innerJoin(users, eq(users.id, works.userId))
      .innerJoin(uploads, eq(uploads.id, works.uploadId))
      .where(
        and(
          eq(table.userId, ownerId),
          publicWork,
          at
            ? sql`(${table.createdAt}, ${table.workId}) < (${isoMicros(at.us)}::timestamptz, ${at.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(table.createdAt), desc(table.workId))
      .limit(limit + 1);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      rows: items,
      nextCursor: rows.length > limit && last ? encodeTimeCursor(Number(last.toggledUs), last.id) : null,
    };
  }

  return {
    /**
     * The query of one gallery page (one row extra, to know whether more follow). ORDER BY follows the partial indexes (published_at DESC, id DESC, with the
     * count first for the popularity sorts), and the cursor condition is a row comparison on the
     * same columns, so a page deep down is an index range scan like the first one.
     */
    galleryQuery(filters: GalleryFilters, cursor: string | undefined, limit: number, viewerId: string | null) {
      const countCol =
        filters.sort === 'likes' ? works.likeCount : filters.sort === 'collections' ? works.collectCount : null;
      const at = cursor ? decodeGalleryCursor(cursor, countCol !== null) : null;
      const frozen: SQL = at ? sql`${isoMicros(at.frozenUs)}::timestamptz` : sql`now()`;
      const conditions: (SQL | undefined)[] = [publicWork];
      if (at) {
        const published = sql`${isoMicros(at.publishedUs)}::timestamptz`;
        conditions.push(sql`${works.publishedAt} <= ${frozen}`);
        conditions.push(
          countCol
            ? sql`(${countCol}, ${works.publishedAt}, ${works.id}) < (${at.count}::int, ${published}, ${at.id}::uuid)`
            : sql`(${works.publishedAt}, ${works.id}) < (${published}, ${at.id}::uuid)`,
        );
      }
      if (filters.period !== 'all')
        conditions.push(sql`${works.publishedAt} > ${frozen} - ${PERIODS[filters.period]}::interval`);
      for (const category of ['style', 'function', 'material', 'environment'] as const) {
        const slug = filters[category];
        if (slug) conditions.push(arrayContains(works.tags, [`${category}:${slug}`]));
      }
      if (filters.q) {
        const pattern = likePattern(filters.q);
        // A hidden prompt is not searchable either: a match would tell what it says.
        conditions.push(
          or(
            ilike(works.title, pattern),
            ilike(works.description, pattern),
            and(not(works.hideParams), ilike(works.prompt, pattern)),
          ),
        );
      }
      if (filters.userId) conditions.push(eq(works.userId, filters.userId));
      if (filters.basedOnId) conditions.push(eq(works.basedOnId, filters.basedOnId));

      const order = [...(countCol ? [desc(countCol)] : []), desc(works.publishedAt), desc(works.id)];
      const query = cards(viewerId)
        .where(and(...conditions))
        .orderBy(...order)
        .limit(limit + 1);
      return { query, countCol, at };
    },

    async gallery(filters: GalleryFilters, cursor: string | undefined, limit: number, viewerId: string | null) {
      const { query, countCol, at } = this.galleryQuery(filters, cursor, limit, viewerId);
      const rows = await query;
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      const frozenUs = at?.frozenUs ?? Number(rows[0]?.frozenUs ?? 0);
      const nextCursor =
        rows.length > limit && last
          ? encodeGalleryCursor({
              frozenUs,
              count: countCol === null ? null : countCol === works.likeCount ? last.likeCount : last.collectCount,
              publishedUs: Number(last.publishedUs),
              id: last.id,
            })
          : null;
      return { rows: items, nextCursor };
    },

    /** Published works a user collected, the latest collection first. */
    collected: (ownerId: string, cursor: string | undefined, limit: number, viewerId: string | null) =>
      toggledBy(workCollections, ownerId, cursor, limit, viewerId),

    /** Published works a user liked, the latest like first. */
    liked: (ownerId: string, cursor: string | undefined, limit: number, viewerId: string | null) =>
      toggledBy(workLikes, ownerId, cursor, limit, viewerId),
  };
}
export type WorksListRepository = ReturnType<typeof createWorksListRepository>;
