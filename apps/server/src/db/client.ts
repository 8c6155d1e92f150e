import path from 'node:path';
import type { Database, DatabaseOptions } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

// The database layer's entry: the rest of the server imports the interface and both drivers from
// here. The interface is database.ts; each driver has its file (pglite.ts, postgres.ts).
export type { Database, DatabaseOptions, Db } from './database.ts';
export { openPglite } from './pglite.ts';
export { migratePostgres, openPostgres } from './postgres.ts';

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
