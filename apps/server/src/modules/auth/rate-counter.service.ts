import { AppError } from '../../shared/app-error.ts';
import type { RateCounterRepository } from './rate-counter.repository.ts';

/** Limits kept in the database, so they hold across API nodes and restarts. */
export function createRateCounterService(repo: RateCounterRepository, now: () => Date = () => new Date()) {
  const secondsLeft = (ends: Date) => Math.max(1, Math.ceil((ends.getTime() - now().getTime()) / 1000));
  return {
    /** Throws "try again in N s" while `key` has reached `max` in its current window. */
    async assertBelow(key: string, max: number) {
      const row = await repo.get(key);
      if (row && row.windowEndsAt > now() && row.count >= max) {
        throw new AppError('RATE_LIMITED', { params: { seconds: secondsLeft(row.windowEndsAt) } });
      }
    },
    /** Counts one event; throws once the window already holds `max`. */
    async consume(key: string, max: number, windowMs: number) {
      const row = await repo.hit(key, windowMs, now());
      if (row.count > max) throw new AppError('RATE_LIMITED', { params: { seconds: secondsLeft(row.windowEndsAt) } });
    },
    record: (key: string, windowMs: number) => repo.hit(key, windowMs, now()),
    clear: (key: string) => repo.clear(key),
  };
}
export type RateCounterService = ReturnType<typeof createRateCounterService>;
