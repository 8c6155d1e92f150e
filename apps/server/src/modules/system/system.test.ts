import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { comfySettings, deadUrl } from '../../../test-support/fleet-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /turing/health', () => {
  it('answers in the envelope with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/turing/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 200, msg: 'success', data: { ok: true } });
    expect(['pglite', 'postgres']).toContain(body.data.database);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/turing/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('GET /turing/health/ready', () => {
  const ready = async (app: TestApp) => {
    const res = await app.app.inject({ method: 'GET', url: '/turing/health/ready' });
    return { code: res.statusCode, body: res.json() };
  };

  it('counts the unhandled promise rejections since the process started', async () => {
    const before = (await ready(t)).body.data.unhandledRejections;
    expect(before).toEqual(expect.any(Number));
    // Until main.ts hands it the process logger, the record writes to stderr: keep the test output clean.
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      t.app.services!.faults.onUnhandledRejection(new Error('a bug nobody awaited'));
    } finally {
      stderr.mockRestore();
    }
    const after = await ready(t);
    expect(after.code).toBe(200);
    expect(after.body.data).toMatchObject({ ok: true, unhandledRejections: before + 1 });
  });

  it('names only the engines this process has made, and checks them in the background, not on the probe', async () => {
    const app = await buildTestApp();
    try {
      expect((await ready(app)).body.data.engines).toEqual([]);
      await app.app.services!.engines.get('preview');
      const first = (await ready(app)).body.data.engines;
      // Never checked yet: whether it takes work, no time of a check.
      expect(first).toEqual([{ name: 'preview', ok: true, servers: { up: 0, draining: 0, down: 0 }, checkedAt: null }]);
      await vi.waitFor(async () =>
        expect((await ready(app)).body.data.engines[0].checkedAt).toEqual(expect.any(String)),
      );
    } finally {
      await app.app.services!.engines.close();
      await app.close();
    }
  });

  it('stays ready with every GPU server down, and shows it', async () => {
    const app = await buildTestApp({ GENERATION_ENGINE: 'comfyui', ...comfySettings([await deadUrl()]) });
    try {
      // A worker in this process sent a task to the fleet, and the fleet found its server dead.
      const engine = await app.app.services!.engines.get('comfyui');
      await vi.waitFor(() => expect(engine.available()).toBe(false), { timeout: 10_000 });
      await ready(app);
      await vi.waitFor(async () => {
        const answer = await ready(app);
        expect(answer.code).toBe(200);
        expect(answer.body.data).toMatchObject({
          ok: true,
          engines: [
            { name: 'comfyui', ok: false, servers: { up: 0, draining: 0, down: 1 }, checkedAt: expect.any(String) },
          ],
        });
      });
    } finally {
      await app.app.services!.engines.close();
      await app.close();
    }
  });
});

describe('OpenAPI', () => {
  it('is generated from the contract and served as JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/turing/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/turing/health', '/turing/user/info', '/turing/user/logout']),
    );
  });
});

describe('unknown API paths', () => {
  it('answer 404 in the envelope, in the caller language', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/turing/nope' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({
      status: 404,
      msg: 'The requested resource does not exist',
      data: null,
      code: 'NOT_FOUND',
    });
    const zh = await t.app.inject({
      method: 'GET',
      url: '/turing/nope',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(zh.json().msg).toBe('请求的资源不存在');
  });
});

describe('GET /turing/config', () => {
  it('keeps the IP country lookup off by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/turing/config' });
    expect(res.json().data).toEqual({ ipCountryLookupUrl: null, testPayments: true });
    expect(res.headers['content-security-policy']).toMatch(/connect-src 'self'(;|$)/);
  });

  it('names the lookup service and allows it in the CSP when switched on', async () => {
    const on = await buildTestApp({ IP_COUNTRY_LOOKUP: 'true' });
    try {
      const res = await on.app.inject({ method: 'GET', url: '/turing/config' });
      expect(res.json().data).toEqual({ ipCountryLookupUrl: 'https://ip2c.org/s', testPayments: true });
      expect(res.headers['content-security-policy']).toContain("connect-src 'self' https://ip2c.org");
    } finally {
      await on.close();
    }
  });
});

describe('the built web app', () => {
  it('serves hashed assets for a year and index.html revalidated', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dist = path.join(t.config.DATA_DIR, 'web');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Turing Design</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    const web = await buildTestApp({ WEB_DIST: dist });
    try {
      const index = await web.app.inject({ method: 'GET', url: '/' });
      expect(index.statusCode).toBe(200);
      expect(index.headers['cache-control']).toBe('no-cache');
      const asset = await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await web.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    } finally {
      await web.close();
    }
  });
});
