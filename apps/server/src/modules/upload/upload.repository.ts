import { and, eq, gt, inArray, lt, not, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unusedUpload } from '../../db/kept-uploads.ts';
import { supportMessages, uploads, users } from '../../db/schema/index.ts';

export type NewUpload = typeof uploads.$inferInsert;

/**
 * Uploads nothing refers to: no profile or ticket, and nothing of the user's work (see
 * `unusedUpload`: a task, folder, community work or project). A new kind of reference must be added
 * there, or the sweep removes images still in use.
 */
function unreferencedBy(db: Db) {
  // Each its own NOT EXISTS (not one NOT over an OR) so PostgreSQL plans them as anti-joins.
  return and(
    notExists(
      db
        .select({ one: sql`1` })
        .from(users)
        .where(eq(users.avatarKey, uploads.key)),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(supportMessages)
        .where(eq(supportMessages.screenshotKey, uploads.key)),
    ),
    // Generated results belong to their task; inputs a task was made with stay with it.
    sql`${uploads.taskId} is null`,
    // Whatever a folder keeps, a community work shows or a project holds is the user's, however it got there.
    unusedUpload(uploads.id, uploads.userId),
  )!;
}

export function createUploadRepository(db: Db) {
  return {
    async insert(values: NewUpload) {
      const [row] = await db.insert(uploads).values(values).returning();
      return row!;
    },

    /** What a user uploaded since `since`: how many images and how many stored bytes. */
    async usageSince(userId: string, since: Date) {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          bytes: sql<number>`coalesce(sum(${uploads.bytes}), 0)::bigint`,
          oldest: sql<string | null>`min(${uploads.createdAt})`,
        })
        .from(uploads)
        // Only what the user sent counts: images the product made (results, line art) do not.
        .where(
          and(
            eq(uploads.userId, userId),
            gt(uploads.createdAt, since),
            sql`${uploads.kind} not in ('result', 'line-art')`,
          ),
        );
      return {
        count: Number(row?.count ?? 0),
        bytes: Number(row?.bytes ?? 0),
        oldest: row?.oldest ? new Date(row.oldest) : null,
      };
    },

    /**
     * Holds a lock per user until the caller's transaction ends, so two uploads at once cannot
     * both pass a quota check that only one of them fits in.
     */
    async lockUser(userId: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`upload:${userId}`}, 0))`);
    },

    async findOwned(id: string, userId: string) {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, id), eq(uploads.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** Those of `ids` that are this user's images (never an avatar or a support screenshot). */
    findOwnedImages: async (userId: string, ids: string[]) =>
      ids.length
        ? db
            .select()
            .from(uploads)
            .where(
              and(
                inArray(uploads.id, ids),
                eq(uploads.userId, userId),
                not(inArray(uploads.kind, ['avatar', 'support'])),
              ),
            )
        : Promise.resolve([] as (typeof uploads.$inferSelect)[]),

    async findByKey(key: string) {
      const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
      return row ?? null;
    },

    async deleteByKey(key: string) {
      await db.delete(uploads).where(eq(uploads.key, key));
    },

    /**
     * The user's earlier upload of the same kind with these exact bytes, if it is sure to stay:
     * made after `keptSince` (the sweep leaves it alone for a while yet) or in use somewhere.
     */
    async findReusable(userId: string, kind: string, contentHash: string, keptSince: Date) {
      const [row] = await db
        .select()
        .from(uploads)
        .where(
          and(
            eq(uploads.userId, userId),
            eq(uploads.contentHash, contentHash),
            eq(uploads.kind, kind),
            or(gt(uploads.createdAt, keptSince), not(unreferencedBy(db))),
          ),
        )
        .orderBy(sql`${uploads.createdAt} desc`)
        .limit(1);
      return row ?? null;
    },

    /**
     * Removes up to `max` uploads made before `before` that nothing refers to, and returns their
     * storage keys (the image and its thumbnail).
     */
    async deleteUnreferenced(before: Date, max: number) {
      const unreferenced = unreferencedBy(db);
      const candidates = db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(lt(uploads.createdAt, before), unreferenced))
        .orderBy(uploads.createdAt)
        .limit(max);
      return db
        .delete(uploads)
        .where(and(inArray(uploads.id, candidates), unreferenced))
        .returning({ key: uploads.key, thumbKey: uploads.thumbKey });
    },
  };
}
export type UploadRepository = ReturnType<typeof createUploadRepository>;
