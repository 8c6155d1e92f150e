import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

// What every driver (pglite.ts, postgres.ts) offers the rest of the server, and what they share.

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
  /** The connection pool's use now (PostgreSQL; the embedded database has one connection and none). */
  poolUse?(): { total: number; idle: number; waiting: number; max: number };
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

/** The one set of SQL migrations, applied by both drivers at start. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** Drizzle's transaction handle is a database bound to one connection; the one cast lives here. */
export const inTransaction = <T>(db: Db, fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db));

export function assertChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw new Error(`invalid notification channel: ${channel}`);
}
