import type { RateCounterRepository } from '../../src/modules/identity/rate-counter.repository.ts';

type CounterRow = Awaited<ReturnType<RateCounterRepository['hit']>>;

/**
 * The rate counters (rate-counter.repository.ts) in memory: fixed windows, a hit after the window
 * ended opening a new one that counts from one.
 */
export function createMemoryRateCounters() {
  const rows = new Map<string, CounterRow>();
  const repository: RateCounterRepository = {
    async hit(key, windowMs, now) {
      const row = rows.get(key);
      const next =
        !row || row.windowEndsAt <= now
          ? { key, count: 1, windowEndsAt: new Date(now.getTime() + windowMs) }
          : { ...row, count: row.count + 1 };
      rows.set(key, next);
      return { ...next };
    },
    get: async (key) => {
      const row = rows.get(key);
      return row ? { ...row } : null;
    },
    async clear(key) {
      rows.delete(key);
    },
  };
  return { repository, rows };
}
