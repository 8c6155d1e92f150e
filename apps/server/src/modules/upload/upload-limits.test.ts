import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@turing/contract';
import { uploads } from '../../db/schema/index.ts';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { png, upload } from '../../../test-support/upload-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const rowsOf = (userId: string) => t.database.db.select().from(uploads).where(eq(uploads.userId, userId));

function filesOnDisk(dir = t.config.filesDir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesOnDisk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Posts a multipart upload over a real TCP connection, one 64 KiB write at a time, each read by the
 * server before the next is sent: the way a browser on a fast link feeds the parser, and the only
 * way to reach the exact-boundary case (app.inject hands the body over in one piece).
 */
async function postInChunks(port: number, cookie: string, file: Buffer) {
  const boundary = '----turing-socket';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let serverSide: Socket | null = null;
  t.app.server.once('connection', (socket: Socket) => {
    serverSide = socket;
  });
  return new Promise<{ status: number; body: { code?: string; msg?: string } }>((resolve, reject) => {
    const req = http.request(
      {
        agent: false,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/turing/upload/image?kind=support',
        headers: {
          ...appHeaders(),
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + file.length + tail.length,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { code?: string } }));
      },
    );
    req.on('error', reject);
    const write = async (chunk: Buffer) => {
      await new Promise<void>((done) => req.write(chunk, () => done()));
      // Wait (by turns of the event loop, not by time) until the server has read all of it.
      while (!serverSide || serverSide.bytesRead < req.socket!.bytesWritten) await nextTurn();
      await nextTurn();
    };
    void (async () => {
      await write(head);
      for (let at = 0; at < file.length; at += 64 * 1024) await write(file.subarray(at, at + 64 * 1024));
      req.end(tail);
    })().catch(reject);
  });
}

describe('upload size', () => {
  it('refuses a 5.2 MB file whose stream is cut exactly at the 5 MiB limit', async () => {
    const { user, cookie } = await seedUser(t);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    // A real image followed by padding: the first 5 MiB on their own decode as a valid PNG.
    const image = await png();
    const file = Buffer.concat([image, Buffer.alloc(Math.round(5.2 * 1024 * 1024) - image.length)]);
    expect(file.length).toBeGreaterThan(LIMITS.imageMaxBytes);

    const res = await postInChunks(port, cookie, file);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      msg: 'The image is over 5MB, please choose a smaller one',
    });
    expect(await rowsOf(user.id)).toEqual([]);
  });
});

describe('decoded size', () => {
  it('refuses images over 40 megapixels before decoding them, in both languages', async () => {
    const { user, cookie } = await seedUser(t);
    const files = filesOnDisk().length;
    // 6400 × 6400 = 41 MP of one colour: a small file that would decode to 164 MB.
    const huge = await sharp({ create: { width: 6400, height: 6400, channels: 3, background: '#eee' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(LIMITS.imageMaxBytes);

    const en = await upload(t, cookie, huge, 'plan.png', 'base');
    expect(en.statusCode).toBe(413);
    expect(en.json()).toMatchObject({
      code: 'IMAGE_TOO_MANY_PIXELS',
      msg: 'The image is too large: at most 40 megapixels (for example 8000 × 5000 pixels), please scale it down',
    });
    const zh = await upload(t, cookie, huge, 'plan.png', 'base', 'zh');
    expect(zh.json().msg).toBe('图片尺寸过大：最多 40 百万像素（例如 8000 × 5000 像素），请缩小后再上传');
    expect(await rowsOf(user.id)).toEqual([]);
    expect(filesOnDisk()).toHaveLength(files);
  });
});

describe('daily quota', () => {
  const seedUploads = (userId: string, rows: number, bytesEach: number, createdAt = new Date()) =>
    t.database.db.insert(uploads).values(
      Array.from({ length: rows }, (_, i) => ({
        userId,
        kind: 'base',
        key: `private/base/seed/${userId}-${i}.png`,
        mime: 'image/png',
        width: 10,
        height: 10,
        bytes: bytesEach,
        createdAt,
      })),
    );

  it(`refuses the upload after ${LIMITS.uploadDailyCount} images in 24 hours and stores nothing`, async () => {
    const { user, cookie } = await seedUser(t);
    const hoursAgo = new Date(Date.now() - 3 * 3_600_000);
    await seedUploads(user.id, LIMITS.uploadDailyCount, 1000, hoursAgo);
    const files = filesOnDisk().length;

    const res = await upload(t, cookie, await png(), 'ref.png', 'ref');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'UPLOAD_QUOTA',
      msg: 'You have reached the daily upload limit (600 images or 1500MB in 24 hours); please try again in 21 h',
    });
    const zh = await upload(t, cookie, await png(), 'ref.png', 'ref', 'zh');
    expect(zh.json().msg).toBe('已达到每日上传上限（24 小时内 600 张图片或 1500MB），请 21 小时后再试');
    expect(await rowsOf(user.id)).toHaveLength(LIMITS.uploadDailyCount);
    expect(filesOnDisk()).toHaveLength(files);
  });

  it('counts stored bytes too, and only those of the last 24 hours', async () => {
    const { user, cookie } = await seedUser(t);
    // Yesterday's uploads no longer count.
    await seedUploads(user.id, 2, LIMITS.uploadDailyBytes, new Date(Date.now() - 25 * 3_600_000));
    expect((await upload(t, cookie, await png(), 'a.png', 'ref')).json().status).toBe(200);

    await seedUploads(user.id, 1, LIMITS.uploadDailyBytes - 10);
    const res = await upload(t, cookie, await png(), 'b.png', 'ref');
    expect(res.json().code).toBe('UPLOAD_QUOTA');
    expect(await rowsOf(user.id)).toHaveLength(4);
  });

  it('lets exactly one of several parallel uploads take the last place', async () => {
    const { user, cookie } = await seedUser(t);
    await seedUploads(user.id, LIMITS.uploadDailyCount - 1, 1000);
    const files = filesOnDisk().length;
    const results = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => (await upload(t, cookie, await png(64 + i), 'ref.png', 'ref')).json()),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === 'UPLOAD_QUOTA')).toHaveLength(4);
    expect(await rowsOf(user.id)).toHaveLength(LIMITS.uploadDailyCount);
    // The image and its thumbnail.
    expect(filesOnDisk()).toHaveLength(files + 2);
  });

  it('is per user', async () => {
    const full = await seedUser(t);
    await seedUploads(full.user.id, LIMITS.uploadDailyCount, 1000);
    const other = await seedUser(t);
    expect((await upload(t, full.cookie, await png(), 'a.png', 'ref')).json().code).toBe('UPLOAD_QUOTA');
    expect((await upload(t, other.cookie, await png(), 'a.png', 'ref')).json().status).toBe(200);
  });
});

describe('upload rate', () => {
  it(`allows ${LIMITS.uploadsPerMinute} uploads a minute per user, then answers 429 with a localised message`, async () => {
    const a = await seedUser(t);
    const b = await seedUser(t);
    const image = await png(8, 8);
    for (let i = 0; i < LIMITS.uploadsPerMinute; i += 1) {
      expect((await upload(t, a.cookie, await png(8 + i, 8), 'x.png', 'mask')).json().status).toBe(200);
    }
    const refused = await upload(t, a.cookie, image, 'x.png', 'mask', 'zh');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.json().msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    expect(await rowsOf(a.user.id)).toHaveLength(LIMITS.uploadsPerMinute);
    // Someone else is not slowed down by it.
    expect((await upload(t, b.cookie, image, 'x.png', 'mask')).json().status).toBe(200);
  });
});
