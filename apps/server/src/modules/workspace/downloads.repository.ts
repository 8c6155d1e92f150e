import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { folderItems, tasks, uploads, works } from '../../db/schema/index.ts';
import { resultIndexSql } from '../upload/index.ts';

/**
 * What names a downloaded image: the title of the owner's own work of it (published or not), else
 * the prompt its task was written with; where it stands in its task's batch; and what the task did
 * (its mode and parameters: an upscale or an edit names the image it started from).
 */
const naming = (userId: string) => ({
  upload: uploads,
  prompt: tasks.promptOriginal,
  mode: tasks.mode,
  params: tasks.params,
  index: resultIndexSql,
  count: sql<number | null>`(
    select count(*)::int from uploads r where r.task_id = ${uploads.taskId} and r.kind = 'result')`,
  title: sql<string | null>`(
    select ${works.title} from ${works}
    where ${works.uploadId} = ${uploads.id} and ${works.userId} = ${userId}
      and ${works.state} in ('published', 'unpublished')
    order by ${works.createdAt} desc limit 1)`,
});

/** Only ever the user's own images, never avatars or support screenshots. */
const own = (userId: string) => and(eq(uploads.userId, userId), not(inArray(uploads.kind, ['avatar', 'support'])));

/** Rows for downloads: only ever the user's own images, never avatars or support screenshots. */
export function createDownloadsRepository(db: Db) {
  const images = (userId: string) =>
    db
      .select(naming(userId))
      .from(uploads)
      .leftJoin(tasks, and(eq(tasks.id, uploads.taskId), eq(tasks.userId, userId)));

  return {
    /** The user's image with what names it, or nothing. */
    async image(userId: string, uploadId: string) {
      const [row] = await images(userId)
        .where(and(eq(uploads.id, uploadId), own(userId)))
        .limit(1);
      return row ?? null;
    },

    /** The user's images among `uploadIds` with what names them (the sources of upscales and edits). */
    images: async (userId: string, uploadIds: string[]) =>
      uploadIds.length === 0 ? [] : images(userId).where(and(inArray(uploads.id, uploadIds), own(userId))),

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
