import fs from 'node:fs';
import { PGlite, types, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { inTransaction, assertChannel, migrationsFolder, type Database, type Db } from './database.ts';
import { createStatementCache } from './pglite-statements.ts';
import * as schema from './schema/index.ts';

export interface PgliteOptions {
  /**
   * A data directory dumped by PGlite's `dumpDataDir()` to start from instead of an empty one. The
   * tests migrate one database per run and give every app a copy: migrating takes seconds, copying
   * a fraction of one. The migrations still run after loading (and find nothing left to apply).
   */
  loadDataDir?: Blob;
}

/**
 * The types drizzle reads as PostgreSQL's text and parses itself: timestamps, dates, intervals, and
 * the arrays of these and of numerics. It asks every query for that with per-query parsers, which
 * PGlite merges into its own (364 of them) on every query: a tenth of a millisecond each, on the
 * thread that runs everything. So the instance reads these types as text itself, drizzle's option
 * is dropped as the no-op it then is, and every other caller (the job queue, raw statements) asks
 * for PGlite's own parsers of them back and sees what it always saw.
 */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
/** Their array types and the type of an element (PGlite parses an array with its element's parser). */
const ARRAY_OF: Record<number, number> = {
  1231: types.NUMERIC,
  1115: types.TIMESTAMP,
  1185: types.TIMESTAMPTZ,
  1187: types.INTERVAL,
  1182: types.DATE,
};

type Queryable = Pick<PGlite, 'query' | 'exec'>;
type Run = (text: string, params: unknown[], opts?: QueryOptions) => Promise<Results<unknown>>;
/** Where a statement runs instead of PGlite's `query` (see pglite-statements.ts); null: PGlite's. */
interface Runner {
  preparable(text: string): boolean;
  alone: Run;
  inTransaction: Run;
}

/**
 * `client` with each query's options changed by `adjust`, and run by `runner` where it takes the
 * statement; a transaction's handle is changed alike.
 */
function withOptions<C extends Queryable>(
  client: C,
  adjust: (opts?: QueryOptions) => QueryOptions | undefined,
  runner: Runner | null = null,
  inTransaction = false,
): C {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query')
        return (text: string, params?: unknown[], opts?: QueryOptions) => {
          const adjusted = adjust(opts);
          // A closed transaction's handle refuses the statement PGlite's way.
          const usable = !inTransaction || !(target as unknown as Transaction).closed;
          if (runner && usable && runner.preparable(text))
            return (inTransaction ? runner.inTransaction : runner.alone)(text, params ?? [], adjusted);
          return target.query(text, params, adjusted);
        };
      if (prop === 'exec') return (text: string, opts?: QueryOptions) => target.exec(text, adjust(opts));
      if (prop === 'transaction' && 'transaction' in target)
        return <T>(fn: (tx: Queryable) => Promise<T>) =>
          (target as unknown as PGlite).transaction((tx) => fn(withOptions(tx, adjust, runner, true)));
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Opens PGlite in `dir` (or in memory when dir is null) and applies the migrations. */
export async function openPglite(dir: string | null, opts: PgliteOptions = {}): Promise<Database> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = opts.loadDataDir
    ? new PGlite({ dataDir: dir ?? undefined, loadDataDir: opts.loadDataDir })
    : dir
      ? new PGlite(dir)
      : new PGlite();
  await client.waitReady;
  // PGlite's own parsers of these types, kept for the raw statements (an array's element parser
  // taken now: PGlite's array parsers look their element's parser up when they run).
  const own = Object.fromEntries(
    TEXT_TYPES.map((oid) => {
      const element = ARRAY_OF[oid] === undefined ? undefined : client.parsers[ARRAY_OF[oid]]!;
      const parser = element ? (text: string) => types.arrayParser(text, element, oid) : client.parsers[oid]!;
      return [oid, parser] as const;
    }),
  );
  for (const oid of TEXT_TYPES) client.parsers[oid] = (text: string) => text;
  const textual = new Set(TEXT_TYPES.map(String));
  const forDrizzle = withOptions(
    client,
    (opts) => {
      if (!opts?.parsers || !Object.keys(opts.parsers).every((oid) => textual.has(oid))) return opts;
      const { parsers: _same, ...rest } = opts;
      return rest;
    },
    createStatementCache(client),
  );
  const raw = withOptions(client, (opts) => ({ ...opts, parsers: { ...own, ...opts?.parsers } }));
  const db = drizzlePglite(forDrizzle, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    driver: { kind: 'pglite', client: raw },
    async query<T>(text: string, params: unknown[] = []) {
      return (await raw.query<T>(text, params)).rows;
    },
    transaction: (fn) => inTransaction(db, fn),
    async listen(channel, onMessage) {
      assertChannel(channel);
      // PGlite delivers notifications in-process, which is all one embedded node needs.
      const unlisten = await client.listen(channel, onMessage);
      return unlisten;
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
    },
  };
}
