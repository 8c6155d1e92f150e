import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  everyImageOpens,
  inconsistencies,
  productRows,
  seedProduct,
  snapshotOf,
} from '../../../test-support/backup-fixtures.ts';
import {
  balanceOf,
  buildGenerationApp,
  finished,
  getTask,
  submit,
  until,
} from '../../../test-support/design-helpers.ts';
import { buildTestApp, freshDatabaseUrl, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { openPostgres } from '../../db/client.ts';
import { createJobQueue, type JobName } from '../../generation/queue.ts';
import { runBackupCli } from './backup.cli.ts';

// On PostgreSQL the command runs pg_dump and pg_restore itself; the restore target is always a
// database of its own, made fresh on the test server.
let t: TestApp;
let users: Awaited<ReturnType<typeof seedProduct>>;
let work: string;
let archive: string;
const made: { drop: () => Promise<void> }[] = [];
const SMALL = { PREVIEW_PACE_MS: '0', QUALITY_LONG_EDGE: 'SD:160' };

const urlOf = (app: TestApp) => {
  if (app.database.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
  return app.database.driver.url;
};
/** What the command needs to run against a database and data folder (nodes on PostgreSQL share secrets). */
const env = (databaseUrl: string, dataDir: string) => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  FILE_URL_SECRET: 'a-file-url-secret-for-tests',
  ADMIN_TOKEN: 'an-admin-token-for-tests',
  FILES_SHARED: 'true',
});
async function freshTarget(name: string) {
  const db = await freshDatabaseUrl();
  made.push(db);
  return { url: db.url, dataDir: path.join(work, name) };
}
const cli = (args: string[], target: { url: string; dataDir: string }) =>
  runBackupCli(args, env(target.url, target.dataDir));

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-backup-pg-'));
  t = await buildGenerationApp(SMALL);
  users = await seedProduct(t);
  archive = path.join(work, 'product.tar.gz');
  const out = await cli(['backup', archive], { url: urlOf(t), dataDir: t.config.DATA_DIR });
  expect(out.stderr).toBe('');
  expect(out.stdout).toMatch(/made by pg_dump:\n {2}database: PostgreSQL \d[^,]*, migration \d{4}_\w+/);
});
afterAll(async () => {
  await t.close();
  for (const db of made) await db.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('backups on PostgreSQL', () => {
  it('restore into a fresh database: every user, order, task, work and image is there, and every image opens', async () => {
    const target = await freshTarget('restored');
    const out = await cli(['restore', archive], target);
    expect(out.stderr).toBe('');
    expect(out.stdout).toMatch(/^Restored .*product\.tar\.gz/);
    const restored = await buildTestApp({ ...SMALL, DATA_DIR: target.dataDir }, { databaseUrl: target.url });
    try {
      const after = await productRows(restored.database);
      expect(after).toEqual(await productRows(t.database));
      expect([after.users.length, after.orders.length, after.tasks.length, after.works.length]).toEqual([2, 2, 2, 1]);
      expect(await everyImageOpens(restored)).toBe(await everyImageOpens(t));
      expect(await balanceOf(restored, users[0]!.cookie)).toEqual(await balanceOf(t, users[0]!.cookie));
      const task = await getTask(restored, users[1]!.cookie, users[1]!.taskId);
      const image = await restored.app.inject({ method: 'GET', url: task.results[0]!.url });
      expect(image.statusCode).toBe(200);
      expect(await inconsistencies(restored.database)).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  it('refuses a database that holds anything without --force, changing nothing; --force replaces it whole', async () => {
    const target = await freshTarget('occupied');
    const database = await openPostgres(target.url);
    await database.query('create table notes (body text)');
    await database.query(`insert into notes values ('keep me')`);
    // A server still connected to it: nothing is replaced under it, even with --force.
    const inUse = await cli(['restore', archive, '--force'], target);
    expect(inUse.stderr).toMatch(
      /^error: \d+ other session\(s\) are connected to the database: stop every server using it first\./,
    );
    await database.close();

    const refused = await cli(['restore', archive], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/The target is not empty: the database holds \d+ tables.*pass --force to replace/);
    expect(fs.existsSync(target.dataDir)).toBe(false);
    const kept = await openPostgres(target.url);
    expect(await kept.query('select body from notes')).toEqual([{ body: 'keep me' }]);
    await kept.close();

    const replaced = await cli(['restore', archive, '--force'], target);
    expect(replaced.stderr).toBe('');
    const after = await openPostgres(target.url);
    try {
      expect(await productRows(after)).toEqual(await productRows(t.database));
      // Replaced: what the database held besides the archive is gone.
      expect(await after.query(`select to_regclass('public.notes') as t`)).toEqual([{ t: null }]);
    } finally {
      await after.close();
    }
  });

  it('refuses an archive of the embedded database, and a truncated one, leaving the database as it was', async () => {
    const target = await freshTarget('kept');
    expect((await cli(['restore', archive], target)).code).toBe(0);
    const rowsNow = async () => {
      const database = await openPostgres(target.url);
      try {
        return [await productRows(database), snapshotOf(target.dataDir)];
      } finally {
        await database.close();
      }
    };
    const before = await rowsNow();
    {
      const members = path.join(work, 'members');
      fs.mkdirSync(members);
      await tar.x({ file: archive, cwd: members });
      const manifest = JSON.parse(fs.readFileSync(path.join(members, 'manifest.json'), 'utf8'));
      manifest.database.kind = 'pglite';
      fs.writeFileSync(path.join(members, 'manifest.json'), JSON.stringify(manifest));
      const embedded = path.join(work, 'embedded.tar.gz');
      const order = ['manifest.json', ...manifest.members.map((m: { name: string }) => m.name)];
      await tar.c({ gzip: true, file: embedded, cwd: members, portable: true }, order);
      const wrongKind = await cli(['restore', embedded, '--force'], target);
      expect(wrongKind.stderr).toMatch(
        /This archive holds the embedded database \(PGlite\), and this server is configured for PostgreSQL: restore it without DATABASE_URL/,
      );

      const truncated = path.join(work, 'truncated.tar.gz');
      const bytes = fs.readFileSync(archive);
      fs.writeFileSync(truncated, bytes.subarray(0, bytes.length - 200));
      const cut = await cli(['restore', truncated, '--force'], target);
      expect(cut.stderr).toMatch(/The archive is incomplete/);
      expect(await rowsNow()).toEqual(before);
    }
  });

  it('a backup while tasks run restores to a consistent state: balances are their ledgers, each task charged once', async () => {
    const busy = await buildGenerationApp({ ...SMALL, PREVIEW_PACE_MS: '150', WORKER_CONCURRENCY: '2' });
    try {
      const people = await Promise.all([0, 1, 2].map(() => seedUser(busy)));
      const ids: string[] = [];
      for (const { cookie } of people)
        for (let i = 0; i < 2; i += 1)
          ids.push((await submit(busy, cookie, { mode: 'text', prompt: `busy ${i}` })).json().data.id);
      const file = path.join(work, 'busy.tar.gz');
      expect((await cli(['backup', file], { url: urlOf(busy), dataDir: busy.config.DATA_DIR })).stderr).toBe('');
      await Promise.all(
        ids.map((id, i) => until(() => getTask(busy, people[Math.floor(i / 2)]!.cookie, id), finished)),
      );

      const target = await freshTarget('busy');
      expect((await cli(['restore', file], target)).stderr).toBe('');
      const restored = await openPostgres(target.url);
      try {
        expect(await inconsistencies(restored)).toEqual([]);
        const live = await restored.query<{ n: number }>(
          `select count(*)::int as n from tasks where state in ('queued', 'generating')`,
        );
        expect(live[0]!.n).toBeGreaterThan(0);
        expect((await restored.query('select id from tasks')).length).toBe(ids.length);
      } finally {
        await restored.close();
      }
    } finally {
      await busy.close();
    }
  });
});

describe('scheduled backups on several nodes', () => {
  it('run once per tick: two workers on one database do not both take it', async () => {
    const db = await freshDatabaseUrl();
    made.push(db);
    const log = pino({ level: 'silent' });
    const database = await openPostgres(db.url);
    const first = createJobQueue(database, log);
    await first.start();
    await first.schedule('backup', '* * * * *');
    await first.stop();
    // As if no node had looked at the schedules for a while: the next two to start race for the tick.
    await database.query('update pgboss.version set cron_on = null');

    const runs: string[] = [];
    const nodes = ['a', 'b'].map((name) => {
      const queue = createJobQueue(database, log);
      for (const job of ['generate', 'housekeeping', 'payments', 'message', 'webhook'] as JobName[])
        queue.handle(job, async () => {});
      queue.handle('backup', async () => {
        runs.push(name);
      });
      return queue;
    });
    try {
      await Promise.all(nodes.map((queue) => queue.work({ concurrency: {} })));
      const jobs = (name: string) =>
        database.query<{ state: string }>('select state from pgboss.job where name = $1', [name]);
      // Both nodes ran their first pass over the schedules as they started: one of them sent the tick.
      await until(
        () => jobs('backup'),
        (rows) => rows.some((r) => r.state === 'completed'),
        30_000,
      );
      expect(await jobs('__pgboss__send-it')).toHaveLength(1);
      expect(await jobs('backup')).toHaveLength(1);
      expect(runs).toHaveLength(1);
    } finally {
      await Promise.all(nodes.map((queue) => queue.stop()));
      await database.close();
    }
  });
});
