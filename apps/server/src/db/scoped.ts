import type { Database, Db } from './client.ts';

/**
 * A repository as a service receives it: on the pool, and bound to a transaction the caller opened,
 * so its writes commit (or vanish) with the caller's. Services get these instead of the database,
 * so their rules run against in-memory repositories in tests.
 */
export interface Scoped<R> {
  readonly pool: R;
  in(tx: Db): R;
}

/** Runs work in one transaction (Database['transaction'] without the rest of the database). */
export type Transactor = Database['transaction'];

export const scoped = <R>(db: Db, make: (db: Db) => R): Scoped<R> => ({ pool: make(db), in: make });
