import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/database.ts';
import { projectComments, users, type ProjectCommentRow } from '../../../db/schema/index.ts';

/** A comment with what its author shows as: a member's current name and avatar, or the guest's name. */
export type CommentWithAuthor = ProjectCommentRow & { authorNickname: string | null; authorAvatarKey: string | null };

const withAuthor = {
  comment: projectComments,
  authorNickname: users.nickname,
  authorAvatarKey: users.avatarKey,
};
const flatten = (r: { comment: ProjectCommentRow; authorNickname: string | null; authorAvatarKey: string | null }) => ({
  ...r.comment,
  authorNickname: r.authorNickname,
  authorAvatarKey: r.authorAvatarKey,
});

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The queries of pinned comments; the rules are the service's. */
export function createCommentsRepository(db: Db) {
  const select = (where: SQL | undefined) =>
    db
      .select(withAuthor)
      .from(projectComments)
      .leftJoin(users, eq(users.id, projectComments.authorId))
      .where(where)
      .orderBy(asc(projectComments.createdAt), asc(projectComments.id));
  const find = async (id: string): Promise<CommentWithAuthor | null> => {
    const [row] = await select(eq(projectComments.id, id)).limit(1);
    return row ? flatten(row) : null;
  };

  return {
    find,

    /**
     * Inserts a comment unless the project already holds `max`: counted and inserted under the
     * project's lock, so comments written at once cannot pass the limit.
     */
    async insert(values: typeof projectComments.$inferInsert, max: number): Promise<CommentWithAuthor | null> {
      const row = await inTransaction(db, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`comments:${values.projectId}`}, 0))`);
        const [held] = await tx
          .select({ n: count() })
          .from(projectComments)
          .where(eq(projectComments.projectId, values.projectId));
        if ((held?.n ?? 0) >= max) return null;
        const [made] = await tx.insert(projectComments).values(values).returning();
        return made!;
      });
      return row ? find(row.id) : null;
    },

    /** The comments of a project, oldest first: all of them, or those on the given images only. */
    async list(projectId: string, imageIds?: string[]) {
      if (imageIds && !imageIds.length) return [];
      const rows = await select(
        and(
          eq(projectComments.projectId, projectId),
          imageIds ? sql`${projectComments.imageId} in (${uuidList(imageIds)})` : undefined,
        ),
      );
      return rows.map(flatten);
    },

    async setResolved(id: string, resolvedAt: Date | null) {
      await db.update(projectComments).set({ resolvedAt }).where(eq(projectComments.id, id));
      return find(id);
    },

    async remove(id: string) {
      await db.delete(projectComments).where(eq(projectComments.id, id));
    },
  };
}
export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
