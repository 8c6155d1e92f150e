import { and, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import { decodeCursor, type PageRequest } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import { keysetPage, type Keyset } from '../../db/paging.ts';
import { folderItems, folders, uploads, users } from '../../db/schema/index.ts';
import { createFolderItemsRepository } from './folder-items.repository.ts';

// Times come from the database clock, like every other "last edit".
const NOW = sql`now()`;

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

/** The folders' rows, with the queries of their items (folder-items.repository.ts) in one repository. */
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

    ...createFolderItemsRepository(db),
  };
}
export type WorkspaceRepository = ReturnType<typeof createWorkspaceRepository>;
