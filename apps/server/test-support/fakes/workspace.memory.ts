import { randomUUID } from 'node:crypto';
import { decodeCursor, encodeCursor, type Page, type PageRequest } from '@turing/contract';
import { mapPage } from '../../src/db/paging.ts';
import type { FolderItemRow, FolderRow, UploadRow } from '../../src/db/schema/index.ts';
import type { WorkspaceRepository } from '../../src/modules/workspace/workspace.repository.ts';
import { unscoped, type MemoryStore } from './memory-store.ts';

type FolderWithStats = NonNullable<Awaited<ReturnType<WorkspaceRepository['folderWithStats']>>>;
type ImageRow = Awaited<ReturnType<WorkspaceRepository['images']>>['items'][number];

type Key = { sort: string; id: string };

/** Newest first, ties broken by the id, after `at` when given: the order keysetPage reads. */
function newestFirst<T>(rows: T[], key: (row: T) => Key, at?: Key | null) {
  return rows
    .filter((row) => {
      const k = key(row);
      return !at || k.sort < at.sort || (k.sort === at.sort && k.id < at.id);
    })
    .sort((a, b) => key(b).sort.localeCompare(key(a).sort) || key(b).id.localeCompare(key(a).id));
}

/** One page of rows already in order: at most `limit`, and the cursor after the last when more follow. */
function pageOf<T>(ordered: T[], limit: number, key: (row: T) => Key): Page<T> {
  const items = ordered.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: ordered.length > limit && last ? encodeCursor(key(last)) : null };
}

const cursorOf = (req: PageRequest) => (req.cursor === undefined ? undefined : decodeCursor(req.cursor));

/**
 * The workspace repository (workspace.repository.ts) over in-memory rows: one default folder per
 * user, the folder cap counted without it, an image once per folder, and an image's row dropped
 * only when nothing keeps it (a folder item, a community work, a task that used it).
 */
