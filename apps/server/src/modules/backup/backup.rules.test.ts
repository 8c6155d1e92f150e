import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AuditChange } from '../../shared/audit.ts';
import { readArchive } from './archive-read.ts';
import { STAGING_ABANDONED_MS } from './archive-write.ts';
import { createBackupService } from './backup.service.ts';
import { pgToolArgs, type DumpSource } from './database-dump.ts';
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

function backupService(clock: () => Date, keep: number, storage: 'local' | 's3' = 'local', dump = source) {
  const files = path.join(dir, 'data', 'files');
  fs.mkdirSync(path.join(files, 'private', 'result'), { recursive: true });
  fs.writeFileSync(path.join(files, 'private', 'result', 'r.png'), 'an image');
  // Half written by the storage when the backup ran: not an object yet.
  fs.writeFileSync(path.join(files, 'private', 'result', 'r2.png.77.1.tmp'), 'half');
  return createBackupService({
    database: { db: 'the database' } as unknown as Database,
    storage,
    dataDir: path.join(dir, 'data'),
    filesDir: files,
    backupDir: path.join(dir, 'backups'),
    keep,
    version: '9.9.9',
    log: pino({ level: 'silent' }),
    clock,
    source: dump,
  });
}
const scheduledJob = (clock: () => Date, keep: number, storage: 'local' | 's3' = 'local') =>
  backupService(clock, keep, storage).scheduled;
/** The staging folders in the data folder. */
const staging = () => fs.readdirSync(path.join(dir, 'data')).filter((name) => name.startsWith('.backup-'));

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

describe('what a backup leaves on disk', () => {
  it('is readable by its owner alone: the archive (0600) and the BACKUP_DIR it makes (0700)', async () => {
    const { file } = await scheduledJob(() => new Date('2026-03-01T03:30:00Z'), 1)();
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(fs.statSync(path.join(dir, 'backups')).mode & 0o777).toBe(0o700);
  });

  it('removes staging folders a dead process left, and any untouched for hours, but not a recent one of another host', async () => {
    const now = new Date();
    const data = path.join(dir, 'data');
    const host = `.backup-${os.hostname().replace(/[^\w.-]/g, '-')}-`;
    const left = {
      // This host, this process id, an older process (a container restarted under the same name).
      samePid: `${host}${process.pid}-0badc0de-AbCdEf`,
      // Written before process tokens: this process id again.
      oldName: `${host}${process.pid}-XyZ123`,
      otherHostRecent: '.backup-worker-2-41-12345678-Qwerty',
      otherHostStale: '.backup-worker-3-41-12345678-Asdfgh',
    };
    fs.mkdirSync(path.join(data, 'files'), { recursive: true });
    for (const name of Object.values(left)) fs.mkdirSync(path.join(data, name, 'files'), { recursive: true });
    const stale = new Date(now.getTime() - STAGING_ABANDONED_MS - 60_000);
    fs.utimesSync(path.join(data, left.otherHostStale), stale, stale);

    await backupService(() => now, 1).writeTo(path.join(dir, 'one.tar.gz'));
    expect(staging()).toEqual([left.otherHostRecent]);
  });
});

describe('one backup at a time in a process', () => {
  it('refuses a second while one is being made, and takes the next once it is done', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: DumpSource = {
      ...source,
      dump: async (file) => {
        await held;
        return source.dump(file);
      },
    };
    const backups = backupService(() => new Date('2026-03-01T03:30:00Z'), 5, 'local', slow);
    const first = backups.writeTo(path.join(dir, 'first.tar.gz'));
    await expect(backups.writeTo(path.join(dir, 'second.tar.gz'))).rejects.toMatchObject({ code: 'BACKUP_RUNNING' });
    await expect(backups.scheduled()).rejects.toMatchObject({ code: 'BACKUP_RUNNING' });
    release();
    await first;
    await backups.writeTo(path.join(dir, 'third.tar.gz'));
    expect(
      fs
        .readdirSync(dir)
        .filter((n) => n.endsWith('.tar.gz'))
        .sort(),
    ).toEqual(['first.tar.gz', 'third.tar.gz']);
    expect(staging()).toEqual([]);
  });
});

describe("the operator's download", () => {
  it('writes its audit row once the archive is staged, before it is sent', async () => {
    const rows: { tx: unknown; change: AuditChange }[] = [];
    const backups = backupService(() => new Date('2026-03-01T03:30:00Z'), 1);
    const staged = await backups.download(async (tx, change) => {
      rows.push({ tx, change });
    }, new AbortController().signal);
    expect(rows).toEqual([
      {
        tx: 'the database',
        change: {
          targetType: 'backup',
          targetId: 'turing-design-20260301T033000Z.tar.gz',
          after: { database: 'pglite', migrations: shippedMigrations().last, files: 1, fileBytes: 8 },
        },
      },
    ]);
    expect(staging()).toHaveLength(1);
    await staged!.discard();
    expect(staging()).toEqual([]);
  });

  it('stops when its caller goes away while it is staged: no archive kept, no audit row, the next may begin', async () => {
    const gone = new AbortController();
    const dump: DumpSource = {
      ...source,
      dump: async (file) => {
        gone.abort();
        return source.dump(file);
      },
    };
    const backups = backupService(() => new Date('2026-03-01T03:30:00Z'), 1, 'local', dump);
    const rows: AuditChange[] = [];
    const audit = async (_tx: unknown, change: AuditChange) => void rows.push(change);
    expect(await backups.download(audit, gone.signal)).toBeNull();
    expect(rows).toEqual([]);
    expect(staging()).toEqual([]);
    const next = await backups.download(audit, new AbortController().signal);
    expect(rows).toHaveLength(1);
    await next!.discard();
  });
});

describe('the PostgreSQL tools', () => {
  const passfile = '/tmp/turing-pgpass-x/pgpass';
  it.each([
    ['postgres://turing:s3cr%3At@db.internal:5432/turing?sslmode=require', 's3cr:t'],
    ['postgres://turing@db.internal/turing?password=s3cr%26t&sslmode=require', 's3cr&t'],
    // Given twice, libpq takes the parameter.
    ['postgresql://turing:first@db.internal/turing?password=second', 'second'],
  ])('never put the password of %s on the command line: it goes to the password file', (url, password) => {
    const { argv, password: given } = pgToolArgs(['--format=custom'], url, passfile);
    expect(given).toBe(password);
    expect(argv.join(' ')).not.toContain(password);
    expect(argv.join(' ')).not.toContain(encodeURIComponent(password));
    expect(argv.join(' ')).not.toMatch(/password=|first/);
    const dbname = new URL(argv.at(-1)!.replace(/^--dbname=/, ''));
    expect(dbname.searchParams.get('passfile')).toBe(passfile);
    expect([dbname.username, dbname.hostname, dbname.pathname]).toEqual(['turing', 'db.internal', '/turing']);
    expect(argv[0]).toBe('--format=custom');
  });

  it('name no password file when there is no password, and no database when there is none', () => {
    expect(pgToolArgs(['--list'], 'postgres://turing@db/turing', passfile)).toEqual({
      argv: ['--list', '--dbname=postgres://turing@db/turing'],
      password: null,
    });
    expect(pgToolArgs(['--file=x.sql', 'dump'], null, passfile)).toEqual({
      argv: ['--file=x.sql', 'dump'],
      password: null,
    });
  });
});
