import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.ts';
import { png } from '../../../test-support/upload-helpers.ts';
import { uploadImage } from '../../../test-support/design-helpers.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { call, makeResult, ok, publish } from '../../../test-support/works.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Copied {
  params: Record<string, unknown>;
  basedOnId: string;
  images: Record<string, { id: string; kind: string; url: string; width: number; height: number } | undefined>;
}

const rowsOf = (userId: string) => t.database.db.select().from(uploads).where(eq(uploads.userId, userId));

/** An iterate work whose task used a base and a depth image of its author. */
async function iterateWork(hideParams = false) {
  const author = await seedUser(t);
  const base = await uploadImage(t, author.cookie, await png(90, 60), 'base');
  const depth = await uploadImage(t, author.cookie, await png(30, 20), 'depth');
  const result = await makeResult(t, author.user.id, {
    params: { mode: 'iterate', baseImageId: base.id, depthImageId: depth.id, size: '3:2' },
    prompt: 'a concrete house in the forest',
  });
  const work = await publish(t, author.cookie, { imageId: result.uploadId, title: 'Forest house', hideParams });
  return { author, base, depth, work };
}

describe('copy parameters with images', () => {
  it('copies the work’s input images into the copier’s uploads and leaves the author’s as they are', async () => {
    const { author, base, depth, work } = await iterateWork();
    const copier = await seedUser(t);
    const authorRowsBefore = await rowsOf(author.user.id);

    const copied = await ok<Copied>(call(t, copier.cookie, 'POST', '/work/copy', { id: work.id }));
    expect(copied.params).toMatchObject({ mode: 'iterate', prompt: 'a concrete house in the forest', size: '3:2' });
    expect(copied.params).not.toHaveProperty('baseImageId');
    expect(copied.basedOnId).toBe(work.id);
    expect(Object.keys(copied.images).sort()).toEqual(['base', 'depth']);
    expect(copied.images.base).toMatchObject({ kind: 'base', width: 90, height: 60 });
    expect(copied.images.depth).toMatchObject({ kind: 'depth', width: 30, height: 20 });
    expect(copied.images.base!.id).not.toBe(base.id);
    expect(copied.images.depth!.id).not.toBe(depth.id);

    // New rows and files of the copier's, with the same pixels; the author's rows are unchanged.
    const mine = await rowsOf(copier.user.id);
    expect(mine.map((r) => r.id).sort()).toEqual([copied.images.base!.id, copied.images.depth!.id].sort());
    const [authorBase] = authorRowsBefore.filter((r) => r.id === base.id);
    const copyRow = mine.find((r) => r.id === copied.images.base!.id)!;
    expect(copyRow.key).not.toBe(authorBase!.key);
    const storage = t.app.services!.storage;
    expect((await storage.get(copyRow.key))!.equals((await storage.get(authorBase!.key))!)).toBe(true);
    expect(await rowsOf(author.user.id)).toEqual(authorRowsBefore);

    // The copy can be fetched by its new owner through the URL it was handed.
    const image = await t.app.inject({ method: 'GET', url: copied.images.base!.url });
    expect(image.statusCode).toBe(200);

    // The studio can submit with it: it is the copier's own base image now.
    const owned = await t.app.services!.uploads.getOwned(copied.images.base!.id, copier.user.id, 'base');
    expect(owned.userId).toBe(copier.user.id);

    // Copying again hands out the same copies rather than storing the images twice.
    const again = await ok<Copied>(call(t, copier.cookie, 'POST', '/work/copy', { id: work.id }));
    expect(again.images.base!.id).toBe(copied.images.base!.id);
    expect(await rowsOf(copier.user.id)).toHaveLength(2);
  });

  it('copies nothing when the author hid the parameters', async () => {
    const { work } = await iterateWork(true);
    const copier = await seedUser(t);
    const res = await call(t, copier.cookie, 'POST', '/work/copy', { id: work.id });
    expect(res.json()).toMatchObject({ status: 403, code: 'PARAMS_HIDDEN' });
    expect(await rowsOf(copier.user.id)).toEqual([]);
  });

  it('gives the author their own images, and leaves out an image the author no longer has', async () => {
    const { author, base, depth, work } = await iterateWork();
    const own = await ok<Copied>(call(t, author.cookie, 'POST', '/work/copy', { id: work.id }));
    expect(own.images.base!.id).toBe(base.id);
    expect(own.images.depth!.id).toBe(depth.id);

    await t.database.db.delete(uploads).where(inArray(uploads.id, [depth.id]));
    const copier = await seedUser(t);
    const copied = await ok<Copied>(call(t, copier.cookie, 'POST', '/work/copy', { id: work.id }));
    expect(Object.keys(copied.images)).toEqual(['base']);
  });

  it('needs a signed-in caller and the app header', async () => {
    const { work } = await iterateWork();
    expect((await call(t, null, 'POST', '/work/copy', { id: work.id })).json()).toMatchObject({
      code: 'SESSION_EXPIRED',
    });
    const copier = await seedUser(t);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/turing/community/work/copy',
      headers: { cookie: copier.cookie },
      payload: { id: work.id },
    });
    expect(bare.statusCode).toBe(403);
    expect(await rowsOf(copier.user.id)).toEqual([]);
  });
});
