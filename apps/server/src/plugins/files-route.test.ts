import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { isSafeKey } from '../storage/storage.ts';

// A raw request, as a client or a proxy may send it: app.inject (and fetch) would resolve the `..`
// before the server sees the path.
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

let t: TestApp;
let port: number;
let key: string;
beforeAll(async () => {
  t = await buildTestApp();
  const storage = t.app.services!.storage;
  key = await storage.put('result/2026/11/secret.thumb.webp', Buffer.from('a private picture'), {
    contentType: 'image/webp',
    visibility: 'private',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

describe('the files route', () => {
  it('serves a private image through its signed URL only', async () => {
    const signed = t.app.services!.storage.signedUrl(key, 60);
    expect(await rawGet(port, signed)).toMatchObject({ status: 200, body: 'a private picture' });
    expect((await rawGet(port, `/files/${key}`)).status).toBe(404);
  });

  it('never reaches a private image through a public prefix and a `..` segment, nor makes anything for it', async () => {
    const storage = t.app.services!.storage;
    const small = key.replace('.thumb.webp', '.thumb-320.webp');
    for (const path of [
      `/files/public/../${key}`,
      `/files/public/%2e%2e/${key}`,
      `/files/public/./../${key}`,
      `/files/avatar/../${key}`,
      `/files/public/../${small}`,
    ]) {
      const res = await rawGet(port, path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.body).not.toContain('a private picture');
    }
    // The small thumbnail of the private image was not made through the public prefix.
    expect(await storage.get(small)).toBeNull();
    expect(await storage.get(`public/../${key}`)).toBeNull();
  });

  it('takes only keys that name one object', () => {
    expect(isSafeKey('private/result/a.png')).toBe(true);
    for (const bad of ['', 'a//b', 'a/./b', 'a/../b', '../a', 'a/', 'a\\..\\b', 'a\0b'])
      expect(isSafeKey(bad)).toBe(false);
  });
});
