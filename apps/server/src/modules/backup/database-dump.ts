import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { appliedMigrations, type DatabaseKind, type MigrationLevel } from './manifest.ts';

/** A database to dump: the embedded one (its PGlite instance) or a PostgreSQL server. */
export interface DumpSource {
  kind: DatabaseKind;
  /** Writes the dump to `file`; resolves to the dumped server's version. */
  dump(file: string): Promise<string>;
  migrations(): Promise<MigrationLevel>;
}

const rowsOf =
  (client: Pick<PGlite, 'query'>) =>
  async <T>(sql: string) =>
    (await client.query<T>(sql)).rows;

/**
 * The embedded database, dumped as PGlite's own data directory. The copy is taken inside a
 * transaction of its own: PGlite runs one transaction at a time, so none is half done in it, and
 * the checkpoint before it writes every committed page, so the copy opens without recovery.
 */
function pgliteSource(client: PGlite): DumpSource {
  const query = rowsOf(client);
  return {
    kind: 'pglite',
    async dump(file) {
      let dump: Blob | undefined;
      await client.transaction(async (tx) => {
        await tx.exec('checkpoint');
        // Uncompressed: the archive compresses it, several times faster than PGlite would.
        dump = await client.dumpDataDir('none');
      });
      await fsp.writeFile(file, dump!.stream());
      const [row] = await query<{ server_version: string }>('show server_version');
      return `PostgreSQL ${row!.server_version} (PGlite)`;
    },
    migrations: () => appliedMigrations(query),
  };
}

/** A PostgreSQL database, dumped by `pg_dump -Fc` (one consistent snapshot, whatever runs meanwhile). */
export function postgresSource(url: string): DumpSource {
  const query = async <T>(sql: string) => withClient(url, async (c) => (await c.query(sql)).rows as T[]);
  return {
    kind: 'postgres',
    async dump(file) {
      await runPgTool('pg_dump', ['--format=custom', `--file=${file}`], url);
      const [row] = await query<{ server_version: string }>('show server_version');
      return `PostgreSQL ${row!.server_version}`;
    },
    migrations: () => appliedMigrations(query),
  };
}

/** The open database of a running server. */
export function sourceOf(database: Database): DumpSource {
  return database.driver.kind === 'pglite' ? pgliteSource(database.driver.client) : postgresSource(database.driver.url);
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The parts of a PostgreSQL target a restore checks first: anything in it, anyone connected to it. */
export async function inspectPostgres(url: string): Promise<{ relations: number; otherConnections: number }> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ relations: number; others: number }>(`select
      (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%') as relations,
      (select count(*)::int from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()) as others`);
    return { relations: rows[0]!.relations, otherConnections: rows[0]!.others };
  });
}

/**
 * Restores a `pg_dump -Fc` archive into the database at `url`, in one transaction: it all lands or
 * nothing does. `replace` first drops every schema there (public is made again, empty), in the same
 * transaction, so what the database held before stays if the restore fails.
 */
export async function restorePostgres(url: string, dumpFile: string, opts: { replace: boolean }) {
  const restoreArgs = ['--no-owner', '--no-privileges', '--exit-on-error'];
  if (!opts.replace) {
    await runPgTool('pg_restore', [...restoreArgs, '--single-transaction', dumpFile], url);
    return;
  }
  const schemas = await withClient(url, async (c) =>
    (
      await c.query<{ nspname: string }>(`select nspname from pg_namespace
        where nspname not in ('pg_catalog', 'information_schema')
          and nspname not like 'pg_toast%' and nspname not like 'pg_temp%'`)
    ).rows.map((r) => r.nspname),
  );
  const drop = [
    ...schemas.map((s) => `drop schema if exists "${s.replaceAll('"', '""')}" cascade;`),
    // As a new database has it: every role may use it.
    'create schema public;',
    'grant usage on schema public to public;',
  ].join('\n');
  // pg_restore writes the statements and psql runs them after the drops, all inside one transaction.
  const sqlFile = `${dumpFile}.sql`;
  await runPgTool('pg_restore', [...restoreArgs, `--file=${sqlFile}`, dumpFile], null);
  try {
    await runPgTool(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '--single-transaction',
        '--set=ON_ERROR_STOP=1',
        `--command=${drop}`,
        `--file=${sqlFile}`,
      ],
      url,
    );
  } finally {
    await fsp.rm(sqlFile, { force: true });
  }
}

