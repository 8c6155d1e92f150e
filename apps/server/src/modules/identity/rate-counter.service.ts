import { AppError } from '../../shared/app-error.ts';
import type { RateCounterRepository } from './rate-counter.repository.ts';

/** Limits kept in the database, so they hold across API nodes and restarts. */
export function createRateCounterService(repo: RateCounterRepository, now: () => Date = () => new Date()) {
  const secondsLeft = (ends: Date) => Math.max(1, Math.ceil((ends.getTime() - now().getTime()) / 1000));
  return {
    /** Counts one event, atomically, and throws once the window holds more than `max`. */
    async consume(key: string, max: number, windowMs: number) {
      const row = await repo.hit(key, windowMs, now());
      if (row.count > max) throw new AppError('RATE_LIMITED', { params: { seconds: secondsLeft(row.windowEndsAt) } });
    },
    /** Counts one event, atomically, and tells whether the window now holds more than `max` (never refuses). */
    async countOver(key: string, max: number, windowMs: number) {
      const row = await repo.hit(key, windowMs, now());
      return row.count > max;
    },
    clear: (key: string) => repo.clear(key),
  };
}
export type RateCounterService = ReturnType<typeof createRateCounterService>;
