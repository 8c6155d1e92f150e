import { and, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import { decodeCursor, type PageRequest } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import { keysetPage, type Keyset } from '../../db/paging.ts';
import { folderItems, folders, tasks, uploads, users, works, type FolderItemRow } from '../../db/schema/index.ts';
import { resultIndexSql } from '../upload/index.ts';

// Times come from the database clock, like every other "last edit".
const NOW = sql`now()`;
/** Newest image first; an item keeps the time its image was made, wherever it is moved or copied. */
const byNewest: Keyset = { sort: folderItems.createdAt, id: folderItems.id };

/** Newest folder first (the default one goes before them all). */
const byNewestFolder: Keyset = { sort: folders.createdAt, id: folders.id };

/** Rows of a raw statement: both drivers put them under `rows`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// Spelled out: the select list of a one-table query drops the table from its columns, and inside
// these subqueries a bare "id" would be the item's or the image's.
const OUTER_FOLDER = sql.raw('"folders"."id"');

/**
 * Folders with their counts, sizes and cover, each worked out for that folder alone (on the
 * folder's index), so a page costs what its own folders hold, not the whole workspace.
 */
const withStats = (db: Db, sortKey: SQL<string>) =>
  db
    .select({
      folder: folders,
      fileCount: sql<number>`(select count(*)::int from ${folderItems} fi where fi.folder_id = ${OUTER_FOLDER})`,
      sizeBytes: sql<string>`(
        select coalesce(sum(u.bytes), 0)::bigint from ${folderItems} fi
        join ${uploads} u on u.id = fi.upload_id where fi.folder_id = ${OUTER_FOLDER})`,
      coverKey: sql<string | null>`(
        select u.key from ${folderItems} fi join ${uploads} u on u.id = fi.upload_id
        where fi.folder_id = ${OUTER_FOLDER} order by fi.created_at desc, fi.id desc limit 1)`,
      coverThumbKey: sql<string | null>`(
        select u.thumb_key from ${folderItems} fi join ${uploads} u on u.id = fi.upload_id
        where fi.folder_id = ${OUTER_FOLDER} order by fi.created_at desc, fi.id desc limit 1)`,
      sortKey,
    })
    .from(folders);

export function createWorkspaceRepository(db: Db) {
  return {
    /**
     * One page of the user's folders with their counts, sizes and cover: the default one first, then
     * newest first. A cursor after the default folder (a page of one) goes on with all the others.
     */
    foldersPage: (userId: string, page: PageRequest, defaultId: string) =>
      keysetPage(
        byNewestFolder,
        page,
        ({ where, orderBy, limit, sortKey }) => {
          const afterDefault = page.cursor !== undefined && decodeCursor(page.cursor)?.id === defaultId;
          const after =
            page.cursor === undefined ? undefined : and(not(folders.isDefault), afterDefault ? undefined : where);
          return withStats(db, sortKey)
            .where(and(eq(folders.userId, userId), after))
            .orderBy(desc(folders.isDefault), ...orderBy)
            .limit(limit);
        },
        (row) => row.folder.id,
      ),

    /** One of the user's folders with its count, size and cover; undefined when it is not theirs. */
    async folderWithStats(userId: string, id: string) {
      const [row] = await withStats(db, sql<string>`''`)
        .where(and(eq(folders.id, id), eq(folders.userId, userId)))
        .limit(1);
      return row;
    },

    async findOwned(id: string, userId: string, lock = false) {
      const query = db
        .select()
        .from(folders)
        .where(and(eq(folders.id, id), eq(folders.userId, userId)))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async findDefault(userId: string) {
      const [row] = await db
        .select()
        .from(folders)
        .where(and(eq(folders.userId, userId), eq(folders.isDefault, true)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Creates the default folder unless the user has one; the partial unique index decides between
     * concurrent callers. Resolves to the new folder, or null when it already existed.
     */
    async insertDefault(userId: string, name: string) {
      const [row] = await db
        .insert(folders)
        .values({ userId, name, isDefault: true })
        .onConflictDoNothing({ target: folders.userId, where: sql`${folders.isDefault}` })
        .returning();
      return row ?? null;
    },

    /**
     * Makes a folder unless the user already has `max` besides the default one; null then. The
     * owner's row is locked first (no key update: it blocks no other insert that names the user),
     * so concurrent creates count one after another and the count in the insert sees every
     * committed folder: read committed takes the statement's snapshot after the lock is held.
     */
    async insertUnderCap(userId: string, name: string, max: number) {
      await db.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          insert into ${folders} (user_id, name)
          select ${userId}::uuid, ${name}
          where (select count(*) from ${folders} where user_id = ${userId} and not is_default) < ${max}
          returning id`),
      );
      if (!rows[0]) return null;
      const [row] = await db.select().from(folders).where(eq(folders.id, rows[0].id));
      return row!;
    },

    async rename(id: string, userId: string, name: string) {
      const [row] = await db
        .update(folders)
        .set({ name, updatedAt: NOW })
        .where(and(eq(folders.id, id), eq(folders.userId, userId)))
        .returning();
      return row ?? null;
    },

    async deleteFolder(id: string, userId: string) {
      await db.delete(folders).where(and(eq(folders.id, id), eq(folders.userId, userId)));
    },

    async touch(userId: string, ids: string[]) {
      const unique = [...new Set(ids)];
      if (!unique.length) return;
      await db
        .update(folders)
        .set({ updatedAt: NOW })
        .where(and(eq(folders.userId, userId), inArray(folders.id, unique)));
    },

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
    takeItems: (userId: string, ids: string[]) =>
      db
        .delete(folderItems)
        .where(and(eq(folderItems.userId, userId), inArray(folderItems.id, ids)))
        .returning(),

    takeFolderItems: (userId: string, folderId: string) =>
      db
        .delete(folderItems)
        .where(and(eq(folderItems.userId, userId), eq(folderItems.folderId, folderId)))
        .returning(),

    lockItems: (userId: string, ids: string[]) =>
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
     * Removes those of the user's images in `uploadIds` that nothing keeps any more: no folder
     * item, no community work (published or not, nor as its base image) and no task that used it
     * as an input. Resolves to the storage keys to delete once the transaction commits.
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
            and not exists (select 1 from folder_items fi where fi.upload_id = u.id)
            and not exists (select 1 from works w where w.upload_id = u.id or w.base_upload_id = u.id)
            and not exists (
              select 1 from tasks t where t.user_id = u.user_id and u.id::text in (
                t.params->>'baseImageId', t.params->>'referenceImageId', t.params->>'depthImageId',
                t.params->>'lineArtImageId', t.params->>'maskImageId'))
          returning u.key, u.thumb_key`),
      );
    },
  };
}
export type WorkspaceRepository = ReturnType<typeof createWorkspaceRepository>;
