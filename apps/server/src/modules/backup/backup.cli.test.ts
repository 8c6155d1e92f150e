import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { until } from '../../../test-support/design-helpers.ts';
import { deadUrl } from '../../../test-support/fleet-helpers.ts';
import { tokenHeaders } from '../../../test-support/operator-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { readArchive } from './archive-read.ts';
import { runBackupCli } from './backup.cli.ts';

let t: TestApp;
let port: number;
let work: string;
beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-backup-cli-'));
  t = await buildTestApp();
  port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The environment the command runs in: the server's own data folder and port unless told otherwise. */
const env = (extra: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: t.config.DATA_DIR,
  PORT: String(port),
  ...extra,
});
const leftovers = (dir: string) =>
  fs.readdirSync(dir).filter((n) => n.endsWith('.partial') || n.startsWith('.backup-'));

describe('npm run backup on the embedded database', () => {
  it('asks the running server, which holds the database, and keeps the archive only once it is whole', async () => {
    const file = path.join(work, 'from-server.tar.gz');
    // The admin token is read from the data folder, as on the server's machine.
    const out = await runBackupCli(['backup', file], env());
    expect(out.stderr).toBe('');
    expect(out).toMatchObject({ code: 0 });
    expect(out.stdout).toMatch(
      new RegExp(
        `^Backup written to ${file} \\(\\d+\\.\\d MB\\), made by the running server at http://127\\.0\\.0\\.1:${port}:\\n`,
      ),
    );
    expect(out.stdout).toMatch(/\n {2}database: PostgreSQL [\d.]+ \(PGlite\), migration \d{4}_\w+ \(\d+ applied\)\n/);
    expect(out.stdout).toMatch(/\n {2}files: 0 files \(0 B\)\n$/);
    expect((await readArchive(file)).database.kind).toBe('pglite');
    expect(leftovers(work)).toEqual([]);
    expect(leftovers(t.config.DATA_DIR)).toEqual([]);
  });

  it('says why when the server refuses the token', async () => {
    const out = await runBackupCli(['backup', path.join(work, 'refused.tar.gz'), '--token', 'not-the-token'], env());
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/^error: The server at http:\/\/127\.0\.0\.1:\d+ made no backup: .+\.\n$/);
    expect(fs.existsSync(path.join(work, 'refused.tar.gz'))).toBe(false);
  });

  it('opens the data folder itself when no server runs, and refuses when another process holds it', async () => {
    const dataDir = path.join(work, 'stopped');
    fs.cpSync(inject('pgliteDataDir')!, path.join(dataDir, 'db'), { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'files', 'public', 'avatar'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', 'public', 'avatar', 'a.webp'), 'not really an image');
    const closed = new URL(await deadUrl()).port;
    const file = path.join(work, 'offline.tar.gz');
    const out = await runBackupCli(['backup', file], env({ DATA_DIR: dataDir, PORT: closed }));
    expect(out.stderr).toBe('');
    expect(out.stdout).toMatch(new RegExp(`made by the data folder ${dataDir}:\\n`));
    expect(out.stdout).toMatch(/files: 1 file \(19 B\)/);
    const manifest = await readArchive(file);
    expect(manifest.members.map((m) => m.name)).toEqual(['database.pglite.tar', 'files/public/avatar/a.webp']);

    fs.writeFileSync(path.join(dataDir, 'db', 'postmaster.pid'), '-42\n');
    const held = await runBackupCli(
      ['backup', path.join(work, 'held.tar.gz')],
      env({ DATA_DIR: dataDir, PORT: closed }),
    );
    expect(held.code).toBe(1);
    expect(held.stderr).toMatch(/is open in another process, and no server answers at .* Pass --url/);
  });
});

describe('a caller that goes away while the archive is staged', () => {
  it('has it removed, with no audit row, and the next backup is made', async () => {
    const backups = () =>
      t.database.query<{ n: number }>(`select count(*)::int as n from audit_log where action = 'backup'`);
    const before = await backups();
    const request = http.request(`http://127.0.0.1:${port}/turing/admin/backup`, {
      method: 'POST',
      headers: { ...tokenHeaders(t), 'content-length': '0' },
    });
    request.on('error', () => {});
    request.end();
    // Gone as soon as the server has begun staging, long before the archive's first byte.
    while (!leftovers(t.config.DATA_DIR).length) await new Promise((resolve) => setTimeout(resolve, 1));
    request.destroy();
    await until(
      async () => leftovers(t.config.DATA_DIR),
      (left) => left.length === 0,
    );
    expect(await backups()).toEqual(before);
    const out = await runBackupCli(['backup', path.join(work, 'after-abandoned.tar.gz')], env());
    expect(out.stderr).toBe('');
  });
});

describe('npm run restore', () => {
  it('refuses to replace the data folder of a running server', async () => {
    const file = path.join(work, 'from-server.tar.gz');
    const out = await runBackupCli(['restore', file, '--force'], env());
    expect(out).toMatchObject({
      code: 1,
      stderr: `error: A server answers at http://127.0.0.1:${port}: stop it before restoring its data folder.\n`,
    });
  });

  it('restores into an empty data folder and says what it restored', async () => {
    const dataDir = path.join(work, 'restored');
    const closed = new URL(await deadUrl()).port;
    const out = await runBackupCli(
      ['restore', path.join(work, 'offline.tar.gz')],
      env({ DATA_DIR: dataDir, PORT: closed }),
    );
    expect(out.stderr).toBe('');
    expect(out.stdout).toMatch(/^Restored .*offline\.tar\.gz \(made \S+ by Turing Design [\d.]+\):\n/);
    expect(out.stdout).toContain(`files: 1 file (19 B) in ${path.join(dataDir, 'files')}`);
    expect(fs.readFileSync(path.join(dataDir, 'files', 'public', 'avatar', 'a.webp'), 'utf8')).toBe(
      'not really an image',
    );
    expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
  });
});

describe('wrong usage', () => {
  it.each([
    [[], /^error: Unknown command ""\./],
    [['backup'], /^error: backup needs the archive's file name\./],
    [['backup', 'a.tar.gz', '--force'], /^error: --force is an option of restore\./],
    [['restore', 'a.tar.gz', 'b'], /^error: Unexpected arguments: b\./],
  ])('%j: says what is wrong, then the help (exit code 2)', async (argv, message) => {
    const out = await runBackupCli(argv, env());
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(message);
    expect(out.stderr).toContain('npm run restore -- <file> [--force]');
  });
});