export function createMemoryWorkspace(store: MemoryStore) {
  const folders = store.table<FolderRow>();
  const items = store.table<FolderItemRow>();
  const uploads = store.table<UploadRow>();
  /** Upload ids a community work or a task still names (kept whatever the folders do). */
  const keptElsewhere = store.table<true>();
  const { now } = store;
  const copy = <T extends object>(row: T | undefined) => (row ? { ...row } : null);
  const stamp = (d: Date) => d.toISOString();

  function newFolder(userId: string, name: string, isDefault: boolean) {
    const row: FolderRow = { id: randomUUID(), userId, name, isDefault, createdAt: now(), updatedAt: now() };
    folders.set(row.id, row);
    return { ...row };
  }

  function stats(folder: FolderRow): Omit<FolderWithStats, 'sortKey'> {
    const inside = [...items.values()]
      .filter((it) => it.folderId === folder.id)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
    const images = inside.map((it) => uploads.get(it.uploadId)!);
    return {
      folder: { ...folder },
      fileCount: inside.length,
      sizeBytes: String(images.reduce((sum, u) => sum + u.bytes, 0)),
      coverKey: images[0]?.key ?? null,
      coverThumbKey: images[0]?.thumbKey ?? null,
    };
  }

  const owned = (id: string, userId: string) => {
    const row = folders.get(id);
    return row && row.userId === userId ? row : undefined;
  };
  const defaultOf = (userId: string) => [...folders.values()].find((f) => f.userId === userId && f.isDefault);
  const touch = (ids: string[]) => ids.forEach((id) => folders.get(id) && (folders.get(id)!.updatedAt = now()));
  const filed = (uploadId: string) => [...items.values()].some((it) => it.uploadId === uploadId);

  function put(item: Omit<FolderItemRow, 'id'> & { id?: string }) {
    const clash = [...items.values()].some(
      (it) => it.id === item.id || (it.folderId === item.folderId && it.uploadId === item.uploadId),
    );
    if (clash) return false;
    const row: FolderItemRow = { ...item, id: item.id ?? randomUUID() };
    items.set(row.id, row);
    return true;
  }

  function fileInto(userId: string, folderId: string, taskId?: string) {
    let added = 0;
    for (const u of uploads.values()) {
      if (u.userId !== userId || u.kind !== 'result' || (taskId && u.taskId !== taskId) || filed(u.id)) continue;
      if (put({ userId, folderId, uploadId: u.id, taskId: u.taskId, createdAt: u.createdAt })) added += 1;
    }
    if (added) touch([folderId]);
    return added;
  }

  function take(match: (it: FolderItemRow) => boolean) {
    const taken = [...items.values()].filter(match);
    for (const it of taken) items.delete(it.id);
    return taken.map((it) => ({ ...it }));
  }

  const repository: WorkspaceRepository = {
    async foldersPage(userId, req, defaultId) {
      const at = cursorOf(req);
      const mine = [...folders.values()].filter((f) => f.userId === userId);
      const key = (f: FolderRow) => ({ sort: stamp(f.createdAt), id: f.id });
      // The default folder first; a cursor naming it (a page of one) goes on with all the others.
      const others = newestFirst(
        mine.filter((f) => !f.isDefault),
        key,
        at?.id === defaultId ? undefined : at,
      );
      const ordered = [...(at === undefined ? mine.filter((f) => f.isDefault) : []), ...others];
      return mapPage(pageOf(ordered, req.limit, key), (f) => ({ ...stats(f), sortKey: stamp(f.createdAt) }));
    },
    async folderWithStats(userId, id) {
      const row = owned(id, userId);
      return row ? { ...stats(row), sortKey: '' } : undefined;
    },
    findOwned: async (id, userId) => copy(owned(id, userId)),
    findDefault: async (userId) => copy(defaultOf(userId)),
    insertDefault: async (userId, name) => (defaultOf(userId) ? null : newFolder(userId, name, true)),
    async insertUnderCap(userId, name, max) {
      const made = [...folders.values()].filter((f) => f.userId === userId && !f.isDefault).length;
      return made < max ? newFolder(userId, name, false) : null;
    },
    async rename(id, userId, name) {
      const row = owned(id, userId);
      if (!row) return null;
      Object.assign(row, { name, updatedAt: now() });
      return { ...row };
    },
    async deleteFolder(id, userId) {
      if (!owned(id, userId)) return;
      folders.delete(id);
      take((it) => it.folderId === id);
    },
    async touch(userId, ids) {
      touch(ids.filter((id) => owned(id, userId)));
    },
    fileUnfiled: async (userId, folderId, taskId) => fileInto(userId, folderId, taskId),
    async fileTaskResults(userId, taskId, chosen) {
      const target = (chosen ? owned(chosen, userId) : undefined) ?? defaultOf(userId);
      if (!target) return false;
      fileInto(userId, target.id, taskId);
      return true;
    },
    async images(userId, folderId, req) {
      const rows = [...items.values()]
        .filter((it) => it.userId === userId && it.folderId === folderId)
        .map((item): ImageRow => ({
          item: { ...item },
          upload: { ...uploads.get(item.uploadId)! },
          params: null,
          engine: null,
          resultIndex: null,
          workId: null,
          sortKey: stamp(item.createdAt),
        }));
      const key = (row: ImageRow) => ({ sort: row.sortKey, id: row.item.id });
      return pageOf(newestFirst(rows, key, cursorOf(req)), req.limit, key);
    },
    takeItems: async (userId, ids) => take((it) => it.userId === userId && ids.includes(it.id)),
    takeFolderItems: async (userId, folderId) => take((it) => it.userId === userId && it.folderId === folderId),
    lockItems: async (userId, ids) =>
      [...items.values()].filter((it) => it.userId === userId && ids.includes(it.id)).map((it) => ({ ...it })),
    async putItems(moving, folderId, keepIds) {
      let added = 0;
      for (const it of moving) {
        const { id, ...rest } = it;
        if (put({ ...rest, folderId, ...(keepIds ? { id } : {}) })) added += 1;
      }
      return added;
    },
    async dropUnkept(userId, uploadIds) {
      const gone: { key: string; thumb_key: string | null }[] = [];
      for (const id of new Set(uploadIds)) {
        const u = uploads.get(id);
        if (!u || u.userId !== userId || filed(id) || keptElsewhere.has(id)) continue;
        uploads.delete(id);
        gone.push({ key: u.key, thumb_key: u.thumbKey });
      }
      return gone;
    },
  };

  return {
    repository,
    scoped: unscoped(repository),
    folders,
    items,
    uploads,
    keptElsewhere,
    /** A result image of `userId`'s task, not filed anywhere yet. */
    addResult(userId: string, taskId: string, bytes = 1000) {
      const row: UploadRow = {
        id: randomUUID(),
        userId,
        kind: 'result',
        key: `result/${randomUUID()}.webp`,
        mime: 'image/webp',
        width: 64,
        height: 64,
        bytes,
        thumbKey: null,
        contentHash: null,
        taskId,
        createdAt: now(),
      };
      uploads.set(row.id, row);
      return { ...row };
    },
  };
}
