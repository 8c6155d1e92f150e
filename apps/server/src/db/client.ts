import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createStatementCache } from './pglite-statements.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Notification = (payload: string) => void;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The driver underneath, for libraries that bring their own adapters (the job queue). */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string; poolSize: number };
  /** Raw SQL with `$1`-style parameters, for what Drizzle does not express (queue adapters, locks). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` in one transaction; the handle it receives is bound to it (build repositories on it). */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; resolves to the function that stops listening. */
  listen(channel: string, onMessage: Notification): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Runs one raw SQL statement (used by readiness checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /** Longest time a statement may run before PostgreSQL cancels it. */
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** Told about connection errors that are survived (a killed backend, a restart). */
  onError?: (err: Error) => void;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number: every node migrating at once waits on this lock instead of racing. */
const MIGRATION_LOCK = 7_261_842_001;
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** Drizzle's transaction handle is a database bound to one connection; the one cast lives here. */
const inTransaction = <T>(db: Db, fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db));

function assertChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw new Error(`invalid notification channel: ${channel}`);
}

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

/** Applies the migrations on one connection holding an advisory lock, so concurrent nodes take turns. */
export async function migratePostgres(url: string, connectTimeoutMs = 10_000) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client) as never, { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}

/** Connects to PostgreSQL and applies the migrations. */
export async function openPostgres(url: string, opts: DatabaseOptions = {}): Promise<Database> {
  const connectTimeoutMs = opts.connectTimeoutMs ?? 10_000;
  await migratePostgres(url, connectTimeoutMs);
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: opts.statementTimeoutMs ?? 30_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its backend (terminated, server restart) emits here; without a
  // listener the process would crash. The pool replaces the client on the next checkout.
  pool.on('error', (err) => opts.onError?.(err));
  const db = drizzlePg(pool, { schema }) as unknown as Db;

  // One dedicated connection carries every LISTEN of this process, reconnecting when it drops.
  const handlers = new Map<string, Set<Notification>>();
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  const connectListener = (): Promise<pg.Client> => {
    if (listener) return Promise.resolve(listener);
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
      client.on('notification', (msg) => {
        for (const fn of handlers.get(msg.channel) ?? []) fn(msg.payload ?? '');
      });
      client.on('error', (err) => {
        opts.onError?.(err);
        listener = null;
        void client.end().catch(() => {});
        if (!closed && handlers.size)
          setTimeout(() => {
            resubscribe().catch(() => {});
          }, 1_000).unref();
      });
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`listen "${channel}"`);
      listener = client;
      return client;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  const resubscribe = async () => {
    try {
      await connectListener();
    } catch (err) {
      opts.onError?.(err as Error);
      if (!closed)
        setTimeout(() => {
          resubscribe().catch(() => {});
        }, 2_000).unref();
    }
  };

  return {
    db,
    kind: 'postgres',
    driver: { kind: 'postgres', url, poolSize: opts.poolSize ?? 10 },
    async query<T>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as T[];
    },
    transaction: (fn) => inTransaction(db, fn),
    async listen(channel, onMessage) {
      assertChannel(channel);
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onMessage);
      const client = await connectListener();
      if (first && !connecting) await client.query(`listen "${channel}"`);
      return async () => {
        set.delete(onMessage);
        if (set.size === 0) {
          handlers.delete(channel);
          await listener?.query(`unlisten "${channel}"`).catch(() => {});
        }
      };
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string } & DatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(path.join(opts.dataDir, 'db'));
}

/**
 * Start-up and connection failures: Drizzle wraps the driver's error, whose message says what
 * went wrong. Only the first line of a message is kept (a failed query's second line lists its
 * parameters); when the query had parameters, the database's own message (which may quote them)
 * gives way to its error code.
 */
export function describeDbError(err: unknown): string {
  const parts: string[] = [];
  let withParams = false;
  for (let c: unknown = err, depth = 0; c && typeof c === 'object' && depth < 4; depth += 1) {
    const params = (c as { params?: unknown }).params;
    if (Array.isArray(params) && params.length) withParams = true;
    c = (c as { cause?: unknown }).cause;
  }
  let current: unknown = err;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if (current instanceof AggregateError && current.errors.length) current = current.errors[0];
    const e = current as { message?: string; code?: string; severity?: string; cause?: unknown };
    const quotesValues = withParams && typeof e.severity === 'string';
    const text = [e.code, quotesValues ? undefined : e.message?.split('\n')[0]].filter(Boolean).join(': ');
    if (text && !parts.includes(text)) parts.push(text);
    current = e.cause;
  }
  return parts.join(' — caused by ') || String(err);
}
