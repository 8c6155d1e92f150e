import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerUser, type TestApp } from '../../test/test-app.ts';
import { png, upload } from '../../test/upload-helpers.ts';

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

  it('avatars stay public', async () => {
    const { cookie } = await registerUser(t);
    const image = (await upload(t, cookie, await png(), 'me.png')).json().data;
    expect(image.url).toMatch(/^\/files\/avatar\//);
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
  });
});
