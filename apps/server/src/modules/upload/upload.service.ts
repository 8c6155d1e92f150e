import { createHash, randomUUID } from 'node:crypto';
import { LIMITS, type UploadKind, type UploadedImage } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import type { UploadRow } from '../../db/schema/index.ts';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import { browserUrl, type ObjectStorage, type Visibility } from '../../storage/storage.ts';
import { cleanImage, type CleanImage } from './image-processing.ts';
import { ABANDONED_AFTER_MS } from './upload-sweep.ts';
import type { UploadRepository } from './upload.repository.ts';

const DAY_MS = 86_400_000;
/** Signed URLs of private images live about an hour: long enough for a page, too short to pass around. */
const SIGNED_URL_TTL_SECONDS = 3600;

/** Avatars are shown to other people; every other image is its owner's alone. */
const visibilityFor = (kind: UploadKind): Visibility => (kind === 'avatar' ? 'public' : 'private');

interface UploadQuota {
  count: number;
  bytes: number;
}

export interface UploadServiceDeps {
  uploads: Scoped<UploadRepository>;
  transaction: Transactor;
  storage: ObjectStorage;
  quota?: UploadQuota;
  now?: () => Date;
}

export function createUploadService(deps: UploadServiceDeps) {
  const { uploads, transaction } = deps;
  const repo = uploads.pool;
  const quota = deps.quota ?? { count: LIMITS.uploadDailyCount, bytes: LIMITS.uploadDailyBytes };
  const now = deps.now ?? (() => new Date());
  const url = (key: string, scope?: string) => browserUrl(deps.storage, key, SIGNED_URL_TTL_SECONDS, scope);
  const toDto = (row: UploadRow): UploadedImage => ({
    id: row.id,
    kind: row.kind as UploadKind,
    url: url(row.key),
    thumbUrl: row.thumbKey ? url(row.thumbKey) : null,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
  });

  /** Refuses when `adding` more bytes would pass the user's daily count or bytes. */
  async function assertQuota(r: typeof repo, userId: string, adding: number) {
    const usage = await r.usageSince(userId, new Date(now().getTime() - DAY_MS));
    if (usage.count + 1 <= quota.count && usage.bytes + adding <= quota.bytes) return;
    // The window is rolling: room comes back as the oldest upload of the last day ages out.
    const freeAt = (usage.oldest?.getTime() ?? now().getTime()) + DAY_MS;
    throw new AppError('UPLOAD_QUOTA', {
      params: {
        count: quota.count,
        mb: Math.floor(quota.bytes / (1024 * 1024)),
        hours: Math.max(1, Math.ceil((freeAt - now().getTime()) / 3_600_000)),
      },
    });
  }

  /** Best effort: what cannot be removed now is an orphan object, never a broken image. */
  const removeObjects = (keys: (string | null)[]) =>
    Promise.all(keys.map((k) => (k ? deps.storage.delete(k).catch(() => {}) : null)));

  /** Stores the image and its thumbnail; when one of them fails, neither stays. */
  async function storeObjects(name: string, image: CleanImage, visibility: Visibility) {
    const [main, thumb] = await Promise.allSettled([
      deps.storage.put(`${name}.${image.ext}`, image.data, { contentType: image.mime, visibility }),
      image.thumb
        ? deps.storage.put(`${name}.thumb.webp`, image.thumb, { contentType: 'image/webp', visibility })
        : null,
    ]);
    if (main.status === 'fulfilled' && thumb.status === 'fulfilled') return { key: main.value, thumbKey: thumb.value };
    await removeObjects([
      main.status === 'fulfilled' ? main.value : null,
      thumb.status === 'fulfilled' ? thumb.value : null,
    ]);
    throw main.status === 'rejected' ? main.reason : (thumb as PromiseRejectedResult).reason;
  }

  return {
    async saveImage(userId: string, kind: UploadKind, input: Buffer): Promise<UploadedImage> {
      // Cheap refusal before any decoding; the binding check runs again under the lock below.
      await assertQuota(repo, userId, 0);
      const image = await cleanImage(input, kind);
      // Cleaning is deterministic, so the same picture sent again gives the same bytes and hash.
      const contentHash = createHash('sha256').update(image.data).digest('hex');
      // An older unused copy may be swept any moment; one it leaves alone for half a day is safe to hand out.
      const keptSince = () => new Date(now().getTime() - ABANDONED_AFTER_MS / 2);
      const earlier = await repo.findReusable(userId, kind, contentHash, keptSince());
      // Stored once: the earlier upload is the answer, with no new object and no quota used.
      if (earlier) return toDto(earlier);

      const id = randomUUID();
      const month = now().toISOString().slice(0, 7).replace('-', '/');
      const { key, thumbKey } = await storeObjects(`${kind}/${month}/${id}`, image, visibilityFor(kind));
      try {
        const outcome = await transaction(async (tx) => {
          const r = uploads.in(tx);
          await r.lockUser(userId);
          // Two identical uploads at once both get here with their own objects. Under the user's
          // lock the second sees the first's row and answers with it, and its own objects go.
          // Should that ever miss (no unique index backs it), the cost is one duplicate, not an error.
          const twin = await r.findReusable(userId, kind, contentHash, keptSince());
          if (twin) return { row: twin, stored: false };
          await assertQuota(r, userId, image.data.length);
          const row = await r.insert({
            id,
            userId,
            kind,
            key,
            thumbKey,
            contentHash,
            mime: image.mime,
            width: image.width,
            height: image.height,
            bytes: image.data.length,
          });
          return { row, stored: true };
        });
        if (!outcome.stored) await removeObjects([key, thumbKey]);
        return toDto(outcome.row);
      } catch (err) {
        await removeObjects([key, thumbKey]);
        throw err;
      }
    },

    /** An upload of this user and kind, or UPLOAD_NOT_FOUND. */
    async getOwned(id: string, userId: string, kind: UploadKind) {
      const row = await repo.findOwned(id, userId);
      if (!row || row.kind !== kind) throw new AppError('UPLOAD_NOT_FOUND');
      return row;
    },

    /** Any image of this user (an upload or a generated result), or UPLOAD_NOT_FOUND. */
    async getOwnedAny(id: string, userId: string) {
      const row = await repo.findOwned(id, userId);
      if (!row || row.kind === 'avatar' || row.kind === 'support') throw new AppError('UPLOAD_NOT_FOUND');
      return row;
    },

    /**
     * The browser addresses of those of `ids` that are this user's images, by id; another
     * user's image is simply absent. `db` lets a caller read inside its own transaction.
     */
    async ownedImageUrls(userId: string, ids: string[], db?: Db) {
      const rows = await (db ? uploads.in(db) : repo).findOwnedImages(userId, [...new Set(ids)]);
      return new Map(rows.map((row) => [row.id, { url: url(row.key), thumbUrl: url(row.thumbKey ?? row.key) }]));
    },

    /**
     * Removes an image nothing refers to any more (a replaced avatar). The file goes first: should
     * the row survive a failure, the abandoned-upload sweep finds it a day later and finishes.
     */
    async discard(key: string) {
      try {
        const row = await repo.findByKey(key);
        await deps.storage.delete(key);
        if (row?.thumbKey) await deps.storage.delete(row.thumbKey);
        await repo.deleteByKey(key);
      } catch {
        // Left to the sweep, see above; the caller's change stands either way.
      }
    },

    /**
     * Copies another user's images into `toUserId`'s uploads as the given kinds ("copy parameters"
     * of a community work): new objects and rows owned by the copier, the author's left as they
     * are. Copies count towards the copier's daily uploads like images they sent themselves, and
     * copying the same image again answers with the earlier copy. Images the author no longer
     * has are left out. Resolves to the copies by source id.
     */
    async copyImages(fromUserId: string, toUserId: string, wanted: { id: string; kind: UploadKind }[]) {
      const sources = await repo.findOwnedImages(fromUserId, [...new Set(wanted.map((w) => w.id))]);
      const byId = new Map(sources.map((row) => [row.id, row]));
      const copies = new Map<string, UploadedImage>();
      for (const { id, kind } of wanted) {
        const source = byId.get(id);
        if (!source || copies.has(id)) continue;
        const kept = source.contentHash
          ? await repo.findReusable(
              toUserId,
              kind,
              source.contentHash,
              new Date(now().getTime() - ABANDONED_AFTER_MS / 2),
            )
          : null;
        if (kept) {
          copies.set(id, toDto(kept));
          continue;
        }
        const [data, thumb] = await Promise.all([
          deps.storage.get(source.key),
          source.thumbKey ? deps.storage.get(source.thumbKey) : null,
        ]);
        if (!data) continue;
        const newId = randomUUID();
        const month = now().toISOString().slice(0, 7).replace('-', '/');
        const ext = /\.([a-z0-9]+)$/i.exec(source.key)?.[1] ?? 'png';
        const { key, thumbKey } = await storeObjects(
          `${kind}/${month}/${newId}`,
          { data, thumb, ext, mime: source.mime, width: source.width, height: source.height },
          visibilityFor(kind),
        );
        try {
          const row = await transaction(async (tx) => {
            const r = uploads.in(tx);
            await r.lockUser(toUserId);
            await assertQuota(r, toUserId, data.length);
            return r.insert({
              id: newId,
              userId: toUserId,
              kind,
              key,
              thumbKey,
              contentHash: source.contentHash,
              mime: source.mime,
              width: source.width,
              height: source.height,
              bytes: data.length,
            });
          });
          copies.set(id, toDto(row));
        } catch (err) {
          await removeObjects([key, thumbKey]);
          throw err;
        }
      }
      return copies;
    },

    /** The API's shape of an image row. */
    toDto,

    url,
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
