import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { userStats, users, works } from '../../db/schema/index.ts';
import { followedBy } from './follows.repository.ts';

const stat = (column: PgColumn) => sql<number>`coalesce(${column}, 0)::int`;

/** A few of a creator's latest published works, as storage keys to sign. */
export interface RecentWork {
  id: string;
  key: string;
  thumbKey: string | null;
  /** The image's size, for the widths of its thumbnails. */
  width: number;
  height: number;
  /** Signed into the thumbnail's link, which ends when the work is taken out or hidden. */
  linkVersion: number;
}

export function createCreatorRepository(db: Db) {
  return {
    /** A user's public header; null when there is no such user or they are suspended. */
    async home(userId: string, viewerId: string | null) {
      const [row] = await db
        .select({
          id: users.id,
          nickname: users.nickname,
          avatarKey: users.avatarKey,
          signature: users.signature,
          occupation: users.occupation,
          createdAt: users.createdAt,
          followers: stat(userStats.followers),
          following: stat(userStats.following),
          works: stat(userStats.works),
          likesReceived: stat(userStats.likesReceived),
          collectsReceived: stat(userStats.collectsReceived),
          followedByMe: followedBy(viewerId, users.id),
        })
        .from(users)
        .leftJoin(userStats, eq(userStats.userId, users.id))
        .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Creators to recommend, most followed first (then most liked), each with their three latest
     * published works, in one query. Only people with a published work who are not suspended.
     */
    recommended(limit: number, viewerId: string | null) {
      return db
        .select({
          id: users.id,
          nickname: users.nickname,
          avatarKey: users.avatarKey,
          signature: users.signature,
          followers: stat(userStats.followers),
          works: stat(userStats.works),
          likesReceived: stat(userStats.likesReceived),
          followedByMe: followedBy(viewerId, users.id),
          recent: sql<RecentWork[]>`(
            select coalesce(json_agg(json_build_object('id', r.id, 'key', u.key, 'thumbKey', u.thumb_key, 'width', u.width, 'height', u.height, 'linkVersion', r.link_version)
              order by r.published_at desc, r.id desc), '[]'::json)
            from (
              select w.id, w.upload_id, w.published_at, w.link_version from ${works} w
              where w.user_id = ${users.id} and w.state = 'published'
              order by w.published_at desc, w.id desc limit 3
            ) r join uploads u on u.id = r.upload_id
          )`,
        })
        .from(userStats)
        .innerJoin(users, eq(users.id, userStats.userId))
        .where(
          and(
            isNull(users.suspendedAt),
            viewerId ? ne(users.id, viewerId) : undefined,
            sql`exists (select 1 from ${works} w where w.user_id = ${users.id} and w.state = 'published')`,
          ),
        )
        .orderBy(desc(userStats.followers), desc(userStats.likesReceived), users.id)
        .limit(limit);
    },
  };
}
export type CreatorRepository = ReturnType<typeof createCreatorRepository>;
