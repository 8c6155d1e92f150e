import type { Db } from '../../db/client.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { createGeneratedImages } from './generated-images.ts';
import { createUploadService } from './upload.service.ts';

/** Images users upload and images the engines make, in object storage with their rows. */
export function createUploadModule(deps: { db: Db; storage: ObjectStorage }) {
  return {
    uploads: createUploadService(deps),
    images: createGeneratedImages(deps),
  };
}
export type UploadModule = ReturnType<typeof createUploadModule>;
