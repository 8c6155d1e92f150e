import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Pack } from 'tar';
import type { DumpSource } from './database-dump.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  DUMP_NAME,
  FILES_PREFIX,
  MANIFEST_NAME,
  S3_FILES_NOTE,
  type Manifest,
  type ManifestMember,
} from './manifest.ts';

/** A backup ready to be written: its manifest, and its bytes on demand. */
export interface StagedArchive {
  manifest: Manifest;
  /** The archive: manifest.json, the database dump, then the files, as one gzip-compressed tar. */
  stream(): Readable;
  /** Removes what was staged; call it once the stream has ended or was abandoned. */
  discard(): Promise<void>;
}

export interface StageOptions {
  source: DumpSource;
  /** The local files (`DATA_DIR/files`), or null when they are in S3 and not part of the archive. */
  filesRoot: string | null;
  /** Where the staging folder is made: the data folder, so the files can be linked rather than copied. */
  workDir: string;
  product: { name: string; version: string };
  now: Date;
  /** Aborted when the archive is no longer wanted (its caller went away): staging stops there. */
  signal?: AbortSignal;
}

/** Every staging folder's name begins so, whichever host made it. */
const STAGING = '.backup-';
/**
 * This host's staging folders are named after the process that made them: its id, and a token of
 * its own, since a container restarted under the same hostname gets the same process id again.
 */
const HOST_PREFIX = `${STAGING}${os.hostname().replace(/[^\w.-]/g, '-')}-`;
const PROCESS_TOKEN = randomBytes(4).toString('hex');
/**
 * A staging folder untouched for this long was left by a process that died, whichever host it ran
 * on (a data folder shared by several nodes, a pid now taken by another process): the folder's time
 * changes with every member staged into it, and a backup stages in minutes.
 */
export const STAGING_ABANDONED_MS = 6 * 3600_000;
/** Archives and staged members are readable by the server's user alone: they hold every account. */
export const ARCHIVE_MODE = 0o600;

/**
 * Stages a backup: the database is dumped first, then the files are linked into the staging folder
 * (copied when the two are on different disks). A file written after the dump is then an orphan the
 * restored product ignores; a file deleted after its link was made is still in the archive. Linking
 * also freezes every file as it was hashed, so the manifest, which must come first, is exact.
 */
export async function stageArchive(opts: StageOptions): Promise<StagedArchive> {
  await fsp.mkdir(opts.workDir, { recursive: true });
  await removeAbandoned(opts.workDir, opts.now);
  // mkdtemp makes the folder for its owner alone (0700): the dump and the links in it stay private.
  const dir = await fsp.mkdtemp(path.join(opts.workDir, `${HOST_PREFIX}${process.pid}-${PROCESS_TOKEN}-`));
  try {
    opts.signal?.throwIfAborted();
    const dumpName = DUMP_NAME[opts.source.kind];
    const migrations = await opts.source.migrations();
    const serverVersion = await opts.source.dump(path.join(dir, dumpName));
    opts.signal?.throwIfAborted();
    const dump = await memberOf(dir, dumpName);
    const files = opts.filesRoot ? await linkFiles(opts.filesRoot, dir, opts.signal) : [];
    const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_VERSION,
      product: opts.product,
      createdAt: opts.now.toISOString(),
      database: { kind: opts.source.kind, serverVersion, dump: dumpName, migrations },
      files: opts.filesRoot
        ? { storage: 'local', included: true, count: files.length, bytes }
        : { storage: 's3', included: false, count: 0, bytes: 0, note: S3_FILES_NOTE },
      members: [dump, ...files],
    };
    await fsp.writeFile(path.join(dir, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: ARCHIVE_MODE,
    });
    opts.signal?.throwIfAborted();
    return {
      manifest,
      stream: () => {
        // The fastest level: images and pg_dump's output are compressed already, and it still
        // shrinks PGlite's data directory (mostly write-ahead log) sevenfold, at a third of the
        // default level's time.
        const pack = new Pack({ cwd: dir, gzip: { level: 1 }, portable: true, noDirRecurse: true, strict: true });
        for (const name of [MANIFEST_NAME, ...manifest.members.map((m) => m.name)]) pack.add(name);
        pack.end();
        return Readable.from(pack, { objectMode: false });
      },
      discard: () => fsp.rm(dir, { recursive: true, force: true }),
    };
  } catch (err) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Writes a staged archive to `dest` through a temporary name in the same folder, renamed once it is
 * complete and on disk: a crash never leaves half an archive under the final name. Resolves to its size.
 */
export async function writeArchiveFile(staged: StagedArchive, dest: string): Promise<number> {
  const tmp = partialName(dest);
  try {
    await pipeline(staged.stream(), fs.createWriteStream(tmp, { flags: 'wx', mode: ARCHIVE_MODE }));
    const handle = await fsp.open(tmp, 'r+');
    await handle.sync().finally(() => handle.close());
    await fsp.rename(tmp, dest);
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    throw err;
  }
  return (await fsp.stat(dest)).size;
}

/** The temporary name an archive is written under: hidden, and marked as incomplete. */
export const partialName = (dest: string) =>
  path.join(path.dirname(dest), `.${path.basename(dest)}.${process.pid}.${randomBytes(4).toString('hex')}.partial`);

async function memberOf(dir: string, name: string): Promise<ManifestMember> {
  const file = path.join(dir, name);
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { name, bytes, sha256: hash.digest('hex') };
}

/** Links (or copies) every stored file into `dir/files/`, sorted by key, and hashes the staged copy. */
async function linkFiles(root: string, dir: string, signal?: AbortSignal): Promise<ManifestMember[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(root, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const keys = entries
    // Half-written files (storage writes `<key>.<pid>.<n>.tmp`, then renames) are not objects yet.
    .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
  const members: ManifestMember[] = [];
  const made = new Set<string>();
  for (const key of keys) {
    signal?.throwIfAborted();
    const name = `${FILES_PREFIX}${key}`;
    const staged = path.join(dir, name);
    const parent = path.dirname(staged);
    if (!made.has(parent)) {
      await fsp.mkdir(parent, { recursive: true });
      made.add(parent);
    }
    try {
      await fsp.link(path.join(root, key), staged).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code === 'EXDEV' || err.code === 'EPERM' || err.code === 'EMLINK')
          return fsp.copyFile(path.join(root, key), staged);
        throw err;
      });
    } catch (err) {
      // Deleted since the folder was read: its row went before or after the dump, and either way
      // there is nothing left to keep.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    members.push(await memberOf(dir, name));
  }
  return members;
}

/**
 * Staging folders left behind by processes that died mid-backup: this host's whose process is gone
 * (or whose id now belongs to this process, started after them), and any untouched for hours.
 * This process's own are in use.
 */
async function removeAbandoned(workDir: string, now: Date) {
  const names = await fsp.readdir(workDir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(STAGING)) continue;
    const [pidText, token] = name.startsWith(HOST_PREFIX) ? name.slice(HOST_PREFIX.length).split('-') : [];
    const pid = Number(pidText);
    const ours = pid === process.pid && token === PROCESS_TOKEN;
    if (ours) continue;
    const dead = Number.isInteger(pid) && pid > 0 && (pid === process.pid || !alive(pid));
    if (!dead) {
      const stat = await fsp.stat(path.join(workDir, name)).catch(() => null);
      if (!stat?.isDirectory() || now.getTime() - stat.mtimeMs < STAGING_ABANDONED_MS) continue;
    }
    await fsp.rm(path.join(workDir, name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
