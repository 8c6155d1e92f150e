import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import {
  assertChannel,
  inTransaction,
  migrationsFolder,
  type Database,
  type DatabaseOptions,
  type Db,
  type Notification,
} from './database.ts';
import * as schema from './schema/index.ts';

/** Any fixed number: every node migrating at once waits on this lock instead of racing. */
const MIGRATION_LOCK = 7_261_842_001;

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
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: opts.poolSize ?? 10,
    }),
    close: async () => {
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}
