import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '@turing/contract';
import { tokenHeaders } from '../../../test-support/operator-helpers.ts';
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
import { seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openPglite } from '../../db/client.ts';
import { restoreArchive } from './restore.ts';

let t: TestApp;
let users: Awaited<ReturnType<typeof seedProduct>>;
let work: string;
let archive: string;
const SMALL = { PREVIEW_PACE_MS: '0', QUALITY_LONG_EDGE: 'SD:160' };

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-backup-'));
  t = await buildGenerationApp(SMALL);
  users = await seedProduct(t);
  // The operator's download of the running server, as `npm run backup` asks for it.
  const res = await t.app.inject({ method: 'POST', url: '/turing/admin/backup', headers: tokenHeaders(t) });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/gzip');
  archive = path.join(work, 'product.tar.gz');
  fs.writeFileSync(archive, res.rawPayload);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const local = (dataDir: string) => ({ dataDir, databaseUrl: null, storage: 'local' as const });
const fresh = (name: string) => path.join(work, name);

/**
 * The product's archive restored once into a data folder of its own, for the tests that read it or
 * refuse to restore over it (each restore of the embedded database builds and opens a PGlite).
 */
let restoredOnce: Promise<{ dir: string; manifest: Awaited<ReturnType<typeof restoreArchive>> }> | null = null;
const restoredProduct = () =>
  (restoredOnce ??= (async () => {
    const dir = fresh('restored');
    return { dir, manifest: await restoreArchive(archive, local(dir), { force: false }) };
  })());

/** The app over a restored data folder, as the next `npm start` there would build it. */
async function openRestored(dataDir: string) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...SMALL });
  const database = await openPglite(path.join(dataDir, 'db'));
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The good archive's members in their order, read once (each reading decompresses and hashes it all). */
let archiveList: ReturnType<typeof members> | undefined;
const archiveMembers = () => (archiveList ??= members(archive));

async function members(file: string) {
  const out: { path: string; sha256: string }[] = [];
  await tar.t({
    file,
    onReadEntry: (entry) => {
      const hash = createHash('sha256');
      entry.on('data', (chunk: Buffer) => hash.update(chunk));
      entry.on('end', () => out.push({ path: entry.path, sha256: hash.digest('hex') }));
    },
  });
  return out;
}

