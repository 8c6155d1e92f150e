import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { png, upload } from '../../../test-support/upload-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const rowsOf = (userId: string) => t.database.db.select().from(uploads).where(eq(uploads.userId, userId));
const rowOf = async (id: string) => (await t.database.db.select().from(uploads).where(eq(uploads.id, id)))[0]!;
const fetch = (url: string) => t.app.inject({ method: 'GET', url });
const send = async (cookie: string, file: Buffer, kind: string) => {
  const res = await upload(t, cookie, file, 'x.png', kind);
  expect(res.json().status).toBe(200);
  return res.json().data as { id: string; url: string; thumbUrl: string | null; width: number; height: number };
};
function filesOnDisk(dir = t.config.filesDir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesOnDisk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe('thumbnails', () => {
  it('come with every upload but avatars, as private as the image', async () => {
    const { cookie } = await seedUser(t);
    const image = await send(cookie, await png(1600, 1200, '#204060'), 'base');
    expect(image.thumbUrl).toMatch(/^\/files\/private\/base\/\d{4}\/\d{2}\/[\w-]+\.thumb\.webp\?exp=\d+&sig=[\w-]+$/);
    expect((await rowOf(image.id)).thumbKey).toBe(new URL(image.thumbUrl!, 'http://x').pathname.slice(7));
    const res = await fetch(image.thumbUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
    // Signed for itself: the image's signature does not open the thumbnail.
    const unsigned = new URL(image.thumbUrl!, 'http://x').pathname;
    expect((await fetch(`${unsigned}${new URL(image.url, 'http://x').search}`)).statusCode).toBe(404);

    const avatar = await send(cookie, await png(), 'avatar');
    expect(avatar.thumbUrl).toBeNull();
    expect((await rowOf(avatar.id)).thumbKey).toBeNull();
  });

  it('go with their image when it is discarded or swept', async () => {
    const { cookie } = await seedUser(t);
    const discarded = await rowOf((await send(cookie, await png(90, 60, '#301010'), 'ref')).id);
    await t.app.services!.uploads.discard(discarded.key);
    const storage = t.app.services!.storage;
    expect(await storage.getStream(discarded.key)).toBeNull();
    expect(await storage.getStream(discarded.thumbKey!)).toBeNull();

    const abandoned = await rowOf((await send(cookie, await png(90, 60, '#103010'), 'depth')).id);
    await t.app.services!.sweepAbandonedUploads(new Date(Date.now() + 2 * 86_400_000));
    expect(await rowsOf(abandoned.userId)).toEqual([]);
    expect(await storage.getStream(abandoned.key)).toBeNull();
    expect(await storage.getStream(abandoned.thumbKey!)).toBeNull();
  });
});

describe('the same image sent again', () => {
  it('is stored once per user and kind, and uses no quota', async () => {
    const { user, cookie } = await seedUser(t);
    const image = await png(70, 50, '#402010');
    const first = await send(cookie, image, 'base');
    const files = filesOnDisk().length;
    const again = await send(cookie, image, 'base');
    expect(again).toEqual({ ...first, url: again.url, thumbUrl: again.thumbUrl });
    // No new row (the daily quota counts rows) and no new file.
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect(filesOnDisk()).toHaveLength(files);
    expect((await rowOf(first.id)).contentHash).toMatch(/^[0-9a-f]{64}$/);

    // Another kind is another use of it.
    expect((await send(cookie, image, 'ref')).id).not.toBe(first.id);
    // Another user's copy is theirs.
    const other = await seedUser(t);
    expect((await send(other.cookie, image, 'base')).id).not.toBe(first.id);
  });

  it('at the same moment succeeds everywhere and leaves one copy', async () => {
    const { user, cookie } = await seedUser(t);
    const image = await png(72, 50, '#405060');
    const files = filesOnDisk().length;
    const results = await Promise.all(Array.from({ length: 4 }, () => send(cookie, image, 'mask')));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await rowsOf(user.id)).toHaveLength(1);
    // The copies the later ones stored are gone again.
    expect(filesOnDisk()).toHaveLength(files + 2);
  });

  it('is stored anew when the earlier copy is unused and about to be swept', async () => {
    const { user, cookie } = await seedUser(t);
    const image = await png(74, 50, '#506070');
    const first = await send(cookie, image, 'line-art');
    await t.database.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 20 * 3_600_000) })
      .where(eq(uploads.id, first.id));
    const second = await send(cookie, image, 'line-art');
    expect(second.id).not.toBe(first.id);
    expect(await rowsOf(user.id)).toHaveLength(2);
  });
});

describe('EXIF orientation', () => {
  it('is applied to the stored image and its thumbnail', async () => {
    const { cookie } = await seedUser(t);
    // 60×40 pixels stored, "rotate 90° clockwise to view" (6): a 40×60 portrait to the eye.
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#a05018' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(photo).metadata()).toMatchObject({ width: 60, height: 40, orientation: 6 });
    const image = await send(cookie, photo, 'base');
    expect(image).toMatchObject({ width: 40, height: 60 });
    const stored = await sharp((await fetch(image.url)).rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 40, height: 60 });
    // The orientation tag went with the rest of the metadata, so nothing rotates it twice.
    expect(stored.orientation).toBeUndefined();
    expect(await sharp((await fetch(image.thumbUrl!)).rawPayload).metadata()).toMatchObject({ width: 40, height: 60 });
  });
});
