import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { readArchive } from './archive-read.ts';
import { createBackupService } from './backup.service.ts';
import type { DumpSource } from './database-dump.ts';
import { shippedMigrations } from './manifest.ts';
import { scheduledName } from './retention.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-backup-job-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A database that dumps in no time: the job's own rules are what is tested here. */
const source: DumpSource = {
  kind: 'pglite',
  dump: async (file) => {
    fs.writeFileSync(file, 'a dump');
    return 'PostgreSQL 17 (PGlite)';
  },
  migrations: async () => shippedMigrations(),
};

function scheduledJob(clock: () => Date, keep: number, storage: 'local' | 's3' = 'local') {
  const files = path.join(dir, 'data', 'files');
  fs.mkdirSync(path.join(files, 'private', 'result'), { recursive: true });
  fs.writeFileSync(path.join(files, 'private', 'result', 'r.png'), 'an image');
  // Half written by the storage when the backup ran: not an object yet.
  fs.writeFileSync(path.join(files, 'private', 'result', 'r2.png.77.1.tmp'), 'half');
  return createBackupService({
    database: null as unknown as Database,
    storage,
    dataDir: path.join(dir, 'data'),
    filesDir: files,
    backupDir: path.join(dir, 'backups'),
    keep,
    version: '9.9.9',
    log: pino({ level: 'silent' }),
    clock,
    source,
  }).scheduled;
}

describe('the scheduled backup job', () => {
  it('writes an archive named by its time into BACKUP_DIR and keeps only the newest BACKUP_KEEP', async () => {
    let now = new Date('2026-03-01T03:30:00.000Z');
    const job = scheduledJob(() => now, 2);
    const backups = path.join(dir, 'backups');
    fs.mkdirSync(backups);
    // Not the job's: never touched. A temporary archive a crash left an hour ago: removed.
    fs.writeFileSync(path.join(backups, 'notes.txt'), 'mine');
    fs.writeFileSync(path.join(backups, '.turing-design-20260101T000000Z.tar.gz.9.ab.partial'), 'half');
    fs.utimesSync(path.join(backups, '.turing-design-20260101T000000Z.tar.gz.9.ab.partial'), 0, 0);

    const made: string[] = [];
    for (let day = 0; day < 4; day += 1) {
      const { file, removed } = await job();
      made.push(path.basename(file));
      expect(removed.length).toBe(day < 2 ? (day === 0 ? 1 : 0) : 1);
      now = new Date(now.getTime() + 24 * 3600_000);
    }
    expect(made).toEqual([
      'turing-design-20260301T033000Z.tar.gz',
      'turing-design-20260302T033000Z.tar.gz',
      'turing-design-20260303T033000Z.tar.gz',
      'turing-design-20260304T033000Z.tar.gz',
    ]);
    expect(fs.readdirSync(backups).sort()).toEqual(['notes.txt', made[2], made[3]]);
    const manifest = await readArchive(path.join(backups, made[3]!));
    expect(manifest).toMatchObject({
      product: { name: 'Turing Design', version: '9.9.9' },
      createdAt: '2026-03-04T03:30:00.000Z',
      files: { storage: 'local', included: true, count: 1, bytes: 8 },
    });
    expect(manifest.members.map((m) => m.name)).toEqual(['database.pglite.tar', 'files/private/result/r.png']);
    // Nothing is left of the staging folders.
    expect(fs.readdirSync(path.join(dir, 'data')).sort()).toEqual(['files']);
  });

  it('gives a second archive in the same second a name of its own', async () => {
    const job = scheduledJob(() => new Date('2026-03-01T03:30:00.000Z'), 5);
    const names = [];
    for (let i = 0; i < 3; i += 1) names.push(path.basename((await job()).file));
    expect(names).toEqual([
      scheduledName(new Date('2026-03-01T03:30:00Z')),
      'turing-design-20260301T033000Z-2.tar.gz',
      'turing-design-20260301T033000Z-3.tar.gz',
    ]);
  });
});

describe('with S3 storage', () => {
  it('archives the database only, and the manifest says the bucket is backed up with its own tools', async () => {
    const { file } = await scheduledJob(() => new Date('2026-03-01T03:30:00Z'), 1, 's3')();
    const manifest = await readArchive(file);
    expect(manifest.files).toEqual({
      storage: 's3',
      included: false,
      count: 0,
      bytes: 0,
      note: expect.stringMatching(/not in this archive: back the bucket up with the store’s own tools/),
    });
    expect(manifest.members.map((m) => m.name)).toEqual(['database.pglite.tar']);
  });
});

describe('BACKUP_CRON', () => {
  const withCron = (value: string) => () => loadConfig({ NODE_ENV: 'test', BACKUP_CRON: value });

  it.each(['30 3 * * *', '*/15 * * * 1-5', '@daily', ' 0 4 * * 0 '])('takes %j', (value) => {
    expect(withCron(value)().BACKUP_CRON).toBe(value.trim());
  });

  it.each([
    ['nightly', /BACKUP_CRON: must be a cron expression of five fields .*e\.g\. `30 3 \* \* \*`/],
    ['* * *', /BACKUP_CRON: must be a cron expression of five fields/],
    ['0 * * * * *', /BACKUP_CRON: must be a cron expression of five fields/],
    ['61 3 * * *', /BACKUP_CRON: is not a cron expression the job queue can run \(.*61.*\)/],
    ['0 3 31 2 *', /BACKUP_CRON: is not a cron expression the job queue can run/],
  ])('stops the start on %j, naming it', (value, message) => {
    expect(withCron(value)).toThrow(message);
  });

  it('is off by default; BACKUP_DIR is resolved to a full path', () => {
    const config = loadConfig({ NODE_ENV: 'test', BACKUP_DIR: 'some/backups' });
    expect(config.BACKUP_CRON).toBeUndefined();
    expect(config.BACKUP_DIR).toBe(path.resolve('some/backups'));
    expect(config.BACKUP_KEEP).toBe(7);
  });
});
