/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--force]` (src/backup.ts). On
 * PostgreSQL the command dumps and restores the database itself (pg_dump, pg_restore). The embedded
 * database belongs to one process: while the server runs, the backup is asked of it over the admin
 * API (the command and the server share the machine); when none runs, the data folder is opened here.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import {
  ADMIN_TOKEN_HEADER,
  APP_HEADER,
  BACKUP_CONTENT_TYPE,
  LIMITS,
  backupAdminEndpoints,
  systemEndpoints,
} from '@turing/contract';
import { loadConfig, type Config } from '../../config.ts';
import { VERSION } from '../../platform/version.ts';
import { adminTokenFile, readToken } from '../admin/admin-token.ts';
import { ArchiveError, readArchive } from './archive-read.ts';
import { ARCHIVE_MODE, partialName, stageArchive, writeArchiveFile } from './archive-write.ts';
import { openPgliteDirectly, postgresSource, type DumpSource } from './database-dump.ts';
import type { Manifest } from './manifest.ts';
import { restoreArchive } from './restore.ts';
import { productOf } from './backup.service.ts';

const HELP = `Turing Design backups

Usage:
  npm run backup -- <file>             Writes one archive (tar.gz) of the database and the local
                                       files to <file>; an existing <file> is replaced once the new
                                       archive is complete
  npm run restore -- <file> [--force]  Restores an archive into an empty data folder or database;
                                       --force replaces what is there

A relative <file> is taken from the project's folder, where npm runs the command.

Options:
  --url <url>      The running server, asked for the backup of an embedded database (default
                   http://127.0.0.1:<PORT>, or ADMIN_LISTEN when set)
  --token <token>  The admin token (default ADMIN_TOKEN, else the file <DATA_DIR>/admin-token)
`;

class UsageError extends Error {}

export interface BackupRun {
  /** 0: done; 1: refused or failed; 2: wrong usage (the help follows the message). */
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `backup <file>` or `restore <file>` and says what the process prints and returns. */
export async function runBackupCli(argv: string[], env?: NodeJS.ProcessEnv): Promise<BackupRun> {
  try {
    return { code: 0, stdout: `${await run(argv, env)}\n`, stderr: '' };
  } catch (err) {
    if (err instanceof UsageError) return { code: 2, stdout: '', stderr: `error: ${err.message}\n\n${HELP}` };
    return { code: 1, stdout: '', stderr: `error: ${err instanceof Error ? err.message : String(err)}\n` };
  }
}

async function run(argv: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, file, ...extra] = positionals;
  if (values.help || command === 'help') return HELP;
  if (command !== 'backup' && command !== 'restore') throw new UsageError(`Unknown command "${command ?? ''}".`);
  if (!file) throw new UsageError(`${command} needs the archive's file name.`);
  if (extra.length) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}.`);
  if (values.force && command === 'backup') throw new UsageError('--force is an option of restore.');
  const config = loadConfig(env);
  const server = { url: values.url ?? defaultUrl(config), explicit: values.url !== undefined, token: values.token };
  return command === 'backup'
    ? backup(path.resolve(file), config, server)
    : restore(path.resolve(file), config, server, values.force ?? false);
}

interface ServerRef {
  url: string;
  /** Named with --url: then it must answer. */
  explicit: boolean;
  token?: string;
}

/** Where the admin API listens: ADMIN_LISTEN when operators have an address of their own. */
const defaultUrl = (config: Config) =>
  config.ADMIN_LISTEN
    ? `http://${config.ADMIN_LISTEN.replace(/^0\.0\.0\.0:/, '127.0.0.1:')}`
    : `http://127.0.0.1:${config.PORT}`;

async function backup(dest: string, config: Config, server: ServerRef): Promise<string> {
  if (!fs.existsSync(path.dirname(dest))) throw new Error(`The folder ${path.dirname(dest)} does not exist.`);
  const filesRoot = config.S3_BUCKET ? null : config.filesDir;
  if (config.DATABASE_URL) {
    const made = await writeDirectly(postgresSource(config.DATABASE_URL), filesRoot, config, dest);
    return summary(dest, made, config, 'pg_dump');
  }
  if (await answers(server)) {
    const made = await download(dest, config, server);
    return summary(dest, made, config, `the running server at ${server.url}`);
  }
  const dbDir = path.join(config.DATA_DIR, 'db');
  if (fs.existsSync(path.join(dbDir, 'postmaster.pid')))
    throw new Error(
      `The embedded database in ${dbDir} is open in another process, and no server answers at ${server.url}. ` +
        'Pass --url with the address of the running server (the backup is then made by it); if no server runs ' +
        '(one was stopped abruptly), start the server and run this again.',
    );
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION')))
    throw new Error(`There is no embedded database in ${dbDir} (DATA_DIR=${config.DATA_DIR}).`);
  const pglite = await openPgliteDirectly(dbDir);
  try {
    const made = await writeDirectly(pglite.source, filesRoot, config, dest);
    return summary(dest, made, config, `the data folder ${config.DATA_DIR}`);
  } finally {
    await pglite.close();
  }
}

