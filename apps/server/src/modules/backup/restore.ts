import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ArchiveError, readArchive } from './archive-read.ts';
import { inspectPostgres, loadPgliteDump, restorePostgres } from './database-dump.ts';
import { FILES_PREFIX, newerThanShipped, type Manifest } from './manifest.ts';

/** Where an archive is restored: the configured database and files. */
export interface RestoreTarget {
  dataDir: string;
  /** PostgreSQL (DATABASE_URL); null for the embedded database in `<dataDir>/db`. */
  databaseUrl: string | null;
  storage: 'local' | 's3';
}

const KIND_NAMES = { pglite: 'the embedded database (PGlite)', postgres: 'PostgreSQL' } as const;

/**
 * Restores an archive into an empty target, or with `force` in place of what is there. The whole
 * archive is read and checked against its manifest (and written to a staging folder beside the
 * data) before the target is touched: a damaged, incomplete or foreign archive leaves it as it was.
 * The embedded database and the files then replace the old ones by renames; PostgreSQL takes the
 * dump in one transaction.
 */
export async function restoreArchive(file: string, target: RestoreTarget, opts: { force: boolean }): Promise<Manifest> {
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  const dbDir = path.join(target.dataDir, 'db');
  const filesDir = path.join(target.dataDir, 'files');
  const found = await occupied(target, kind, dbDir, filesDir);
  if (found.words.length && !opts.force)
    throw new ArchiveError(
      `The target is not empty: ${found.words.join('; ')}. Restore into an empty data folder or database, or pass --force to replace what is there.`,
    );

  // A data folder made for this restore goes again if it fails: the target is left as it was.
  const made = await fsp.mkdir(target.dataDir, { recursive: true });
  const staging = await fsp.mkdtemp(path.join(target.dataDir, '.restore-'));
  let restored = false;
  try {
    const manifest = await readArchive(file, {
      extractTo: path.join(staging, 'archive'),
      accept: (m) => acceptable(m, kind, target.storage),
    });
    const dump = path.join(staging, 'archive', manifest.database.dump);
    const files = path.join(staging, 'archive', FILES_PREFIX);
    if (manifest.files.included) await fsp.mkdir(files, { recursive: true });
    if (kind === 'pglite') {
      const db = path.join(staging, 'db');
      const level = await loadPgliteDump(dump, db);
      const newer = newerThanShipped(level);
      if (newer) throw new ArchiveError(`This backup cannot be restored here: ${newer}.`);
      await swapIn(staging, [[db, dbDir], ...(manifest.files.included ? [[files, filesDir] as const] : [])]);
    } else {
      await restorePostgres(target.databaseUrl!, dump, { replace: found.database });
      if (manifest.files.included) await swapIn(staging, [[files, filesDir]]);
    }
    restored = true;
    return manifest;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
    if (made && !restored) await fsp.rm(made, { recursive: true, force: true });
  }
}

/** Refuses an archive this target cannot take, as soon as its manifest is read. */
function acceptable(m: Manifest, kind: 'pglite' | 'postgres', storage: 'local' | 's3') {
  if (m.database.kind !== kind)
    throw new ArchiveError(
      `This archive holds ${KIND_NAMES[m.database.kind]}, and this server is configured for ${KIND_NAMES[kind]}: ` +
        (kind === 'postgres'
          ? 'restore it without DATABASE_URL, into an empty data folder.'
          : 'restore it with DATABASE_URL set to an empty PostgreSQL database.') +
        ' An archive is restored into the kind of database it was made from.',
    );
  if (m.files.storage !== storage)
    throw new ArchiveError(
      m.files.storage === 's3'
        ? 'This archive was made with S3 storage (its files are in the bucket, not in the archive), and this server keeps files locally: set S3_* to that bucket.'
        : `This archive holds its files (${m.files.count}), and this server keeps files in S3: restore it with local storage (S3_BUCKET unset), then copy DATA_DIR/files into the bucket.`,
    );
  const newer = newerThanShipped(m.database.migrations);
  if (newer) throw new ArchiveError(`This backup cannot be restored here: ${newer}.`);
}

/** Whether the target's database holds anything, and what the target holds, in words (none: empty). */
async function occupied(target: RestoreTarget, kind: 'pglite' | 'postgres', dbDir: string, filesDir: string) {
  const out: string[] = [];
  let database = false;
  if (kind === 'pglite') {
    if (fs.existsSync(path.join(dbDir, 'postmaster.pid')))
      throw new ArchiveError(
        `The embedded database in ${dbDir} is open (it has a postmaster.pid): stop the server first. If no server runs (one was stopped abruptly), delete that file and run this again.`,
      );
    database = (await fsp.readdir(dbDir).catch(() => [])).length > 0;
    if (database) out.push(`${dbDir} holds a database`);
  } else {
    const pg = await inspectPostgres(target.databaseUrl!);
    if (pg.otherConnections)
      throw new ArchiveError(
        `${pg.otherConnections} other session(s) are connected to the database: stop every server using it first.`,
      );
    database = pg.relations > 0;
    if (database) out.push(`the database holds ${pg.relations} tables, sequences or indexes`);
  }
  if (target.storage === 'local') {
    const files = await fsp.readdir(filesDir, { recursive: true, withFileTypes: true }).catch(() => []);
    const count = files.filter((e) => e.isFile()).length;
    if (count) out.push(`${filesDir} holds ${count} file${count === 1 ? '' : 's'}`);
  }
  return { database, words: out };
}

/**
 * Moves each staged folder into place. What was there goes into the staging folder first (removed
 * with it once everything is in place); a failure puts back what was already moved.
 */
async function swapIn(staging: string, moves: (readonly [string, string])[]) {
  const done: { from: string; to: string; aside: string | null }[] = [];
  try {
    for (const [from, to] of moves) {
      let aside: string | null = path.join(staging, `replaced-${path.basename(to)}`);
      try {
        await fsp.rename(to, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        aside = null;
      }
      done.push({ from, to, aside });
      await fsp.rename(from, to);
    }
  } catch (err) {
    for (const step of done.reverse()) {
      await fsp.rm(step.to, { recursive: true, force: true }).catch(() => {});
      if (step.aside) await fsp.rename(step.aside, step.to).catch(() => {});
    }
    throw err;
  }
}