/** Where Debian installs each PostgreSQL major's tools, for a PATH without them. */
const DEBIAN_PG = '/usr/lib/postgresql';
const found = new Map<string, string>();

/** The tool on PATH, else the newest Debian installation's; a clear error when there is neither. */
async function pgTool(name: string): Promise<string> {
  const known = found.get(name);
  if (known) return known;
  const candidates = [name];
  const majors = fs.existsSync(DEBIAN_PG)
    ? fs
        .readdirSync(DEBIAN_PG)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  candidates.push(...majors.map((major) => path.join(DEBIAN_PG, major, 'bin', name)));
  for (const candidate of candidates) {
    try {
      await promisify(execFile)(candidate, ['--version']);
      found.set(name, candidate);
      return candidate;
    } catch {
      // Not there: the next candidate.
    }
  }
  throw new Error(
    `${name} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client, the server's major version or newer), or put them on PATH.`,
  );
}

/**
 * The command line of a PostgreSQL tool run against `url` (null: no database), and the password
 * apart. The password, whether the URL gives it before the host (`user:password@`) or as a
 * parameter (`?password=`, which libpq lets win), never goes on the command line, where the
 * machine's process list would show it: the tool is told `passfile` instead, which must hold it.
 */
export function pgToolArgs(args: string[], url: string | null, passfile: string) {
  if (!url) return { argv: args, password: null };
  const parsed = new URL(url);
  const password = parsed.searchParams.get('password') ?? (parsed.password ? decodeURIComponent(parsed.password) : '');
  parsed.password = '';
  parsed.searchParams.delete('password');
  if (password) parsed.searchParams.set('passfile', passfile);
  return { argv: [...args, `--dbname=${parsed.toString()}`], password: password || null };
}

/**
 * Runs pg_dump, pg_restore or psql against `url` (null: no database). A password goes to the tool
 * in a password file of its own (libpq's `passfile`), in a folder only this user reads, removed
 * once the tool has ended.
 */
async function runPgTool(name: string, args: string[], url: string | null) {
  const tool = await pgTool(name);
  const passDir = path.join(os.tmpdir(), `turing-pgpass-${randomBytes(8).toString('hex')}`);
  const { argv, password } = pgToolArgs(args, url, path.join(passDir, 'pgpass'));
  if (password) {
    await fsp.mkdir(passDir, { mode: 0o700 });
    const escaped = password.replace(/[\\:]/g, (c) => `\\${c}`);
    await fsp.writeFile(path.join(passDir, 'pgpass'), `*:*:*:*:${escaped}\n`, { mode: 0o600 });
  }
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(tool, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < 8000) stderr += chunk.toString();
      });
      child.on('error', reject);
      child.on('close', (code) => {
        if (code === 0) resolve();
        else reject(new Error(`${name} failed (exit ${code}): ${stderr.trim().split('\n').slice(0, 5).join(' | ')}`));
      });
    });
  } finally {
    if (password) await fsp.rm(passDir, { recursive: true, force: true });
  }
}

/**
 * Makes a PGlite data directory at `dir` from a dump of one, opens it once to prove it works, and
 * says how far its migrations go. `dir` must not exist yet.
 */
export async function loadPgliteDump(dumpFile: string, dir: string): Promise<MigrationLevel> {
  await fsp.mkdir(dir, { recursive: true });
  const client = new PGlite({
    dataDir: dir,
    loadDataDir: await fs.openAsBlob(dumpFile, { type: 'application/x-tar' }),
  });
  try {
    await client.waitReady;
    return await appliedMigrations(rowsOf(client));
  } finally {
    await client.close();
  }
}

/** Opens the embedded database of a data folder no server holds, for a backup from the command line. */
export async function openPgliteDirectly(dir: string): Promise<{ source: DumpSource; close(): Promise<void> }> {
  const client = new PGlite(dir);
  await client.waitReady;
  return { source: pgliteSource(client), close: () => client.close() };
}