async function writeDirectly(source: DumpSource, filesRoot: string | null, config: Config, dest: string) {
  const staged = await stageArchive({
    source,
    filesRoot,
    workDir: config.DATA_DIR,
    product: productOf(VERSION),
    now: new Date(),
  });
  try {
    return { manifest: staged.manifest, bytes: await writeArchiveFile(staged, dest) };
  } finally {
    await staged.discard();
  }
}

/** Whether a server answers at the address (a refused connection: none runs there). */
async function answers(server: ServerRef): Promise<boolean> {
  try {
    await fetch(`${server.url}${LIMITS.apiBase}${systemEndpoints.live.path}`, { signal: AbortSignal.timeout(5000) });
    return true;
  } catch (err) {
    if (server.explicit) throw new Error(`No Turing Design server answers at ${server.url}.`);
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED') return false;
    throw new Error(`The server at ${server.url} did not answer: ${(err as Error).message}.`);
  }
}

/** The running server's archive, saved under a temporary name, checked whole, then renamed. */
async function download(dest: string, config: Config, server: ServerRef) {
  const token = server.token ?? config.ADMIN_TOKEN ?? (await readToken(adminTokenFile(config.DATA_DIR)));
  if (!token) throw new Error(`No admin token: pass --token, set ADMIN_TOKEN, or run this with the server's DATA_DIR.`);
  // Plain HTTP rather than fetch, whose client gives up on an answer that takes minutes to begin:
  // the server stages the whole archive (the dump, every file linked and hashed) before its first byte.
  const { method, path: route } = backupAdminEndpoints.download;
  const url = `${server.url}${LIMITS.apiBase}${route}`;
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = url.startsWith('https:') ? https.request : http.request;
    // Like every admin change, it carries the app's header; it has no body.
    const headers = {
      [ADMIN_TOKEN_HEADER]: token,
      [APP_HEADER.name]: APP_HEADER.value,
      'accept-language': 'en',
      'content-length': '0',
    };
    request(url, { method, headers }, resolve).on('error', reject).end();
  });
  if (res.statusCode !== 200 || res.headers['content-type'] !== BACKUP_CONTENT_TYPE) {
    const body = Buffer.concat(await res.toArray()).toString('utf8');
    const envelope = (() => {
      try {
        return JSON.parse(body) as { msg?: string };
      } catch {
        return null;
      }
    })();
    const why = envelope?.msg ?? `HTTP ${res.statusCode}`;
    throw new Error(
      `The server at ${server.url} made no backup: ${why}${(res.statusCode ?? 500) >= 500 ? ' (its log says why)' : ''}.`,
    );
  }
  const tmp = partialName(dest);
  try {
    await pipeline(res, fs.createWriteStream(tmp, { flags: 'wx', mode: ARCHIVE_MODE }));
    const manifest = await readArchive(tmp).catch((err: unknown) => {
      throw new Error(
        `The archive the server sent is not whole (${err instanceof ArchiveError ? err.message : String(err)}); its log says why.`,
      );
    });
    await fsp.rename(tmp, dest);
    return { manifest, bytes: (await fsp.stat(dest)).size };
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    throw err;
  }
}

async function restore(file: string, config: Config, server: ServerRef, force: boolean): Promise<string> {
  // The embedded database must not be replaced under the process that holds it.
  if (!config.DATABASE_URL && (await answers({ ...server, explicit: false }).catch(() => true)))
    throw new Error(`A server answers at ${server.url}: stop it before restoring its data folder.`);
  const manifest = await restoreArchive(
    file,
    {
      dataDir: config.DATA_DIR,
      databaseUrl: config.DATABASE_URL ?? null,
      storage: config.S3_BUCKET ? 's3' : 'local',
    },
    { force },
  );
  const files = manifest.files.included
    ? `${count(manifest.files.count, 'file')} (${size(manifest.files.bytes)}) in ${config.filesDir}`
    : `no files (they are in the S3 bucket ${config.S3_BUCKET}, which is backed up and restored with the store's own tools)`;
  return [
    `Restored ${file} (made ${manifest.createdAt} by ${manifest.product.name} ${manifest.product.version}):`,
    `  database: ${describeDatabase(manifest)}`,
    `  files: ${files}`,
    'Start the server: it applies the migrations newer than the archive’s.',
  ].join('\n');
}

function summary(dest: string, made: { manifest: Manifest; bytes: number }, config: Config, via: string) {
  const { manifest } = made;
  const files = manifest.files.included
    ? `${count(manifest.files.count, 'file')} (${size(manifest.files.bytes)})`
    : `no files: they are in the S3 bucket ${config.S3_BUCKET}; back it up with the store's own tools (versioning, replication or a sync)`;
  return [
    `Backup written to ${dest} (${size(made.bytes)}), made by ${via}:`,
    `  database: ${describeDatabase(manifest)}`,
    `  files: ${files}`,
  ].join('\n');
}

const describeDatabase = (m: Manifest) =>
  `${m.database.serverVersion}, migration ${m.database.migrations.last ?? 'none'} (${m.database.migrations.applied} applied)`;

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
