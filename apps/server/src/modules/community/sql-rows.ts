import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The rows of a raw statement; both drivers answer `{ rows }`. */
export async function sqlRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The PostgreSQL error code anywhere in the chain of causes (Drizzle wraps the driver's error). */
function pgCode(err: unknown): string | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth += 1) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return null;
}

/**
 * Runs a single statement again when PostgreSQL chose it as a deadlock victim: two users following
 * each other at the same instant lock the same two counter rows from opposite ends, and the
 * statement that lost was rolled back whole, so repeating it is safe.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || pgCode(err) !== '40P01') throw err;
    }
  }
}
