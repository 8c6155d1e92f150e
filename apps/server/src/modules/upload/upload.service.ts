import { randomUUID } from 'node:crypto';
import type { UploadKind, UploadedImage } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import type { UploadRow } from '../../db/schema/index.ts';
import { AppError } from '../../shared/app-error.ts';
import { isPublicKey, type UrlSigner } from '../../storage/signed-urls.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { cleanImage } from './image-processing.ts';
import { createUploadRepository } from './upload.repository.ts';

export function createUploadService(deps: { db: Db; storage: ObjectStorage; signer: UrlSigner }) {
  const repo = createUploadRepository(deps.db);
  /** Avatars are public; every other image is reached through a signed URL that expires. */
  const url = (key: string) => (isPublicKey(key) ? deps.storage.url(key) : deps.signer.sign(key));
  const toDto = (row: UploadRow): UploadedImage => ({
    id: row.id,
    kind: row.kind as UploadKind,
    url: url(row.key),
    width: row.width,
    height: row.height,
    bytes: row.bytes,
  });

  return {
    async saveImage(userId: string, kind: UploadKind, input: Buffer): Promise<UploadedImage> {
      const image = await cleanImage(input, kind);
      const id = randomUUID();
      const month = new Date().toISOString().slice(0, 7).replace('-', '/');
      const key = `${kind}/${month}/${id}.${image.ext}`;
      await deps.storage.put(key, image.data, image.mime);
      try {
        const row = await repo.insert({
          id,
          userId,
          kind,
          key,
          mime: image.mime,
          width: image.width,
          height: image.height,
          bytes: image.data.length,
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

    url,
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
