import fsp from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AuditWrite } from '../../shared/audit.ts';
import { stageArchive, writeArchiveFile, type StagedArchive } from './archive-write.ts';
import { sourceOf, type DumpSource } from './database-dump.ts';
import { freeName, prune, scheduledName } from './retention.ts';

export interface BackupDeps {
  database: Database;
  /** Local files are archived; S3's are left to the bucket's own backups. */
  storage: 'local' | 's3';
  /** DATA_DIR: the staging folder is made there (next to the files, so they are linked, not copied). */
  dataDir: string;
  filesDir: string;
  /** Where scheduled archives go (BACKUP_DIR), and how many are kept (BACKUP_KEEP). */
  backupDir: string;
  keep: number;
  version: string;
  log: FastifyBaseLogger;
  clock?: () => Date;
  /** The database to dump; by default the server's own. */
  source?: DumpSource;
}

/** The product's name and version as every archive's manifest records them. */
export const productOf = (version: string) => ({ name: 'Turing Design', version });

/** Backups of the running product: the operator's download and the scheduled archives. */
export function createBackupService(deps: BackupDeps) {
  const clock = deps.clock ?? (() => new Date());
  // One backup at a time in this process: each dumps the whole database and links every file, and
  // the embedded database serves nothing else while its copy is taken.
  let running = false;

  /** A staged archive, holding this process's one backup until it is discarded. */
  async function stage(signal?: AbortSignal): Promise<StagedArchive> {
    if (running) throw new AppError('BACKUP_RUNNING');
    running = true;
    try {
      const staged = await stageArchive({
        source: deps.source ?? sourceOf(deps.database),
        filesRoot: deps.storage === 'local' ? deps.filesDir : null,
        workDir: deps.dataDir,
        product: productOf(deps.version),
        now: clock(),
        signal,
      });
      let released = false;
      return {
        ...staged,
        // The next backup may begin as soon as this one is sent: removing its folder is tidying up.
        discard: () => {
          if (!released) running = false;
          released = true;
          return staged.discard();
        },
      };
    } catch (err) {
      running = false;
      throw err;
    }
  }

  /** Writes one archive to `file` (through a temporary name); resolves to its manifest and size. */
  async function writeTo(file: string) {
    const staged = await stage();
    try {
      return { manifest: staged.manifest, bytes: await writeArchiveFile(staged, file) };
    } finally {
      await staged.discard();
    }
  }

  return {
    /**
     * The operator's download: the archive staged, then its audit row written, before a byte of it
     * is sent. Resolves to null, with nothing kept and no row, when `signal` aborted meanwhile (the
     * caller went away). Discard it once it has been sent.
     */
    async download(audit: AuditWrite, signal: AbortSignal): Promise<StagedArchive | null> {
      let staged: StagedArchive;
      try {
        staged = await stage(signal);
      } catch (err) {
        if (signal.aborted) return null;
        throw err;
      }
      try {
        if (signal.aborted) {
          await staged.discard();
          return null;
        }
        const { manifest } = staged;
        await audit(deps.database.db, {
          targetType: 'backup',
          targetId: scheduledName(new Date(manifest.createdAt)),
          after: {
            database: manifest.database.kind,
            migrations: manifest.database.migrations.last,
            files: manifest.files.count,
            fileBytes: manifest.files.bytes,
          },
        });
        return staged;
      } catch (err) {
        await staged.discard();
        throw err;
      }
    },
    writeTo,
    /**
     * The scheduled job (BACKUP_CRON): one archive into BACKUP_DIR, named by its time, then only
     * the newest BACKUP_KEEP are kept. Old ones go only after the new one is complete.
     */
    async scheduled() {
      const now = clock();
      // Made for its owner alone, as the archives in it are (an existing folder keeps its mode).
      await fsp.mkdir(deps.backupDir, { recursive: true, mode: 0o700 });
      const file = await freeName(deps.backupDir, now);
      const { manifest, bytes } = await writeTo(file);
      const removed = await prune(deps.backupDir, deps.keep, now);
      deps.log.info(
        { file, bytes, database: manifest.database.kind, files: manifest.files.count, removed },
        'scheduled backup written',
      );
      return { file, bytes, removed };
    },
  };
}
export type BackupService = ReturnType<typeof createBackupService>;
