import type { Folder, FolderImage, Locale, Page, PageRequest } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import type { FolderRow } from '../../db/schema/index.ts';
import { mapPage } from '../../db/paging.ts';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { resultSeed } from '../../generation/index.ts';
import { AppError } from '../../shared/app-error.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { thumbFiles, thumbSources, type UploadService } from '../upload/index.ts';
import type { WorkspaceRepository } from './workspace.repository.ts';

/**
 * The default folder is stored without a name until its owner gives it one, so it reads in the
 * language of whoever looks at it.
 */
const DEFAULT_NAME: Record<Locale, string> = { en: 'Default folder', zh: '默认文件夹' };

type FolderWithStats = Omit<NonNullable<Awaited<ReturnType<WorkspaceRepository['folderWithStats']>>>, 'sortKey'>;

export interface WorkspaceServiceDeps {
  folders: Scoped<WorkspaceRepository>;
  transaction: Transactor;
  uploads: Pick<UploadService, 'url'>;
  storage: ObjectStorage;
  /** Folders one user may make besides the default one (FOLDERS_MAX). */
  foldersMax: number;
}

/** Folders of result images: each user's default one, the ones they make, moving and copying between them. */
export function createWorkspaceService(deps: WorkspaceServiceDeps) {
  const { folders, transaction } = deps;
  const repo = folders.pool;

  const toFolder = (row: FolderWithStats, locale: Locale): Folder => ({
    id: row.folder.id,
    name: row.folder.isDefault && !row.folder.name ? DEFAULT_NAME[locale] : row.folder.name,
    isDefault: row.folder.isDefault,
    fileCount: row.fileCount ?? 0,
    sizeBytes: Number(row.sizeBytes ?? 0),
    updatedAt: row.folder.updatedAt.toISOString(),
    createdAt: row.folder.createdAt.toISOString(),
    coverUrl: row.coverKey ? deps.uploads.url(row.coverThumbKey ?? row.coverKey) : null,
  });

  const emptyFolder = (folder: FolderRow): FolderWithStats => ({
    folder,
    fileCount: 0,
    sizeBytes: '0',
    coverKey: null,
    coverThumbKey: null,
  });

  /**
   * The user's default folder, made on first use. The one call that makes it also files the
   * results made before folders existed, in the same transaction, so a concurrent caller waiting
   * on the unique index sees the folder only with them in it.
   */
  async function defaultIn(r: WorkspaceRepository, userId: string) {
    const made = await r.insertDefault(userId, '');
    if (!made) return (await r.findDefault(userId))!;
    await r.fileUnfiled(userId, made.id);
    return made;
  }

  async function ensureDefault(userId: string) {
    return (await repo.findDefault(userId)) ?? transaction((tx) => defaultIn(folders.in(tx), userId));
  }

  async function ownedFolder(r: WorkspaceRepository, id: string, userId: string, lock = false) {
    const folder = await r.findOwned(id, userId, lock);
    if (!folder) throw new AppError('FOLDER_NOT_FOUND');
    return folder;
  }

  /** Best effort after the rows are gone: a file that cannot be removed now is an orphan, never a broken image. */
  const removeFiles = (rows: { key: string; thumb_key: string | null }[]) =>
    Promise.all(
      rows
        .flatMap((row) => [row.key, ...thumbFiles(row.thumb_key)])
        .map((key) => (key ? deps.storage.delete(key).catch(() => {}) : null)),
    );

  return {
    /** Refuses a folder that is not the user's (FOLDER_NOT_FOUND), so nothing is filed where the user can't see it. */
    async assertFolder(userId: string, folderId: string) {
      await ownedFolder(repo, folderId, userId);
    },

    /** One page of the user's folders: the default one first (made on first use), then newest first. */
    async list(userId: string, page: PageRequest, locale: Locale): Promise<Page<Folder>> {
      const made = await ensureDefault(userId);
      const rows = await repo.foldersPage(userId, page, made.id);
      return mapPage(rows, (row) => toFolder(row, locale));
    },

    async get(userId: string, id: string, locale: Locale): Promise<Folder> {
      const row = await repo.folderWithStats(userId, id);
      if (!row) throw new AppError('FOLDER_NOT_FOUND');
      return toFolder(row, locale);
    },

    /** Refused past FOLDERS_MAX (FOLDER_LIMIT), however many creates arrive at once. */
    async create(userId: string, name: string, locale: Locale): Promise<Folder> {
      const made = await transaction((tx) => folders.in(tx).insertUnderCap(userId, name, deps.foldersMax));
      if (!made) throw new AppError('FOLDER_LIMIT', { params: { max: deps.foldersMax } });
      return toFolder(emptyFolder(made), locale);
    },

    async rename(userId: string, id: string, name: string, locale: Locale): Promise<Folder> {
      const renamed = await repo.rename(id, userId, name);
      if (!renamed) throw new AppError('FOLDER_NOT_FOUND');
      const row = await repo.folderWithStats(userId, id);
      return toFolder(row ?? emptyFolder(renamed), locale);
    },

    /** Deletes a folder that is not the default; its images move to the default folder or go with it. */
    async remove(userId: string, id: string, images: 'move' | 'delete') {
      const outcome = await transaction(async (tx) => {
        const r = folders.in(tx);
        const folder = await ownedFolder(r, id, userId, true);
        if (folder.isDefault) throw new AppError('FOLDER_DEFAULT_LOCKED');
        const items = await r.takeFolderItems(userId, id);
        let moved = 0;
        let files: Awaited<ReturnType<WorkspaceRepository['dropUnkept']>> = [];
        if (images === 'move') {
          const target = await defaultIn(r, userId);
          moved = await r.putItems(items, target.id, true);
          if (moved) await r.touch(userId, [target.id]);
        } else {
          files = await r.dropUnkept(
            userId,
            items.map((it) => it.uploadId),
          );
        }
        await r.deleteFolder(id, userId);
        return { moved, deleted: images === 'delete' ? items.length : 0, files };
      });
      await removeFiles(outcome.files);
      return { moved: outcome.moved, deleted: outcome.deleted };
    },

    async images(userId: string, folderId: string, page: PageRequest) {
      await ownedFolder(repo, folderId, userId);
      const rows = await repo.images(userId, folderId, page);
      return mapPage(rows, ({ item, upload, params, engine, resultIndex, workId }): FolderImage => ({
        id: item.id,
        folderId: item.folderId,
        imageId: upload.id,
        url: deps.uploads.url(upload.key),
        thumbUrl: deps.uploads.url(upload.thumbKey ?? upload.key),
        thumbs: thumbSources(upload, deps.uploads.url),
        width: upload.width,
        height: upload.height,
        bytes: upload.bytes,
        createdAt: item.createdAt.toISOString(),
        taskId: item.taskId,
        params: params ?? null,
        seed: params && engine ? resultSeed(engine, params, Number(resultIndex ?? 0)) : null,
        workId,
      }));
    },

    /**
     * Moves the caller's items among `ids` into a folder of theirs; ids of other users' items
     * match nothing, and when nothing matches at all the answer is IMAGE_NOT_FOUND. `count` is
     * how many left another folder (an image already in the target merges into it).
     */
    async move(userId: string, ids: string[], folderId: string) {
      return transaction(async (tx) => {
        const r = folders.in(tx);
        const target = await ownedFolder(r, folderId, userId);
        const mine = await r.lockItems(userId, ids);
        if (!mine.length) throw new AppError('IMAGE_NOT_FOUND');
        const movers = mine.filter((it) => it.folderId !== target.id);
        if (movers.length) {
          await r.takeItems(
            userId,
            movers.map((it) => it.id),
          );
          await r.putItems(movers, target.id, true);
          await r.touch(userId, [target.id, ...movers.map((it) => it.folderId)]);
        }
        return { count: movers.length };
      });
    },

    /** Copies the caller's items into a folder of theirs; `count` is how many were added (already there: skipped). */
    async copy(userId: string, ids: string[], folderId: string) {
      return transaction(async (tx) => {
        const r = folders.in(tx);
        const target = await ownedFolder(r, folderId, userId);
        const mine = await r.lockItems(userId, ids);
        if (!mine.length) throw new AppError('IMAGE_NOT_FOUND');
        const added = await r.putItems(mine, target.id, false);
        if (added) await r.touch(userId, [target.id]);
        return { count: added };
      });
    },

    /** Deletes the caller's items; an image goes from storage once nothing else keeps it. */
    async deleteImages(userId: string, ids: string[]) {
      const outcome = await transaction(async (tx) => {
        const r = folders.in(tx);
        const taken = await r.takeItems(userId, ids);
        if (!taken.length) throw new AppError('IMAGE_NOT_FOUND');
        await r.touch(
          userId,
          taken.map((it) => it.folderId),
        );
        const files = await r.dropUnkept(
          userId,
          taken.map((it) => it.uploadId),
        );
        return { count: taken.length, files };
      });
      await removeFiles(outcome.files);
      return { count: outcome.count };
    },

    /**
     * The usual case of `fileResults` as one statement inside the caller's transaction (a task's
     * completion); false when it has to be done by `fileResults` (the user has no default folder yet).
     */
    fileResultsIn: (tx: Db, userId: string, taskId: string, folderId: string | null) =>
      folders.in(tx).fileTaskResults(userId, taskId, folderId),

    /**
     * Files a finished task's results: into the folder chosen at submit time when it is still the
     * user's, otherwise into the default one. Safe to run again (a retried job files once).
     */
    async fileResults(userId: string, taskId: string, folderId: string | null) {
      // Usually one statement: the chosen folder when it is still the user's, else the default one.
      try {
        if (await repo.fileTaskResults(userId, taskId, folderId)) return;
      } catch {
        // The chosen folder was deleted in the meantime: the results go where they would have without a choice.
      }
      // No default folder yet (or the chosen one just went): made now if need be.
      const target = await ensureDefault(userId);
      await repo.fileUnfiled(userId, target.id, taskId);
    },
  };
}
export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
