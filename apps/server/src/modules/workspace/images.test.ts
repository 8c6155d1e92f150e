import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Folder } from '@turing/contract';
import { uploads, works } from '../../db/schema/index.ts';
import { buildGenerationApp, finished, getTask, photo, submit, until } from '../../../test-support/design-helpers.ts';
import { registerUser } from '../../../test-support/test-app.ts';
import {
  allImages,
  call,
  createFolder,
  defaultFolder,
  folders,
  generate,
  imagePage,
} from '../../../test-support/workspace-helpers.ts';

let t: Awaited<ReturnType<typeof buildGenerationApp>>;
beforeAll(async () => {
  // Drawn smaller than the default, yet above the thumbnail's edge (480 px): results still get
  // thumbnails of their own, as full-size ones do.
  t = await buildGenerationApp({ QUALITY_LONG_EDGE: 'SD:512' });
});
afterAll(() => t.close());

const countOf = async (cookie: string, id: string) => (await folders(t, cookie)).find((f) => f.id === id)!.fileCount;
const touched = async (cookie: string, before: Folder) =>
  (await folders(t, cookie)).find((f) => f.id === before.id)!.updatedAt > before.updatedAt;

describe('moving and copying images', () => {
  it('copies into another folder once, and moves out of the source into the target', async () => {
    const { cookie } = await registerUser(t);
    await generate(t, cookie, 3);
    const def = await defaultFolder(t, cookie);
    const target = await createFolder(t, cookie, 'Target');
    const [a, b, c] = await allImages(t, cookie, def.id);

    expect(await call(t, cookie, 'POST', '/image/copy', { ids: [a!.id, b!.id], folderId: target.id })).toMatchObject({
      status: 200,
      data: { count: 2 },
    });
    expect(await touched(cookie, target)).toBe(true);
    // Already there: skipped, and the folder's edit time stays.
    const afterCopy = (await folders(t, cookie)).find((f) => f.id === target.id)!;
    expect((await call(t, cookie, 'POST', '/image/copy', { ids: [a!.id], folderId: target.id })).data).toEqual({
      count: 0,
    });
    expect(await touched(cookie, afterCopy)).toBe(false);
    expect(await countOf(cookie, def.id)).toBe(3);
    expect(await countOf(cookie, target.id)).toBe(2);

    // a is in both folders: moving it merges into the target; c moves; both leave the default folder.
    const beforeMove = await defaultFolder(t, cookie);
    const moved = await call(t, cookie, 'POST', '/image/move', { ids: [a!.id, c!.id], folderId: target.id });
    expect(moved.data).toEqual({ count: 2 });
    expect(await touched(cookie, beforeMove)).toBe(true);
    expect((await allImages(t, cookie, def.id)).map((i) => i.id)).toEqual([b!.id]);
    const inTarget = await allImages(t, cookie, target.id);
    expect(inTarget.map((i) => i.imageId).sort()).toEqual([a!.imageId, b!.imageId, c!.imageId].sort());
    // A moved item keeps its id and the time its image was made.
    expect(inTarget.find((i) => i.imageId === c!.imageId)).toMatchObject({ id: c!.id, createdAt: c!.createdAt });
    const sizes = await folders(t, cookie);
    expect(sizes.find((f) => f.id === target.id)!.sizeBytes).toBe(a!.bytes + b!.bytes + c!.bytes);
    expect(sizes.find((f) => f.id === def.id)!.sizeBytes).toBe(b!.bytes);
  });

  it('acts only on the caller’s own items and folders', async () => {
    const me = await registerUser(t);
    const other = await registerUser(t);
    await generate(t, me.cookie, 1);
    await generate(t, other.cookie, 1);
    const mine = (await allImages(t, me.cookie, (await defaultFolder(t, me.cookie)).id))[0]!;
    const theirDefault = await defaultFolder(t, other.cookie);
    const theirs = (await allImages(t, other.cookie, theirDefault.id))[0]!;
    const myFolder = await createFolder(t, me.cookie, 'Mine');

    const imageNotFound = { status: 404, msg: 'This image was not found' };
    for (const path of ['/image/move', '/image/copy'])
      expect(await call(t, me.cookie, 'POST', path, { ids: [theirs.id], folderId: myFolder.id })).toMatchObject(
        imageNotFound,
      );
    expect(await call(t, me.cookie, 'POST', '/image/delete', { ids: [theirs.id] })).toMatchObject(imageNotFound);
    expect((await call(t, me.cookie, 'POST', '/image/delete', { ids: [randomUUID()] }, 'zh')).msg).toBe('未找到该图片');
    // Into someone else's folder: refused, whether the item is mine or theirs.
    for (const ids of [[mine.id], [theirs.id]])
      expect(await call(t, me.cookie, 'POST', '/image/copy', { ids, folderId: theirDefault.id })).toMatchObject({
        status: 404,
        msg: 'This folder was not found',
      });
    // Mixed: only mine count.
    expect(
      (await call(t, me.cookie, 'POST', '/image/copy', { ids: [mine.id, theirs.id], folderId: myFolder.id })).data,
    ).toEqual({ count: 1 });
    expect(await allImages(t, other.cookie, theirDefault.id)).toEqual([theirs]);
    expect((await call(t, me.cookie, 'POST', '/image/delete', { ids: [mine.id, theirs.id] })).data).toEqual({
      count: 1,
    });
    expect(await allImages(t, other.cookie, theirDefault.id)).toHaveLength(1);
  });

  it('refuses bad input with its message and changes nothing', async () => {
    const { cookie } = await registerUser(t);
    const def = await defaultFolder(t, cookie);
    expect(await call(t, cookie, 'POST', '/image/move', { ids: [], folderId: def.id })).toMatchObject({
      status: 400,
      msg: 'Invalid input or settings',
    });
    expect((await call(t, cookie, 'POST', '/image/copy', { ids: ['x'], folderId: def.id }, 'zh')).status).toBe(400);
    expect((await call(t, cookie, 'POST', '/image/copy', { ids: [randomUUID()], folderId: 'x' })).msg).toBe(
      'This folder was not found',
    );
    expect((await imagePage(t, cookie, def.id, '&cursor=bogus')).msg).toMatch(/^This list position is not valid/);
    expect(await folders(t, cookie)).toMatchObject([{ id: def.id, fileCount: 0 }]);
  });
});