describe('a backup of the running product on the embedded database', () => {
  it('is a tar.gz: the manifest first, then the database dump, then every stored file, each with its sha256', async () => {
    const list = await archiveMembers();
    expect(list.slice(0, 2).map((m) => m.path)).toEqual(['manifest.json', 'database.pglite.tar']);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(await extracted(), 'manifest.json'), 'utf8'),
    ) as import('./manifest.ts').Manifest;
    expect(manifest).toMatchObject({
      format: 'turing-design-backup',
      formatVersion: 1,
      product: { name: 'Turing Design', version: expect.any(String) },
      database: { kind: 'pglite', dump: 'database.pglite.tar', migrations: { applied: expect.any(Number) } },
      files: { storage: 'local', included: true },
    });
    expect(manifest.database.migrations.applied).toBeGreaterThan(15);
    expect(manifest.members.map((m) => ({ path: m.name, sha256: m.sha256 }))).toEqual(list.slice(1));
    const stored = Object.keys(snapshotOf(t.config.filesDir)).sort();
    // Two photos, two results and their thumbnails at least.
    expect(stored.length).toBeGreaterThanOrEqual(6);
    expect(list.slice(2).map((m) => m.path)).toEqual(stored.map((key) => `files/${key}`));
    expect(manifest.files.count).toBe(stored.length);
    for (const key of stored) {
      const sha = createHash('sha256')
        .update(fs.readFileSync(path.join(t.config.filesDir, key)))
        .digest('hex');
      expect(list.find((m) => m.path === `files/${key}`)!.sha256).toBe(sha);
    }
  });

  it('restores into an empty data folder: every user, order, task, work and image is there, and every image opens', async () => {
    const { dir, manifest } = await restoredProduct();
    expect(manifest.files.count).toBeGreaterThanOrEqual(6);
    const restored = await openRestored(dir);
    try {
      const [before, after] = [await productRows(t.database), await productRows(restored.database)];
      expect(after).toEqual(before);
      expect(after.users.length).toBe(2);
      expect(after.orders.length).toBe(2);
      expect(after.tasks.length).toBe(2);
      expect(after.works.length).toBe(1);
      expect(await everyImageOpens(restored)).toBe(await everyImageOpens(t));
      // The sessions came along: a user is still signed in, with the same balance.
      const balance = await balanceOf({ app: restored.app } as TestApp, users[0]!.cookie);
      expect(balance).toEqual(await balanceOf(t, users[0]!.cookie));
      // A result image is served by the restored app's own /files route, and decodes.
      const task = await getTask({ app: restored.app } as TestApp, users[1]!.cookie, users[1]!.taskId);
      const image = await restored.app.inject({ method: 'GET', url: task.results[0]!.url });
      expect(image.statusCode).toBe(200);
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([task.results[0]!.width, task.results[0]!.height]);
      expect(await inconsistencies(restored.database)).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  it('refuses a non-empty target without --force and changes nothing; --force replaces it', async () => {
    const dir = fresh('occupied');
    fs.mkdirSync(path.join(dir, 'files', 'private'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'files', 'private', 'old.png'), 'old');
    const before = snapshotOf(dir);
    await expect(restoreArchive(archive, local(dir), { force: false })).rejects.toThrow(
      /The target is not empty: .*files holds 1 file\. .*pass --force to replace/,
    );
    expect(snapshotOf(dir)).toEqual(before);

    await restoreArchive(archive, local(dir), { force: true });
    const after = snapshotOf(path.join(dir, 'files'));
    expect(Object.keys(after)).not.toContain(path.join('private', 'old.png'));
    expect(Object.keys(after).sort()).toEqual(Object.keys(snapshotOf(t.config.filesDir)).sort());
    expect(fs.readdirSync(dir).filter((n) => n.startsWith('.'))).toEqual([]);
  });
});

describe("the operator's download (POST /turing/admin/backup)", () => {
  const staging = () => fs.readdirSync(t.config.DATA_DIR).filter((n) => n.startsWith('.backup-'));
  const backupRows = async () =>
    (
      await t.database.query<{ n: number }>(
        `select count(*)::int as n from audit_log where action = 'backup' and target_type = 'backup'`,
      )
    )[0]!.n;

  it('is refused without the app header (a cross-site page cannot send it), and then nothing is staged or audited', async () => {
    const rows = await backupRows();
    const token = { [ADMIN_TOKEN_HEADER]: t.app.services!.adminToken };
    const bare = await t.app.inject({ method: 'POST', url: '/turing/admin/backup', headers: token });
    expect([bare.statusCode, bare.json().code]).toEqual([403, 'APP_HEADER_MISSING']);
    // A navigation (GET) reaches no route at all.
    const navigation = await t.app.inject({ method: 'GET', url: '/turing/admin/backup', headers: tokenHeaders(t) });
    expect(navigation.statusCode).toBe(404);
    expect(staging()).toEqual([]);
    expect(await backupRows()).toBe(rows);
  });

  it('makes one at a time: a second asked meanwhile is refused, and only the one made is audited', async () => {
    const rows = await backupRows();
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/turing/admin/backup',
        headers: { ...tokenHeaders(t), 'accept-language': 'zh' },
      });
    const answers = await Promise.all([ask(), ask()]);
    const made = answers.find((res) => res.statusCode === 200)!;
    const refused = answers.find((res) => res.statusCode !== 200)!;
    expect(made.headers['content-type']).toBe('application/gzip');
    expect(made.rawPayload.length).toBeGreaterThan(1000);
    expect([refused.statusCode, refused.json().code, refused.json().msg]).toEqual([
      409,
      'BACKUP_RUNNING',
      '此服务器正在制作一份备份，请在其完成后再试',
    ]);
    expect(await backupRows()).toBe(rows + 1);
    const [row] = await t.database.query<{ actor_name: string; target_id: string }>(
      `select actor_name, target_id from audit_log where action = 'backup' order by id desc limit 1`,
    );
    expect(row).toEqual({
      actor_name: 'admin token',
      target_id: expect.stringMatching(/^turing-design-\d{8}T\d{6}Z\.tar\.gz$/),
    });
    // Once sent, its staging folder goes (it is removed as the response closes).
    await until(
      async () => staging(),
      (left) => left.length === 0,
    );
  });
});

let unpacked: string | undefined;
/** The good archive's members as files, for making bad ones from them. */
async function extracted() {
  if (!unpacked) {
    unpacked = fresh('unpacked');
    fs.mkdirSync(unpacked);
    await tar.x({ file: archive, cwd: unpacked });
  }
  return unpacked;
}

/**
 * An archive of the good one's members, in their order, with one of them replaced: `replace` reads
 * the members' folder and names the member and its new content. The others are linked, not copied,
 * and the gzip stream stores them uncompressed (still gzip, which is all a reader can tell): the
 * database dump alone is tens of megabytes, which the fastest compression level still takes a
 * second of CPU to squeeze again.
 */
async function repacked(name: string, replace: (dir: string) => [string, Buffer | string]) {
  const source = await extracted();
  const order = (await archiveMembers()).map((m) => m.path);
  const [changed, content] = replace(source);
  const dir = fresh(`${name}-members`);
  for (const member of order) {
    fs.mkdirSync(path.dirname(path.join(dir, member)), { recursive: true });
    if (member === changed) fs.writeFileSync(path.join(dir, member), content);
    else fs.linkSync(path.join(source, member), path.join(dir, member));
  }
  const file = fresh(`${name}.tar.gz`);
  await tar.c({ gzip: { level: 0 }, file, cwd: dir, portable: true }, order);
  return file;
}

