import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateCounters } from '../../db/schema/index.ts';

export function createRateCounterRepository(db: Db) {
  return {
    /** Adds one hit to a fixed window (opening a new window when the last one ended); returns the state. */
    async hit(key: string, windowMs: number, now: Date) {
      const ends = new Date(now.getTime() + windowMs);
      const [row] = await db
        .insert(rateCounters)
        .values({ key, count: 1, windowEndsAt: ends })
        .onConflictDoUpdate({
          target: rateCounters.key,
          set: {
            count: sql`case when ${rateCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateCounters.count} + 1 end`,
            windowEndsAt: sql`case when ${rateCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz then ${ends.toISOString()}::timestamptz else ${rateCounters.windowEndsAt} end`,
          },
        })
        .returning();
      return row!;
    },
    async get(key: string) {
      const [row] = await db.select().from(rateCounters).where(eq(rateCounters.key, key)).limit(1);
      return row ?? null;
    },
    async clear(key: string) {
      await db.delete(rateCounters).where(eq(rateCounters.key, key));
    },
  };
}
export type RateCounterRepository = ReturnType<typeof createRateCounterRepository>;