describe('deleting images', () => {
  it('removes the stored image only when no other folder or community work keeps it', async () => {
    const { cookie, profile } = await registerUser(t);
    const task = await generate(t, cookie, 3);
    const def = await defaultFolder(t, cookie);
    const other = await createFolder(t, cookie, 'Other');
    const [copied, published, lone] = await allImages(t, cookie, def.id);
    await call(t, cookie, 'POST', '/image/copy', { ids: [copied!.id], folderId: other.id });
    const [work] = await t.database.db
      .insert(works)
      .values({ userId: profile.id, uploadId: published!.imageId, title: 'Kept', width: 1, height: 1 })
      .returning();
    expect((await allImages(t, cookie, def.id)).find((i) => i.id === published!.id)!.workId).toBe(work!.id);

    const res = await call(t, cookie, 'POST', '/image/delete', { ids: [copied!.id, published!.id, lone!.id] });
    expect(res.data).toEqual({ count: 3 });
    expect(await allImages(t, cookie, def.id)).toEqual([]);
    expect(await touched(cookie, def)).toBe(true);
    const left = await t.database.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(
        inArray(
          uploads.id,
          task.results.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual([copied!.imageId, published!.imageId].sort());
    expect((await t.app.inject({ method: 'GET', url: lone!.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: copied!.url })).statusCode).toBe(200);
    expect((await allImages(t, cookie, other.id)).map((i) => i.imageId)).toEqual([copied!.imageId]);
  });
  it('keeps an image a later task started from, so that task still shows its base image', async () => {
    const { cookie } = await registerUser(t);
    const [result] = (await generate(t, cookie, 1)).results;
    const iterate = await submit(t, cookie, { mode: 'iterate', baseImageId: result!.id, prompt: 'add a porch' });
    await until(() => getTask(t, cookie, iterate.json().data.id), finished);
    const def = await defaultFolder(t, cookie);
    const item = (await allImages(t, cookie, def.id)).find((i) => i.imageId === result!.id)!;

    expect((await call(t, cookie, 'POST', '/image/delete', { ids: [item.id] })).data).toEqual({ count: 1 });
    expect(
      await t.database.db
        .select()
        .from(uploads)
        .where(inArray(uploads.id, [result!.id])),
    ).toHaveLength(1);
    expect((await allImages(t, cookie, def.id)).map((i) => i.imageId)).not.toContain(result!.id);
  });
});

describe('paging', () => {
  it('returns every image of a folder exactly once, newest first', async () => {
    const { cookie, profile } = await registerUser(t);
    const png = await photo(64, 48);
    const def = await defaultFolder(t, cookie);
    for (let i = 0; i < 11; i += 1) {
      const taskId = randomUUID();
      await t.app.services!.images.save({ userId: profile.id, kind: 'result', png, taskId });
      await t.app.services!.workspace.fileResults(profile.id, taskId, null);
    }
    const all = await allImages(t, cookie, def.id);
    for (const limit of [1, 3, 4, 11]) {
      const paged = await allImages(t, cookie, def.id, limit);
      expect(paged.map((i) => i.id)).toEqual(all.map((i) => i.id));
    }
    expect(new Set(all.map((i) => i.id)).size).toBe(11);
    const times = all.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all[0]).toMatchObject({ taskId: expect.any(String), params: null, width: 64, height: 48 });
    expect((await imagePage(t, cookie, def.id, '&limit=101')).msg).toBe('A page holds 1 to 100 items');
  });
});
