import { and, eq, inArray, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectMembers, projects, projectVersions, uploads } from '../../db/schema/index.ts';
import type { BoardSource } from './render/cell-image.ts';

/**
 * Which of `imageIds` the user may put on a board, with what the renderer needs of each. An id the
 * user may not use is simply missing from the answer, and the export is then refused whole.
 */
export type BoardImageAccess = (userId: string, imageIds: readonly string[]) => Promise<BoardSource[]>;

/**
 * The user's own images (their uploads and generation results, as the workspace's downloads allow:
 * never avatars or support screenshots), and the images of the projects they may open, whoever made
 * them, so a member's board of a view holds a colleague's versions too.
 */
export function boardImageAccess(db: Db): BoardImageAccess {
  return async (userId, imageIds) =>
    imageIds.length === 0
      ? []
      : db
          .select({ id: uploads.id, key: uploads.key, width: uploads.width, height: uploads.height })
          .from(uploads)
          .where(
            and(
              inArray(uploads.id, [...imageIds]),
              not(inArray(uploads.kind, ['avatar', 'support'])),
              or(
                eq(uploads.userId, userId),
                sql`exists (select 1 from ${projectVersions} pv join ${projects} p on p.id = pv.project_id
                  where pv.image_id = ${uploads.id} and (p.owner_id = ${userId} or exists (
                    select 1 from ${projectMembers} m where m.project_id = p.id and m.user_id = ${userId})))`,
              ),
            ),
          );
}
