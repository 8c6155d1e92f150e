import type { PGlite } from '@electric-sql/pglite';
import { openPglite, type Database } from '../src/db/client.ts';

/**
 * In-memory PGlite databases for test apps, reused within a worker. Opening a copy of the run's
 * migrated database costs about 0.6 s of CPU (the data directory is unpacked and Postgres starts);
 * emptying a database a closed app leaves behind costs about 30 ms. A database is reused only when
 * it is as a fresh copy would be once emptied: nothing listens on it, no transaction is open, and
 * its schema is the migrated one (a test that adds a trigger or a function gets a new database
 * next time). The job queue's schema is dropped, so every app creates it as on a fresh database.
 */

/** Schemas the migrations own; pg-boss's is dropped at each reuse, Postgres's own are not ours. */
const OURS = `n.nspname not in ('pg_catalog', 'information_schema', 'pgboss')
  and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;

/** A digest of every object a test could add or change in our schemas. */
const SCHEMA_DIGEST = `select md5(coalesce(string_agg(d, ',' order by d), '')) as digest from (
  select 'n ' || n.nspname as d from pg_namespace n where ${OURS}
  union all select 'c ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${OURS}
  union all select 'a ' || c.oid::regclass || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
      || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(ad.adbin, ad.adrelid), '')
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
    where a.attnum > 0 and not a.attisdropped and ${OURS}
  union all select 'k ' || k.conrelid::regclass || '.' || k.conname || ' ' || pg_get_constraintdef(k.oid)
    from pg_constraint k join pg_namespace n on n.oid = k.connamespace where ${OURS}
  union all select 't ' || t.tgrelid::regclass || '.' || t.tgname || ' ' || t.tgenabled::text
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal and ${OURS}
  union all select 'p ' || p.oid::regprocedure::text
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${OURS}
  union all select 'e ' || t.typname || ' ' || e.enumlabel
    from pg_enum e join pg_type t on t.oid = e.enumtypid join pg_namespace n on n.oid = t.typnamespace where ${OURS}
  union all select 'x ' || extname from pg_extension
) objects`;

interface Pooled {
  database: Database;
  client: PGlite;
}

/** At most this many idle databases per worker (each holds its own WebAssembly memory). */
const KEEP = 2;
const idle: Pooled[] = [];
let migrated: { digest: string; tables: string } | undefined;

async function digestOf(client: PGlite) {
  const { rows } = await client.query<{ digest: string }>(SCHEMA_DIGEST);
  return rows[0]!.digest;
}

/** A migrated database, empty: a reused one when this worker has one, else a copy of `template`. */
export async function leasePglite(template: Blob | undefined): Promise<Database> {
  const reused = idle.pop();
  if (reused) return reused.database;
  const database = await openPglite(null, { loadDataDir: template });
  if (database.driver.kind !== 'pglite') throw new Error('expected PGlite');
  if (!migrated) {
    const client = database.driver.client;
    const { rows } = await client.query<{ tables: string }>(
      `select string_agg(format('%I.%I', schemaname, tablename), ', ') as tables from pg_tables where schemaname = 'public'`,
    );
    migrated = { digest: await digestOf(client), tables: rows[0]!.tables };
  }
  return database;
}

/** Takes back a database whose app has closed: emptied for the next app, or closed when it cannot be. */
export async function releasePglite(database: Database): Promise<void> {
  if (database.driver.kind !== 'pglite') return;
  const client = database.driver.client;
  if (client.closed) return;
  if (await reusable(client)) {
    idle.push({ database, client });
    return;
  }
  await database.close();
}

async function reusable(client: PGlite): Promise<boolean> {
  if (!migrated || idle.length >= KEEP || client.isInTransaction()) return false;
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_listening_channels()');
    if (rows[0]!.n > 0) return false;
    // The audit trail refuses TRUNCATE by trigger, as the product must never empty it; a reused
    // test database is emptied with triggers off (replica mode, reset with the rest below).
    await client.exec(`drop schema if exists pgboss cascade;
      set session_replication_role = replica;
      truncate ${migrated.tables} restart identity cascade;
      reset all;
      select pg_advisory_unlock_all();`);
    return (await digestOf(client)) === migrated.digest;
  } catch {
    return false;
  }
}
