import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '@turing/contract';
import { loadConfig } from '../../config.ts';
import { FakeComfyServer } from '../../../test-support/comfyui/fake-comfy-server.ts';
import { comfySettings, deadUrl } from '../../../test-support/fleet-helpers.ts';
import { appHeaders, buildTestApp, type TestApp } from '../../../test-support/test-app.ts';

const engines = (t: TestApp, token = t.app.services!.adminToken) =>
  t.app.inject({
    method: 'GET',
    url: '/turing/admin/engines',
    headers: { ...appHeaders(), [ADMIN_TOKEN_HEADER]: token },
  });
const ready = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/turing/health/ready' })).json();

const apps: TestApp[] = [];
const fakes: FakeComfyServer[] = [];
async function appWith(env: Record<string, string>) {
  const t = await buildTestApp(env);
  apps.push(t);
  return t;
}
afterAll(async () => {
  for (const t of apps) {
    // The registry's engines belong to the workers, which tests do not start: close them here.
    await t.app.services!.engines.close();
    await t.close();
  }
  await Promise.all(fakes.map((f) => f.close()));
});

describe('GET /turing/admin/engines', () => {
  let preview: TestApp;
  beforeAll(async () => {
    preview = await appWith({});
  });

  it('needs the admin token', async () => {
    const res = await engines(preview, 'wrong-token-wrong-token');
    expect(res.json().code).toBe('ADMIN_TOKEN_INVALID');
  });

  it('checks the default engine, which serves every model', async () => {
    const res = await engines(preview);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        name: 'preview',
        models: ['architecture', 'architecture-beta'],
        isDefault: true,
        ok: true,
        detail: expect.stringContaining('preview'),
        servers: [],
        checkedAt: expect.any(String),
      },
    ]);
  });

  it('lists each server of a ComfyUI fleet with its state, and keeps the node ready while one is down', async () => {
    const fake = await FakeComfyServer.start();
    fakes.push(fake);
    const dead = await deadUrl();
    const t = await appWith({ MODEL_ENGINES: 'architecture-beta:comfyui', ...comfySettings([fake.url, dead]) });
    // Nothing generated here yet: readiness names no engine and makes none.
    expect((await ready(t)).data.engines).toEqual([]);

    const list = (await engines(t)).json().data;
    expect(list.map((e: { name: string; models: string[] }) => [e.name, e.models])).toEqual([
      ['preview', ['architecture']],
      ['comfyui', ['architecture-beta']],
    ]);
    const comfy = list[1];
    expect(comfy).toMatchObject({ isDefault: false, ok: true });
    expect(comfy.servers).toEqual([
      expect.objectContaining({ url: fake.url, state: 'up', ok: true, running: 0, pending: 0 }),
      expect.objectContaining({ url: dead, state: 'down', ok: false }),
    ]);
    expect(Date.parse(comfy.servers[1].since)).not.toBeNaN();

    const answer = await ready(t);
    expect(answer.status).toBe(200);
    expect(answer.data.engines).toEqual(
      expect.arrayContaining([
        { name: 'comfyui', ok: true, servers: { up: 1, draining: 0, down: 1 }, checkedAt: comfy.checkedAt },
        expect.objectContaining({ name: 'preview', ok: true }),
      ]),
    );
    // Readiness is public: it counts servers, it does not name them.
    expect(JSON.stringify(answer)).not.toContain(fake.url);
  });

  it('says which engine cannot start; a misspelt name stops the start', async () => {
    const t = await appWith({ MODEL_ENGINES: 'architecture:openai' });
    const list = (await engines(t)).json().data;
    expect(list).toEqual([
      expect.objectContaining({ name: 'preview', models: ['architecture-beta'], isDefault: true, ok: true }),
      expect.objectContaining({
        name: 'openai',
        models: ['architecture'],
        ok: false,
        detail: 'not started: the openai engine needs OPENAI_API_KEY',
        servers: [],
      }),
    ]);
    expect(() =>
      loadConfig({ DATA_DIR: '/tmp/x', MODEL_ENGINES: 'architecture:openai,architecture-beta:comfy' }),
    ).toThrow(/MODEL_ENGINES: unknown engine "comfy" in .*engines preview, comfyui, openai, stability, flux, wan\)/);
  });
});
