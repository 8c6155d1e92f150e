import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { folderItems, projects, projectVersions, tasks, works } from './schema/index.ts';

/**
 * Whether nothing of the user's work uses an upload any more: no folder item, no community work
 * (published or not, nor as its base image), no project (as a version of any member, its cover or
 * its style's reference) and no task of its owner that used it as an input. Both the user's own
 * deletions and the sweep of abandoned uploads ask this one question, so an image one of them keeps
 * the other keeps too; a new kind of reference belongs here, or images still in use are removed.
 *
 * `id` and `userId` are the upload's columns in the calling statement. Each use is its own NOT
 * EXISTS (not one NOT over an OR), so PostgreSQL plans each as an anti-join on its own index.
 */
export function unusedUpload(id: AnyColumn | SQL, userId: AnyColumn | SQL): SQL {
  return sql`(not exists (select 1 from ${folderItems} fi where fi.upload_id = ${id})
    and not exists (select 1 from ${works} w where w.upload_id = ${id})
    and not exists (select 1 from ${works} w where w.base_upload_id = ${id})
    and not exists (select 1 from ${projectVersions} pv where pv.image_id = ${id})
    and not exists (select 1 from ${projects} pc where pc.cover_image_id = ${id})
    and not exists (select 1 from ${projects} ps where ps.style->>'referenceImageId' = ${id}::text)
    and not exists (
      select 1 from ${tasks} t where t.user_id = ${userId} and ${id}::text in (
        t.params->>'baseImageId', t.params->>'referenceImageId', t.params->>'depthImageId',
        t.params->>'lineArtImageId', t.params->>'maskImageId')))`;
}
