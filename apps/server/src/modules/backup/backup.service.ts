import fsp from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { stageArchive, writeArchiveFile } from './archive-write.ts';
import { sourceOf, type DumpSource } from './database-dump.ts';
import { freeName, prune } from './retention.ts';

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
  const stage = () =>
    stageArchive({
      source: deps.source ?? sourceOf(deps.database),
      filesRoot: deps.storage === 'local' ? deps.filesDir : null,
      workDir: deps.dataDir,
      product: productOf(deps.version),
      now: clock(),
    });

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
    /** A staged archive, for the operator's download: discard it once it has been sent. */
    stage,
    writeTo,
    /**
     * The scheduled job (BACKUP_CRON): one archive into BACKUP_DIR, named by its time, then only
     * the newest BACKUP_KEEP are kept. Old ones go only after the new one is complete.
     */
    async scheduled() {
      const now = clock();
      await fsp.mkdir(deps.backupDir, { recursive: true });
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
