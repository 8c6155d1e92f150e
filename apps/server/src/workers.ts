import { sweepExpired } from './modules/auth/housekeeping.ts';
import { sweepAbandonedUploads } from './modules/upload/upload-sweep.ts';
import type { Services } from './services.ts';

/**
 * Background work of a process with ROLE=all or ROLE=worker. Returns the function that stops it;
 * it resolves once running work has finished.
 */
export function startWorkers(services: Services): () => Promise<void> {
  const { database, log } = services;
  // Hourly sweep of expired sessions, codes, rate windows and abandoned uploads; idempotent, so any node may run it.
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = Promise.all([
      sweepExpired(database.db).then(
        (removed) => log.info({ removed }, 'housekeeping'),
        (err: unknown) => log.error({ err }, 'housekeeping failed'),
      ),
      sweepAbandonedUploads(database.db, services.storage).then(
        (uploads) => log.info({ uploads }, 'abandoned uploads removed'),
        (err: unknown) => log.error({ err }, 'abandoned upload sweep failed'),
      ),
    ]);
  };
  sweep();
  const timer = setInterval(sweep, 3_600_000).unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
