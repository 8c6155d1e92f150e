// The folder items' half of the workspace repository (workspace.repository.ts spreads it into its
// own): filing results into folders, the grid's pages, moving and taking items, and dropping the
// images nothing keeps any more. The folders' own rows, their stats and caps stay there.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PageRequest } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import { unusedUpload } from '../../db/kept-uploads.ts';
import { keysetPage, type Keyset } from '../../db/paging.ts';
import { folderItems, tasks, uploads, works, type FolderItemRow } from '../../db/schema/index.ts';
import { resultIndexSql } from '../upload/index.ts';

/** Newest image first; an item keeps the time its image was made, wherever it is moved or copied. */
const byNewest: Keyset = { sort: folderItems.createdAt, id: folderItems.id };

/** Rows of a raw statement: both drivers put them under `rows`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function createFolderItemsRepository(db: Db) {
  return {
    /**
     * Files result images that are in no folder yet (of one task, or all of the user's) into
     * `folderId`; an image already filed anywhere is left where it is, so running it twice files
     * once. Bumps the folder's edit time in the same statement when anything was added.
     */
    async fileUnfiled(userId: string, folderId: string, taskId?: string) {
      const rows = rowsOf<{ added: number }>(
        await db.execute(sql`
          with filed as (
            insert into folder_items (user_id, folder_id, upload_id, task_id, created_at)
            select u.user_id, ${folderId}::uuid, u.id, u.task_id, u.created_at
            from uploads u
            where u.user_id = ${userId} and u.kind = 'result'
              ${taskId ? sql`and u.task_id = ${taskId}` : sql``}
              and not exists (select 1 from folder_items fi where fi.upload_id = u.id)
            on conflict do nothing
            returning 1
          ), touched as (
            update folders set updated_at = now()
            where id = ${folderId} and user_id = ${userId} and exists (select 1 from filed)
          )
          select count(*)::int as added from filed`),
      );
      return Number(rows[0]?.added ?? 0);
    },

    /**
     * Files a task's unfiled results in one statement: into `chosen` when it is the user's folder,
     * otherwise into their default one. False when there is neither (no default folder yet).
     */
    async fileTaskResults(userId: string, taskId: string, chosen: string | null) {
      const rows = rowsOf<{ found: boolean }>(
        await db.execute(sql`
          with target as (
            select id from folders
            where user_id = ${userId} and (is_default ${chosen ? sql`or id = ${chosen}::uuid` : sql``})
            order by ${chosen ? sql`(id = ${chosen}::uuid) desc` : sql`id`}
            limit 1
          ), filed as (
            insert into folder_items (user_id, folder_id, upload_id, task_id, created_at)
            select u.user_id, t.id, u.id, u.task_id, u.created_at
            from uploads u, target t
            where u.user_id = ${userId} and u.kind = 'result' and u.task_id = ${taskId}
              and not exists (select 1 from folder_items fi where fi.upload_id = u.id)
            on conflict do nothing
            returning folder_id
          ), touched as (
            update folders set updated_at = now()
            where id in (select folder_id from filed)
          )
          select exists (select 1 from target) as found`),
      );
      return Boolean(rows[0]?.found);
    },

    /** One page of a folder's images with what the grid shows about each. */
    images: (userId: string, folderId: string, page: PageRequest) =>
      keysetPage(
        byNewest,
        page,
        ({ where, orderBy, limit, sortKey }) =>
          db
            .select({
              item: folderItems,
              upload: uploads,
              params: tasks.params,
              engine: tasks.engine,
              resultIndex: resultIndexSql,
              // A hidden work is the operator's decision, not something to manage from here.
              workId: sql<string | null>`(
                select ${works.id} from ${works}
                where ${works.uploadId} = ${folderItems.uploadId} and ${works.userId} = ${userId}
                  and ${works.state} in ('published', 'unpublished')
                order by ${works.createdAt} desc limit 1)`,
              sortKey,
            })
            .from(folderItems)
            .innerJoin(uploads, eq(uploads.id, folderItems.uploadId))
            .leftJoin(tasks, and(eq(tasks.id, folderItems.taskId), eq(tasks.userId, userId)))
            .where(and(eq(folderItems.userId, userId), eq(folderItems.folderId, folderId), where))
            .orderBy(...orderBy)
            .limit(limit),
        (row) => row.item.id,
      ),

    /** Takes the user's items among `ids` out of their folders (others' ids match nothing). */
    takeItems: async (userId: string, ids: string[]) =>
      db
        .delete(folderItems)
        .where(and(eq(folderItems.userId, userId), inArray(folderItems.id, ids)))
        .returning(),

    takeFolderItems: async (userId: string, folderId: string) =>
      db
        .delete(folderItems)
        .where(and(eq(folderItems.userId, userId), eq(folderItems.folderId, folderId)))
        .returning(),

    lockItems: async (userId: string, ids: string[]) =>
      db
        .select()
        .from(folderItems)
        .where(and(eq(folderItems.userId, userId), inArray(folderItems.id, ids)))
        .for('update'),

    /**
     * Puts items into `folderId`, keeping their ids and times; one whose image is already there is
     * skipped. Resolves to how many were added.
     */
    async putItems(items: FolderItemRow[], folderId: string, keepIds: boolean) {
      if (!items.length) return 0;
      const added = await db
        .insert(folderItems)
        .values(
          items.map((it) => ({
            ...(keepIds ? { id: it.id } : {}),
            userId: it.userId,
            folderId,
            uploadId: it.uploadId,
            taskId: it.taskId,
            createdAt: it.createdAt,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: folderItems.id });
      return added.length;
    },

    /**
     * Removes those of the user's images in `uploadIds` that nothing keeps any more (`unusedUpload`:
     * no folder item, community work, project or task of theirs uses it). An image a project holds
     * stays, out of the user's folders but in the project. Resolves to the storage keys to delete
     * once the transaction commits.
     */
    async dropUnkept(userId: string, uploadIds: string[]) {
      const unique = [...new Set(uploadIds)];
      if (!unique.length) return [];
      return rowsOf<{ key: string; thumb_key: string | null }>(
        await db.execute(sql`
          delete from uploads u
          where u.user_id = ${userId} and u.id in (${sql.join(
            unique.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
            and ${unusedUpload(sql`u.id`, sql`u.user_id`)}
          returning u.key, u.thumb_key`),
      );
    },
  };
}
