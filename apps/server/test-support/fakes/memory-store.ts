import type { Db } from '../../src/db/client.ts';
import type { Scoped, Transactor } from '../../src/db/scoped.ts';

/**
 * In-memory tables for repository fakes, with transactions that behave like the database's as far
 * as a service can tell: work that throws leaves every table as it was before. One connection only:
 * there is no concurrency to model, so the fakes are for rules, not for races.
 */
export function createMemoryStore(start = new Date('2026-03-01T12:00:00Z')) {
  const tables: Map<string, unknown>[] = [];
  let clock = start.getTime();
  // The fakes ignore the handle; a service only passes it back to the repositories it was given.
  const handle = {} as Db;
  const transaction: Transactor = async (work) => {
    const saved = tables.map((t) => new Map([...t].map(([k, v]) => [k, structuredClone(v)])));
    try {
      return await work(handle);
    } catch (err) {
      tables.forEach((t, i) => {
        t.clear();
        for (const [k, v] of saved[i]!) t.set(k, v);
      });
      throw err;
    }
  };
  return {
    transaction,
    now: () => new Date(clock),
    advance(ms: number) {
      clock += ms;
    },
    table<V>(): Map<string, V> {
      const t = new Map<string, V>();
      tables.push(t as Map<string, unknown>);
      return t;
    },
  };
}
export type MemoryStore = ReturnType<typeof createMemoryStore>;

/** The same repository on the pool and in every transaction (there is only one store). */
export const unscoped = <R>(repo: R): Scoped<R> => ({ pool: repo, in: () => repo });
