import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { resultIndexSql } from '../upload/index.ts';
import { COMMUNITY_TAG_CATEGORIES } from '@turing/contract';
import {
  banners,
  follows,
  tags,
  tasks,
  uploads,
  users,
  userStats,
  wordPackages,
  works,
} from '../../db/schema/index.ts';

export type NewWork = Pick<
  typeof works.$inferInsert,
  | 'userId'
  | 'uploadId'
  | 'baseUploadId'
  | 'taskId'
  | 'title'
  | 'description'
  | 'tags'
  | 'params'
  | 'prompt'
  | 'hideParams'
  | 'basedOnId'
  | 'width'
  | 'height'
>;
export type WorkText = Pick<NewWork, 'title' | 'description' | 'tags' | 'hideParams'>;

const baseUpload = alias(uploads, 'base_upload');
const basedOn = alias(works, 'based_on');
const basedOnUpload = alias(uploads, 'based_on_upload');
const basedOnCreator = alias(users, 'based_on_creator');

export function createWorksRepository(db: Db) {
  return {
    /** Everything a detail page shows, with the viewer's toggles and follow, in one query. */
    async detail(id: string, viewerId: string | null) {
      const viewerFlag = (query: ReturnType<typeof sql<boolean>>) =>
        viewerId ? query.mapWith(Boolean) : sql<boolean>`false`.mapWith(Boolean);
      const [row] = await db
        .select({
          work: works,
          key: uploads.key,
          thumbKey: uploads.thumbKey,
          baseKey: baseUpload.key,
          baseThumbKey: baseUpload.thumbKey,
          creator: {
            id: users.id,
            nickname: users.nickname,
            avatarKey: users.avatarKey,
            suspendedAt: users.suspendedAt,
          },
          followers:
            sql<number>`coalesce((select ${userStats.followers} from ${userStats} where ${userStats.userId} = ${works.userId}), 0)`.mapWith(
              Number,
            ),
          followedByMe: viewerFlag(
            sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${works.userId})`,
          ),
          liked: viewerFlag(
            sql<boolean>`exists (select 1 from work_likes l where l.user_id = ${viewerId} and l.work_id = ${works.id})`,
          ),
          collected: viewerFlag(
            sql<boolean>`exists (select 1 from work_collections c where c.user_id = ${viewerId} and c.work_id = ${works.id})`,
          ),
          basedOn: {
            id: basedOn.id,
            title: basedOn.title,
            key: basedOnUpload.key,
            thumbKey: basedOnUpload.thumbKey,
            linkVersion: basedOn.linkVersion,
          },
          basedOnSuspended: sql<boolean>`${basedOnCreator.suspendedAt} is not null`.mapWith(Boolean),
          derivedCount: sql<number>`(select count(*) from works d join users du on du.id = d.user_id
            where d.based_on_id = ${works.id} and d.state = 'published' and du.suspended_at is null)`.mapWith(Number),
        })
        .from(works)
        .innerJoin(users, eq(users.id, works.userId))
        .innerJoin(uploads, eq(uploads.id, works.uploadId))
        .leftJoin(baseUpload, eq(baseUpload.id, works.baseUploadId))
        .leftJoin(basedOn, and(eq(basedOn.id, works.basedOnId), eq(basedOn.state, 'published')))
        .leftJoin(basedOnCreator, eq(basedOnCreator.id, basedOn.userId))
        .leftJoin(basedOnUpload, eq(basedOnUpload.id, basedOn.uploadId))
        .where(eq(works.id, id))
        .limit(1);
      return row ?? null;
    },

    /** A work as stored, with whether anyone may see it. */
    async find(id: string) {
      const [row] = await db
        .select({ work: works, suspended: sql<boolean>`${users.suspendedAt} is not null`.mapWith(Boolean) })
        .from(works)
        .innerJoin(users, eq(users.id, works.userId))
        .where(eq(works.id, id))
        .limit(1);
      return row ?? null;
    },

    /** Banners switched on and within their schedule (either end may be open), in carousel order. */
    activeBanners: async () =>
      db
        .select()
        .from(banners)
        .where(
          and(
            eq(banners.active, true),
            or(isNull(banners.startsAt), sql`${banners.startsAt} <= now()`),
            or(isNull(banners.endsAt), sql`${banners.endsAt} > now()`),
          ),
        )
        .orderBy(asc(banners.sort), asc(banners.id)),

    /** Whether the work is there with this link version (its image links of that version still work). */
    async linkVersionIs(id: string, linkVersion: number) {
      const [row] = await db
        .select({ id: works.id })
        .from(works)
        .where(and(eq(works.id, id), eq(works.linkVersion, linkVersion)))
        .limit(1);
      return row !== undefined;
    },

    async exists(id: string) {
      const [row] = await db.select({ id: works.id }).from(works).where(eq(works.id, id)).limit(1);
      return row !== undefined;
    },

    /**
     * The parameters, typed prompt and engine of the caller's task that made a result, and where
     * the result stands among the task's images (its seed follows from it).
     */
    async taskOf(taskId: string, userId: string, uploadId: string) {
      const [row] = await db
        .select({ params: tasks.params, prompt: tasks.promptOriginal, engine: tasks.engine })
        .from(tasks)
        .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)))
        .limit(1);
      if (!row) return null;
      const [at] = await db.select({ index: resultIndexSql }).from(uploads).where(eq(uploads.id, uploadId));
      return { ...row, index: Number(at?.index ?? 0) };
    },

    /** Of these word packages, those the viewer can apply: recommended ones and their own. */
    async usablePackageIds(ids: string[], viewerId: string) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: wordPackages.id })
        .from(wordPackages)
        .where(and(inArray(wordPackages.id, ids), or(isNull(wordPackages.userId), eq(wordPackages.userId, viewerId))));
      const usable = new Set(rows.map((r) => r.id));
      return ids.filter((id) => usable.has(id));
    },

    /** Holds the image's row until the transaction ends: two publishes of one image make one work. */
    async lockUpload(uploadId: string) {
      await db.execute(sql`select 1 from ${uploads} where ${uploads.id} = ${uploadId} for update`);
    },

    /** The owner's work of an image, whatever its state. */
    async findByUpload(uploadId: string, userId: string) {
      const [row] = await db
        .select({ id: works.id, state: works.state })
        .from(works)
        .where(and(eq(works.uploadId, uploadId), eq(works.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    async insert(input: NewWork) {
      const [row] = await db.insert(works).values(input).returning();
      return row!;
    },

    /** Changes a work's text (the caller has decided the owner may). */
    async setText(id: string, text: WorkText) {
      await db
        .update(works)
        .set({ ...text, updatedAt: sql`now()` })
        .where(eq(works.id, id));
    },

    /** Publishes a work that was taken out; true when this call changed its state. */
    async republish(id: string) {
      const rows = await db
        .update(works)
        .set({ state: 'published', publishedAt: sql`now()` })
        .where(and(eq(works.id, id), eq(works.state, 'unpublished')))
        .returning({ id: works.id });
      return rows.length === 1;
    },

    /** Moves the creator's published-works counter, in the caller's transaction. */
    async bumpWorks(userId: string, delta: 1 | -1) {
      await db
        .insert(userStats)
        .values({ userId, works: Math.max(0, delta) })
        .onConflictDoUpdate({ target: userStats.userId, set: { works: sql`${userStats.works} + ${delta}` } });
    },

    /** Changes the owner's text, unless an operator has hidden the work; true when it changed. */
    async update(id: string, userId: string, text: WorkText) {
      const rows = await db
        .update(works)
        .set({ ...text, updatedAt: sql`now()` })
        .where(and(eq(works.id, id), eq(works.userId, userId), ne(works.state, 'hidden')))
        .returning({ id: works.id });
      return rows.length === 1;
    },

    /** Takes a published work out (its links end with it); true when this call changed its state. */
    async unpublish(id: string, userId: string) {
      const rows = await db
        .update(works)
        .set({ state: 'unpublished', linkVersion: sql`${works.linkVersion} + 1`, updatedAt: sql`now()` })
        .where(and(eq(works.id, id), eq(works.userId, userId), eq(works.state, 'published')))
        .returning({ id: works.id });
      return rows.length === 1;
    },

    /** The catalogue's tags the community uses, in catalogue order. */
    communityTags: async () =>
      db
        .select({ category: tags.category, slug: tags.slug, labelEn: tags.labelEn, labelZh: tags.labelZh })
        .from(tags)
        .where(inArray(tags.category, [...COMMUNITY_TAG_CATEGORIES]))
        .orderBy(asc(tags.sort), asc(tags.slug)),
  };
}
export type WorksRepository = ReturnType<typeof createWorksRepository>;
