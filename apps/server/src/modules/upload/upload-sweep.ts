import type { Scoped, Transactor } from '../../db/scoped.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import type { UploadRepository } from './upload.repository.ts';

/** An upload gets a day to be used (a form left open, a generation set up slowly) before it goes. */
export const ABANDONED_AFTER_MS = 86_400_000;
/** Rows per transaction, so one sweep after a long pause never holds locks for long. */
const BATCH = 200;

/**
 * Removes uploads older than a day that no profile, ticket or task refers to, rows and files.
 * Each batch deletes its rows and files in one transaction: when a file cannot be removed the rows
 * come back and the next sweep tries again, so no file is ever left without its row.
 * Idempotent, so any node may run it; resolves to the number of uploads removed.
 */
export async function sweepAbandonedUploads(
  deps: { uploads: Scoped<UploadRepository>; transaction: Transactor; storage: ObjectStorage },
  now = new Date(),
): Promise<number> {
  const { storage } = deps;
  const before = new Date(now.getTime() - ABANDONED_AFTER_MS);
  let removed = 0;
  for (;;) {
    const count = await deps.transaction(async (tx) => {
      const gone = await deps.uploads.in(tx).deleteUnreferenced(before, BATCH);
      for (const { key, thumbKey } of gone) {
        await storage.delete(key);
        if (thumbKey) await storage.delete(thumbKey);
      }
      return gone.length;
    });
    removed += count;
    if (count < BATCH) return removed;
  }
}
