import { and, eq, inArray, not } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import type { BoardSource } from './render/cell-image.ts';

/**
 * Which of `imageIds` the user may put on a board, with what the renderer needs of each. An id the
 * user may not use is simply missing from the answer, and the export is then refused whole.
 */
export type BoardImageAccess = (userId: string, imageIds: readonly string[]) => Promise<BoardSource[]>;

/**
 * The user's own images: their uploads and generation results, as the workspace's downloads allow
 * (never avatars or support screenshots). The default access; wiring may widen it (a project's
 * members' images) by combining it with another.
 */
export function ownImageAccess(db: Db): BoardImageAccess {
  return async (userId, imageIds) =>
    imageIds.length === 0
      ? []
      : db
          .select({ id: uploads.id, key: uploads.key, width: uploads.width, height: uploads.height })
          .from(uploads)
          .where(
            and(
              eq(uploads.userId, userId),
              inArray(uploads.id, [...imageIds]),
              not(inArray(uploads.kind, ['avatar', 'support'])),
            ),
          );
}
