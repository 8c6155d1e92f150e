import { randomUUID } from 'node:crypto';
import { LIMITS, type UploadKind, type UploadedImage } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import type { UploadRow } from '../../db/schema/index.ts';
import { AppError } from '../../shared/app-error.ts';
import { browserUrl, type ObjectStorage, type Visibility } from '../../storage/storage.ts';
import { cleanImage } from './image-processing.ts';
import { createUploadRepository } from './upload.repository.ts';

const DAY_MS = 86_400_000;
/** Signed URLs of private images live about an hour: long enough for a page, too short to pass around. */
const SIGNED_URL_TTL_SECONDS = 3600;

/** Avatars are shown to other people; every other image is its owner's alone. */
const visibilityFor = (kind: UploadKind): Visibility => (kind === 'avatar' ? 'public' : 'private');

export interface UploadQuota {
  count: number;
  bytes: number;
}

export function createUploadService(deps: { db: Db; storage: ObjectStorage; quota?: UploadQuota; now?: () => Date }) {
  const repo = createUploadRepository(deps.db);
  const quota = deps.quota ?? { count: LIMITS.uploadDailyCount, bytes: LIMITS.uploadDailyBytes };
  const now = deps.now ?? (() => new Date());
  const url = (key: string) => browserUrl(deps.storage, key, SIGNED_URL_TTL_SECONDS);
  const toDto = (row: UploadRow): UploadedImage => ({
    id: row.id,
    kind: row.kind as UploadKind,
    url: url(row.key),
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

  return {
    async saveImage(userId: string, kind: UploadKind, input: Buffer): Promise<UploadedImage> {
      // Cheap refusal before any decoding; the binding check runs again under the lock below.
      await assertQuota(repo, userId, 0);
      const image = await cleanImage(input, kind);
      const id = randomUUID();
      const month = now().toISOString().slice(0, 7).replace('-', '/');
      const key = await deps.storage.put(`${kind}/${month}/${id}.${image.ext}`, image.data, {
        contentType: image.mime,
        visibility: visibilityFor(kind),
      });
      try {
        // Drizzle's transaction handle is a database bound to one connection.
        const row = await deps.db.transaction(async (tx) => {
          const r = createUploadRepository(tx as unknown as Db);
          await r.lockUser(userId);
          await assertQuota(r, userId, image.data.length);
          return r.insert({
            id,
            userId,
            kind,
            key,
            mime: image.mime,
            width: image.width,
            height: image.height,
            bytes: image.data.length,
          });
        });
        return toDto(row);
      } catch (err) {
        await deps.storage.delete(key);
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
     * Removes an image nothing refers to any more (a replaced avatar). The file goes first: should
     * the row survive a failure, the abandoned-upload sweep finds it a day later and finishes.
     */
    async discard(key: string) {
      try {
        await deps.storage.delete(key);
        await repo.deleteByKey(key);
      } catch {
        // Left to the sweep, see above; the caller's change stands either way.
      }
    },

    url,
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
