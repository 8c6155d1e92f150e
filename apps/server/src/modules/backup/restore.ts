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

/** What a restore asks of a PostgreSQL server (pg_restore and psql by default; a test's fault otherwise). */
export interface PostgresTools {
  inspect: typeof inspectPostgres;
  restore: typeof restorePostgres;
}
const POSTGRES_TOOLS: PostgresTools = { inspect: inspectPostgres, restore: restorePostgres };

/** A restore that failed and could not put back all it had replaced: the message says where that is. */
class StrandedError extends ArchiveError {}

/**
 * Restores an archive into an empty target, or with `force` in place of what is there. The whole
 * archive is read and checked against its manifest (and written to a staging folder beside the
 * data) before the target is touched: a damaged, incomplete or foreign archive leaves it as it was.
 * The embedded database and the files then replace the old ones by renames; PostgreSQL takes the
 * dump in one transaction, after the files are in place: their renames can be undone, a committed
 * database cannot, so a failure of either leaves both as they were.
 */
export async function restoreArchive(
  file: string,
  target: RestoreTarget,
  opts: { force: boolean },
  postgres: PostgresTools = POSTGRES_TOOLS,
): Promise<Manifest> {
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  const dbDir = path.join(target.dataDir, 'db');
  const filesDir = path.join(target.dataDir, 'files');
  const found = await occupied(target, kind, dbDir, filesDir, postgres);
  if (found.words.length && !opts.force)
    throw new ArchiveError(
      `The target is not empty: ${found.words.join('; ')}. Restore into an empty data folder or database, or pass --force to replace what is there.`,
    );

  // A data folder made for this restore goes again if it fails: the target is left as it was.
  const made = await fsp.mkdir(target.dataDir, { recursive: true });
  const staging = await fsp.mkdtemp(path.join(target.dataDir, '.restore-'));
  let restored = false;
  // Set when what was replaced could not be put back: it is in the staging folder, which then stays.
  let keepStaging = false;
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
      const swapped = manifest.files.included ? await swapIn(staging, [[files, filesDir]]) : null;
      try {
        await postgres.restore(target.databaseUrl!, dump, { replace: found.database });
      } catch (err) {
        const stranded = swapped ? await swapped.undo() : [];
        if (!stranded.length) throw err;
        throw new StrandedError(
          `The database was not restored (${(err as Error).message}), and the files it replaced could not be put back: ${stranded.join('; ')}. Move them back by hand.`,
        );
      }
    }
    restored = true;
    return manifest;
  } catch (err) {
    if (err instanceof StrandedError) keepStaging = true;
    throw err;
  } finally {
    if (!keepStaging) await fsp.rm(staging, { recursive: true, force: true });
    if (made && !restored && !keepStaging) await fsp.rm(made, { recursive: true, force: true });
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
async function occupied(
  target: RestoreTarget,
  kind: 'pglite' | 'postgres',
  dbDir: string,
  filesDir: string,
  postgres: PostgresTools,
) {
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
    const pg = await postgres.inspect(target.databaseUrl!);
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
 * with it once everything is in place); a failure puts back what was already moved. Resolves to
 * the undoing of every move, for a later step that fails: it says what it could not put back.
 */
async function swapIn(staging: string, moves: (readonly [string, string])[]) {
  const done: { from: string; to: string; aside: string | null }[] = [];
  const undo = async () => {
    const stranded: string[] = [];
    for (const step of done.reverse()) {
      await fsp.rm(step.to, { recursive: true, force: true }).catch(() => {});
      if (step.aside)
        await fsp.rename(step.aside, step.to).catch(() => stranded.push(`${step.to} is in ${step.aside}`));
    }
    return stranded;
  };
  try {
    for (const [from, to] of moves) {
      let aside: string | null = path.join(staging, `replaced-${path.basename(to)}`);
      try {
        await fsp.rename(to, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw unmovable(to, err);
        aside = null;
      }
      done.push({ from, to, aside });
      await fsp.rename(from, to).catch((err: unknown) => {
        throw unmovable(to, err);
      });
    }
  } catch (err) {
    const stranded = await undo();
    if (stranded.length)
      throw new StrandedError(
        `${(err as Error).message} What it replaced could not be put back: ${stranded.join('; ')}.`,
      );
    throw err;
  }
  return { undo };
}

/**
 * A folder the restore cannot rename: most often one that is a mount of its own (DATA_DIR/files on
 * a disk of its own), which a rename can neither move nor replace.
 */
function unmovable(folder: string, err: unknown): Error {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EXDEV' || code === 'EBUSY')
    return new ArchiveError(
      `${folder} cannot be replaced by a rename (${code}): it is on a disk of its own (a mount point), and a restore moves the data folder's parts into place. Mount the disk at DATA_DIR instead, or restore into an empty data folder on it; nothing was changed.`,
    );
  return err as Error;
}