describe('restoring bad input', () => {
  let fullBefore: ReturnType<typeof snapshotOf> | undefined;
  const cases: [string, () => Promise<string>, RegExp][] = [
    [
      'a truncated archive',
      async () => {
        const file = fresh('truncated.tar.gz');
        const bytes = fs.readFileSync(archive);
        fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
        return file;
      },
      /The archive is incomplete/,
    ],
    [
      'random bytes',
      async () => {
        const file = fresh('random.bin');
        fs.writeFileSync(file, randomBytes(64 * 1024));
        return file;
      },
      /not a Turing Design backup: it is not gzip-compressed/,
    ],
    [
      'a foreign tar.gz',
      async () => {
        const file = fresh('foreign.tar.gz');
        await tar.c({ gzip: true, file, cwd: path.join(import.meta.dirname) }, ['index.ts']);
        return file;
      },
      /not a Turing Design backup: it does not begin with manifest\.json \(its first member is "index\.ts"\)/,
    ],
    [
      'gzip-compressed text',
      async () => {
        const file = fresh('text.gz');
        const zlib = await import('node:zlib');
        fs.writeFileSync(file, zlib.gzipSync('hello, not an archive\n'.repeat(100)));
        return file;
      },
      /not a Turing Design backup: it is not a tar archive/,
    ],
    [
      'a damaged file inside',
      () =>
        repacked('damaged', (dir) => {
          const member = `files/${Object.keys(snapshotOf(path.join(dir, 'files'))).sort()[0]!}`;
          const bytes = fs.readFileSync(path.join(dir, member));
          bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
          return [member, bytes];
        }),
      /"files\/.*" is damaged: its sha256 is not the one the manifest records/,
    ],
    [
      'an archive of the other kind of database',
      () =>
        repacked('postgres-kind', (dir) => {
          const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
            database: { kind: string };
          };
          manifest.database.kind = 'postgres';
          return ['manifest.json', JSON.stringify(manifest)];
        }),
      /This archive holds PostgreSQL, and this server is configured for the embedded database \(PGlite\)/,
    ],
  ];

  it.each(cases)(
    '%s: refused with the problem named, into an empty or a full target, which is left as it was',
    async (_what, make, message) => {
      const file = await make();
      const empty = fresh(`empty-${path.basename(file)}`);
      await expect(restoreArchive(file, local(empty), { force: false })).rejects.toThrow(message);
      expect(fs.existsSync(empty)).toBe(false);

      // Even with --force, a target that holds a product keeps it. Its content is read once, before
      // the first of these refusals (reading it hashes the whole database): every one leaves it so.
      const { dir: full } = await restoredProduct();
      const before = (fullBefore ??= snapshotOf(full));
      expect(Object.keys(before).length).toBeGreaterThan(10);
      await expect(restoreArchive(file, local(full), { force: true })).rejects.toThrow(message);
      expect(snapshotOf(full)).toEqual(before);
    },
  );
});

describe('a backup while tasks run', () => {
  it('restores to a consistent state: balances are their ledgers, each task charged once', async () => {
    const busy = await buildGenerationApp({
      ...SMALL,
      PREVIEW_PACE_MS: '150',
      WORKER_CONCURRENCY: '2',
      BACKUP_CRON: '30 3 * * *',
    });
    try {
      // BACKUP_CRON is a schedule of the job queue; without it (the other app) there is none.
      const schedule = "select cron from pgboss.schedule where name = 'backup'";
      expect(await busy.database.query(schedule)).toEqual([{ cron: '30 3 * * *' }]);
      expect(await t.database.query(schedule)).toEqual([]);
      const people = await Promise.all([0, 1, 2].map(() => seedUser(busy)));
      const ids: string[] = [];
      for (const { cookie } of people)
        for (let i = 0; i < 2; i += 1)
          ids.push((await submit(busy, cookie, { mode: 'text', prompt: `busy ${i}` })).json().data.id);
      // Taken while the tasks are queued and running.
      const file = fresh('busy.tar.gz');
      await busy.app.services!.backups.writeTo(file);
      await Promise.all(
        ids.map((id, i) => until(() => getTask(busy, people[Math.floor(i / 2)]!.cookie, id), finished)),
      );

      const dir = fresh('busy-restored');
      await restoreArchive(file, local(dir), { force: false });
      const database = await openPglite(path.join(dir, 'db'));
      try {
        expect(await inconsistencies(database)).toEqual([]);
        const live = await database.query<{ n: number }>(
          `select count(*)::int as n from tasks where state in ('queued', 'generating')`,
        );
        expect(live[0]!.n).toBeGreaterThan(0);
        expect((await database.query('select id from tasks')).length).toBe(ids.length);
      } finally {
        await database.close();
      }
    } finally {
      await busy.close();
    }
  });
});
