import { and, asc, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/database.ts';
import {
  projectComments,
  projectReads,
  projectReviewLinks,
  projects,
  projectVersions,
  projectViews,
  uploads,
  users,
  type ProjectReviewLinkRow,
} from '../../../db/schema/index.ts';

/** A link as the guest routes find it: with its project's name. */
export type FoundLink = ProjectReviewLinkRow & { projectName: string };
export type LinkWithCount = ProjectReviewLinkRow & { commentCount: number };

/** One view of a project with the image it shows now (null for an empty view). */
export interface CurrentView {
  id: string;
  name: string;
  image: { id: string; key: string; thumbKey: string | null; width: number; height: number } | null;
}

/**
 * The image a view shows now: the version chosen as current while it is still in the view, else
 * the newest result, else the newest image of any kind (a base image alone); none for an empty view.
 */
// The outer view is named in full: inside a subquery a bare column would be read as the version's own.
const currentImageOf = sql<string | null>`coalesce(
  (select pv.image_id from ${projectVersions} pv
    where pv.view_id = "project_views"."id" and pv.image_id = "project_views"."current_image_id"),
  (select pv.image_id from ${projectVersions} pv where pv.view_id = "project_views"."id" and pv.kind = 'result'
    order by pv.created_at desc, pv.id desc limit 1),
  (select pv.image_id from ${projectVersions} pv where pv.view_id = "project_views"."id"
    order by pv.created_at desc, pv.id desc limit 1))`;

/** Holds a lock per project and purpose until the caller's transaction ends: one count-then-insert at a time. */
const lockProject = (db: Db, purpose: string, projectId: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${purpose}:${projectId}`}, 0))`);

/** The queries of review links and of what a link shows; the rules are the service's. */
export function createReviewRepository(db: Db) {
  return {
    /**
     * Inserts a link unless the project already has `max` live ones (neither revoked nor expired):
     * counted and inserted under the project's lock, so links made at once cannot pass the limit.
     */
    async insertLink(values: typeof projectReviewLinks.$inferInsert, max: number, now: Date) {
      return inTransaction(db, async (tx) => {
        await lockProject(tx, 'review-links', values.projectId);
        const [live] = await tx
          .select({ n: count() })
          .from(projectReviewLinks)
          .where(
            and(
              eq(projectReviewLinks.projectId, values.projectId),
              isNull(projectReviewLinks.revokedAt),
              or(isNull(projectReviewLinks.expiresAt), gt(projectReviewLinks.expiresAt, now)),
            ),
          );
        if ((live?.n ?? 0) >= max) return null;
        const [row] = await tx.insert(projectReviewLinks).values(values).returning();
        return row!;
      });
    },

    /** The project's links, newest first, each with the number of comments written through it. */
    async listLinks(projectId: string): Promise<LinkWithCount[]> {
      const comments = sql<number>`(select count(*)::int from ${projectComments} c
        where c.review_link_id = "project_review_links"."id")`;
      return db
        .select({ link: projectReviewLinks, commentCount: comments })
        .from(projectReviewLinks)
        .where(eq(projectReviewLinks.projectId, projectId))
        .orderBy(desc(projectReviewLinks.createdAt), desc(projectReviewLinks.id))
        .then((rows) => rows.map((r) => ({ ...r.link, commentCount: Number(r.commentCount) })));
    },

    /** A link by its token's digest, with its project: one indexed read whatever the token. */
    async findByDigest(digest: string): Promise<FoundLink | null> {
      const [row] = await db
        .select({ link: projectReviewLinks, projectName: projects.name })
        .from(projectReviewLinks)
        .innerJoin(projects, eq(projects.id, projectReviewLinks.projectId))
        .where(eq(projectReviewLinks.tokenHash, digest))
        .limit(1);
      return row ? { ...row.link, projectName: row.projectName } : null;
    },

    async findLink(id: string) {
      const [row] = await db.select().from(projectReviewLinks).where(eq(projectReviewLinks.id, id)).limit(1);
      return row ?? null;
    },

    /** Revokes a link (a second revoke keeps the first time). */
    async revokeLink(id: string, now: Date) {
      await db
        .update(projectReviewLinks)
        .set({ revokedAt: now })
        .where(and(eq(projectReviewLinks.id, id), isNull(projectReviewLinks.revokedAt)));
    },

    /** Whether a link is neither revoked nor expired (the files route asks at every image). */
    async isLive(id: string, now: Date) {
      const [row] = await db
        .select({ id: projectReviewLinks.id })
        .from(projectReviewLinks)
        .where(
          and(
            eq(projectReviewLinks.id, id),
            isNull(projectReviewLinks.revokedAt),
            or(isNull(projectReviewLinks.expiresAt), gt(projectReviewLinks.expiresAt, now)),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** Records an opening, unless one was recorded in the last `staleMs` (one statement: no double write). */
    async touchOpened(id: string, now: Date, staleMs: number) {
      await db
        .update(projectReviewLinks)
        .set({ lastOpenedAt: now })
        .where(
          and(
            eq(projectReviewLinks.id, id),
            sql`(${projectReviewLinks.lastOpenedAt} is null or ${projectReviewLinks.lastOpenedAt} <= ${new Date(now.getTime() - staleMs).toISOString()}::timestamptz)`,
          ),
        );
    },

    /** The project's views in their order, each with the image it shows now. */
    async currentViews(projectId: string): Promise<CurrentView[]> {
      const views = await db
        .select({ id: projectViews.id, name: projectViews.name, imageId: currentImageOf })
        .from(projectViews)
        .where(eq(projectViews.projectId, projectId))
        .orderBy(asc(projectViews.sort), asc(projectViews.createdAt), asc(projectViews.id));
      const ids = views.flatMap((v) => (v.imageId ? [v.imageId] : []));
      const images = ids.length
        ? await db
            .select({
              id: uploads.id,
              key: uploads.key,
              thumbKey: uploads.thumbKey,
              width: uploads.width,
              height: uploads.height,
            })
            .from(uploads)
            .where(
              sql`${uploads.id} in (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`,
            )
        : [];
      const byId = new Map(images.map((i) => [i.id, i]));
      return views.map((v) => ({ id: v.id, name: v.name, image: (v.imageId && byId.get(v.imageId)) || null }));
    },

    /** The view of the project holding this image, or null when the image is not one of its versions. */
    async viewOfImage(projectId: string, imageId: string) {
      const [row] = await db
        .select({ viewId: projectVersions.viewId })
        .from(projectVersions)
        .where(and(eq(projectVersions.projectId, projectId), eq(projectVersions.imageId, imageId)))
        .orderBy(asc(projectVersions.createdAt))
        .limit(1);
      return row?.viewId ?? null;
    },

    /** The owner's address for notices, and the project's name. */
    async ownerContact(projectId: string) {
      const [row] = await db
        .select({ email: users.email, projectName: projects.name, ownerId: projects.ownerId })
        .from(projects)
        .innerJoin(users, eq(users.id, projects.ownerId))
        .where(eq(projects.id, projectId))
        .limit(1);
      return row ?? null;
    },

    /** Comments of the project the user has not read: newer than their last reading, and not their own. */
    async unreadCount(projectId: string, userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(projectComments)
        .leftJoin(projectReads, and(eq(projectReads.projectId, projectId), eq(projectReads.userId, userId)))
        .where(
          and(
            eq(projectComments.projectId, projectId),
            sql`${projectComments.authorId} is distinct from ${userId}::uuid`,
            sql`(${projectReads.commentsSeenAt} is null or ${projectComments.createdAt} > ${projectReads.commentsSeenAt})`,
          ),
        );
      return row?.n ?? 0;
    },

    /** The user has read the project's comments up to now. */
    async markRead(projectId: string, userId: string, now: Date) {
      await db
        .insert(projectReads)
        .values({ projectId, userId, commentsSeenAt: now })
        .onConflictDoUpdate({
          target: [projectReads.projectId, projectReads.userId],
          set: { commentsSeenAt: sql`greatest(${projectReads.commentsSeenAt}, excluded.comments_seen_at)` },
        });
    },
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;
