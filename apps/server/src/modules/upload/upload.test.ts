import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp } from '../../app.ts';
import { buildTestApp, registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { png, upload } from '../../../test-support/upload-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('private images', () => {
  it('are reached only through a signed URL that cannot be altered', async () => {
    const { cookie } = await registerUser(t);
    const res = await upload(t, cookie, await png(120, 80), 'screen.png', 'support');
    const image = res.json().data;
    expect(image).toMatchObject({ kind: 'support', width: 120, height: 80 });
    expect(image.url).toMatch(/^\/files\/private\/support\/\d{4}\/\d{2}\/[\w-]+\.png\?exp=\d+&sig=[\w-]+$/);

    const ok = await t.app.inject({ method: 'GET', url: image.url });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const url = new URL(image.url, 'http://x');
    const key = url.pathname.replace('/files/private/', '');
    expect((await t.app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);
    const forged = `${url.pathname}?exp=${url.searchParams.get('exp')}&sig=${'A'.repeat(43)}`;
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const later = `${url.pathname}?exp=${Number(url.searchParams.get('exp')) + 3600}&sig=${url.searchParams.get('sig')}`;
    expect((await t.app.inject({ method: 'GET', url: later })).statusCode).toBe(404);
    const expired = `${url.pathname}?exp=1000&sig=${url.searchParams.get('sig')}`;
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(404);
  });

  it('avatars are public and cached for long', async () => {
    const { cookie } = await registerUser(t);
    const image = (await upload(t, cookie, await png(), 'me.png')).json().data;
    expect(image.url).toMatch(/^\/files\/public\/avatar\/\d{4}\/\d{2}\/[\w-]+\.webp$/);
    const res = await t.app.inject({ method: 'GET', url: image.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(image.bytes);
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('answers 404 for unknown files and keys outside the store', async () => {
    for (const url of ['/files/public/avatar/none.webp', '/files/private/x.png?exp=1&sig=x', '/files/../secret']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('content security policy', () => {
  it('lets pages load images from the app itself with the local storage', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/turing/health' });
    expect(res.headers['content-security-policy']).toMatch(/img-src 'self' data: blob:(;|$)/);
  });

  it('adds the origin of a storage that serves its own URLs', async () => {
    const services = t.app.services!;
    const remote = { ...services.storage, origin: 'https://images.example.com' };
    const app = await buildHttpApp({ ...services, storage: remote }, { logger: pino({ level: 'silent' }) });
    try {
      const res = await app.inject({ method: 'GET', url: '/turing/health' });
      expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://images.example.com");
    } finally {
      await app.close();
    }
  });
});

describe('fresh image links', () => {
  it("give the caller's own images new signed links, in the order asked, and leave out anyone else's", async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const a = (await upload(t, owner.cookie, await png(120, 80), 'a.png', 'base')).json().data;
    const b = (await upload(t, owner.cookie, await png(60, 40), 'b.png', 'ref')).json().data;
    const theirs = (await upload(t, other.cookie, await png(), 'c.png', 'base')).json().data;
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await t.app.inject({
      method: 'POST',
      url: '/turing/upload/images',
      headers: { cookie: owner.cookie, 'x-requested-with': 'XMLHttpRequest' },
      payload: { ids: [b.id, theirs.id, missing, a.id] },
    });
    const items = res.json().data.items as { id: string; url: string; thumbUrl: string }[];
    expect(items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(items[1]!.url).toMatch(/\?exp=\d+&sig=[\w-]+$/);
    expect((await t.app.inject({ method: 'GET', url: items[1]!.url })).statusCode).toBe(200);
  });

  it('refuses a malformed list and a caller who is not signed in', async () => {
    const { cookie } = await registerUser(t);
    const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
    for (const payload of [
      { ids: [] },
      { ids: ['nope'] },
      { ids: Array(9).fill('00000000-0000-4000-8000-000000000000') },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/turing/upload/images', headers, payload });
      expect(res.json().code, JSON.stringify(payload)).toBe('VALIDATION');
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/turing/upload/images',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { ids: ['00000000-0000-4000-8000-000000000000'] },
    });
    // The envelope's status for a missing session.
    expect(anonymous.json().status).toBe(202);
  });
});
