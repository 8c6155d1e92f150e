import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeComfyServer } from '../../../test-support/comfyui/fake-comfy-server.ts';
import { runAdminCli } from '../../../test-support/admin-cli.ts';
import { comfySettings, deadUrl } from '../../../test-support/fleet-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { formatEngines } from './engines.cli.ts';

let t: TestApp;
let url: string;
let fake: FakeComfyServer;
let dead: string;
beforeAll(async () => {
  fake = await FakeComfyServer.start();
  dead = await deadUrl();
  t = await buildTestApp({ MODEL_ENGINES: 'architecture-beta:comfyui', ...comfySettings([fake.url, dead]) });
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.app.services!.engines.close();
  await t.close();
  await fake.close();
});

describe('npm run admin -- engines', () => {
  it('prints one table: a row per server of the fleet, one for an engine without servers', async () => {
    const out = await runAdminCli(t, url, 'engines');
    expect(out.code).toBe(0);
    const lines = out.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ENGINE\s+SERVER\s+STATE\s+QUEUE\s+DONE\s+LAST ERROR\s+SINCE$/);
    expect(lines[1]).toMatch(/^-+( {2}-+){6}$/);
    expect(lines[2]).toMatch(/^preview \(default\)\s+—\s+up\s+—\s+—\s+—$/);
    const row = (server: string) => lines.find((l) => l.startsWith('comfyui ') && l.includes(server))!;
    expect(row(fake.url)).toMatch(/^comfyui\s+\S+\s+up\s+0\/0\s+\d+\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    expect(row(dead)).toMatch(/^comfyui\s+\S+\s+down\s+0\/0\s+\d+\s+\S.*\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    expect(lines.at(-1)).toMatch(/^Every engine takes work \(checked .* UTC\)\.$/);
  });

  it('is listed in the help', async () => {
    const help = await runAdminCli(t, url, 'help');
    expect(help.stdout).toMatch(/\n {2}engines {2,}Checks every configured generation engine now/);
    expect(help.stdout).toMatch(/\n {2}engines:drain <url> {2,}Takes a server out of rotation/);
    expect(help.stdout).toMatch(/\n {2}engines:resume <url> {2,}Puts a drained server back/);
  });
});

describe('npm run admin -- engines:drain / engines:resume', () => {
  it('drains a server, shows it draining in the table, and brings it back', async () => {
    const drained = await runAdminCli(t, url, 'engines:drain', fake.url);
    expect(drained.code).toBe(0);
    expect(drained.stdout).toMatch(new RegExp(`^Drained\\. ${fake.url} is draining \\(drained by admin token since `));
    expect(drained.stdout).toContain(`npm run admin -- engines:resume ${fake.url}`);
    const row = (await runAdminCli(t, url, 'engines')).stdout.split('\n').find((l) => l.includes(fake.url))!;
    expect(row).toMatch(/\sdraining\s.*drained by admin token since/);

    const resumed = await runAdminCli(t, url, 'engines:resume', fake.url);
    expect(resumed).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(new RegExp(`^Resumed\\. ${fake.url} is up`)),
    });
  });

  it('names the servers it has when the address is not one of them, and needs an address', async () => {
    const unknown = await runAdminCli(t, url, 'engines:drain', 'http://gpu-9:8188');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No engine server has this address: http://gpu-9:8188.');
    expect(unknown.stderr).toContain(`The servers are: ${fake.url}, ${dead}.`);
    const missing = await runAdminCli(t, url, 'engines:resume');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('engines:resume needs a server address');
  });
});

describe('the engines table', () => {
  it('says which engines take no work and why', () => {
    const text = formatEngines([
      {
        name: 'comfyui',
        models: ['architecture'],
        isDefault: true,
        ok: false,
        detail: 'http://gpu-1:8188: unreachable',
        servers: [
          {
            url: 'http://gpu-1:8188',
            state: 'down',
            ok: false,
            running: 0,
            pending: 0,
            done: 41,
            lastError: 'connect ECONNREFUSED',
            since: '2026-03-01T09:58:12.000Z',
          },
        ],
        checkedAt: '2026-03-01T10:00:00.000Z',
      },
      {
        name: 'openai',
        models: ['architecture-beta'],
        isDefault: false,
        ok: false,
        detail: 'OpenAI API key missing',
        servers: [],
        checkedAt: '2026-03-01T10:00:00.000Z',
      },
    ]);
    expect(text.split('\n')).toEqual([
      'ENGINE             SERVER             STATE  QUEUE  DONE  LAST ERROR              SINCE',
      '-----------------  -----------------  -----  -----  ----  ----------------------  -----------------------',
      'comfyui (default)  http://gpu-1:8188  down   0/0    41    connect ECONNREFUSED    2026-03-01 09:58:12 UTC',
      'openai             —                  down   —      —     OpenAI API key missing  —',
      '',
      'Not taking work: comfyui (http://gpu-1:8188: unreachable); openai (OpenAI API key missing)',
    ]);
    expect(formatEngines([])).toBe('No generation engine is configured.');
  });
});
