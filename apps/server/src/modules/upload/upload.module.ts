import type { Db } from '../../db/client.ts';
import { scoped, type Transactor } from '../../db/scoped.ts';
import { bindRoutes, moduleParts } from '../../shared/module-parts.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { createGeneratedImages } from './generated-images.ts';
import { sweepAbandonedUploads } from './upload-sweep.ts';
import { createUploadRepository } from './upload.repository.ts';
import { uploadModule } from './upload.routes.ts';
import { createUploadService } from './upload.service.ts';

/** Images users upload and images the engines make, in object storage with their rows. */
export function createUploadModule(deps: { db: Db; storage: ObjectStorage }) {
  const { db, storage } = deps;
  const rows = scoped(db, createUploadRepository);
  // Drizzle's transaction handle is a database bound to one connection.
  const transaction: Transactor = (work) => db.transaction((tx) => work(tx as unknown as Db));
  const uploads = createUploadService({ uploads: rows, transaction, storage });
  return moduleParts(
    {
      uploads,
      images: createGeneratedImages(deps),
      /** Housekeeping: removes uploads nothing has used for a day (see upload-sweep.ts). */
      sweepAbandonedUploads: (now?: Date) => sweepAbandonedUploads({ uploads: rows, transaction, storage }, now),
    },
    { public: [bindRoutes(uploadModule, { uploads })] },
  );
}
