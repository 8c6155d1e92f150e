import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeS3, type FakeS3 } from '../../../test-support/fake-s3.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { png, upload } from '../../../test-support/upload-helpers.ts';

let s3: FakeS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await fakeS3('turing-images');
  t = await buildTestApp({
    S3_BUCKET: 'turing-images',
    S3_ENDPOINT: s3.url,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret-example-key',
    S3_PUBLIC_URL: 'https://cdn.example.com',
  });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('uploads with S3 storage', () => {
  it('stores private images in the bucket and streams them back through signed app URLs', async () => {
    const { cookie } = await seedUser(t);
    const sent = await png(120, 80);
    const image = (await upload(t, cookie, sent, 'plan.png', 'base')).json().data;
    expect(image).toMatchObject({ kind: 'base', width: 120, height: 80 });
    const url = new URL(image.url, 'http://x');
    expect(url.pathname).toMatch(/^\/files\/private\/base\/\d{4}\/\d{2}\/[\w-]+\.png$/);
    const key = url.pathname.replace('/files/', '');
    expect(s3.objects.get(key)?.contentType).toBe('image/png');

    const res = await t.app.inject({ method: 'GET', url: image.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.rawPayload.equals(s3.objects.get(key)!.body)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(image.bytes);
    const thumb = await t.app.inject({ method: 'GET', url: image.thumbUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(s3.objects.has(new URL(image.thumbUrl, 'http://x').pathname.replace('/files/', ''))).toBe(true);

    // Without the signature the bucket is not even asked.
    const asked = s3.requests.length;
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
    expect(s3.requests.length).toBe(asked);
    // Nothing went to the local folder.
    expect(fs.existsSync(t.config.filesDir)).toBe(false);
  });

  it('gives public images the bucket address, which the page may load', async () => {
    const { cookie } = await seedUser(t);
    const avatar = (await upload(t, cookie, await png(), 'me.png', 'avatar')).json().data;
    expect(avatar.url).toMatch(/^https:\/\/cdn\.example\.com\/public\/avatar\/\d{4}\/\d{2}\/[\w-]+\.webp$/);
    const key = new URL(avatar.url).pathname.slice(1);
    expect(s3.objects.get(key)?.contentType).toBe('image/webp');
    const page = await t.app.inject({ method: 'GET', url: '/turing/health' });
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://cdn.example.com");
  });

  it('answers 404 for objects the bucket does not have', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/files/public/avatar/none.webp' })).statusCode).toBe(404);
  });
});
