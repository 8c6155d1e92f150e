import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { folderItems, tasks, uploads, works } from '../../db/schema/index.ts';

/**
 * What names a downloaded image: the title of the owner's own work of it (published or not), else
 * the prompt its task was written with.
 */
const naming = (userId: string) => ({
  upload: uploads,
  prompt: tasks.promptOriginal,
  title: sql<string | null>`(
    select ${works.title} from ${works}
    where ${works.uploadId} = ${uploads.id} and ${works.userId} = ${userId}
      and ${works.state} in ('published', 'unpublished')
    order by ${works.createdAt} desc limit 1)`,
});

/** Rows for downloads: only ever the user's own images, never avatars or support screenshots. */
export function createDownloadsRepository(db: Db) {
  return {
    /** The user's image with what names it, or nothing. */
    async image(userId: string, uploadId: string) {
      const [row] = await db
        .select(naming(userId))
        .from(uploads)
        .leftJoin(tasks, and(eq(tasks.id, uploads.taskId), eq(tasks.userId, userId)))
        .where(
          and(eq(uploads.id, uploadId), eq(uploads.userId, userId), not(inArray(uploads.kind, ['avatar', 'support']))),
        )
        .limit(1);
      return row ?? null;
    },

    /** The user's folder items among `itemIds` with their images (another user's ids match nothing). */
    items: async (userId: string, itemIds: string[]) =>
      db
        .select({ ...naming(userId), itemId: folderItems.id })
        .from(folderItems)
        .innerJoin(uploads, eq(uploads.id, folderItems.uploadId))
        .leftJoin(tasks, and(eq(tasks.id, uploads.taskId), eq(tasks.userId, userId)))
        .where(and(eq(folderItems.userId, userId), inArray(folderItems.id, itemIds))),
  };
}
export type DownloadsRepository = ReturnType<typeof createDownloadsRepository>;
