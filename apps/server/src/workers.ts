import { sweepExpired } from './modules/auth/housekeeping.ts';
import type { Services } from './services.ts';

/**
 * Background work of a process with ROLE=all or ROLE=worker. Returns the function that stops it;
 * it resolves once running work has finished.
 */
export function startWorkers(services: Services): () => Promise<void> {
  const { database, log } = services;
  // Hourly sweep of expired sessions, codes and rate windows; idempotent, so any node may run it.
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepExpired(database.db).then(
      (removed) => log.info({ removed }, 'housekeeping'),
      (err: unknown) => log.error({ err }, 'housekeeping failed'),
    );
  };
  sweep();
  const timer = setInterval(sweep, 3_600_000).unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
