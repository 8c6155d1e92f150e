import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkDetail } from '@turing/contract';
import { eq } from 'drizzle-orm';
import { uploads, userAchievements, users, userStats, works } from '../../db/schema/index.ts';
import { png } from '../../../test-support/upload-helpers.ts';
import { uploadImage } from '../../../test-support/design-helpers.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { call, makeResult, ok, publish } from '../../../test-support/works.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const worksCount = async (userId: string) =>
  (await t.database.db.select().from(userStats).where(eq(userStats.userId, userId)))[0]?.works ?? 0;
const errorOf = async (res: ReturnType<typeof call>) => (await res).json() as { status: number; code?: string };

describe('publishing', () => {
  it('copies the task parameters, prompt, base image and lineage, and the size of the image', async () => {
    const { user, cookie } = await seedUser(t);
    const base = await uploadImage(t, cookie, await png(80, 60), 'base');
    const parent = await makeResult(t, user.id);
    const parentWork = await publish(t, cookie, { imageId: parent.uploadId, title: 'Parent' });
    const result = await makeResult(t, user.id, {
      params: {
        mode: 'iterate',
        baseImageId: base.id,
        basedOnId: parentWork.id,
        folderId: crypto.randomUUID(),
        size: '3:4',
      },
      prompt: 'a timber pavilion by the lake',
      width: 48,
      height: 64,
    });
    const work = await ok<WorkDetail>(
      call(t, cookie, 'POST', '/work/publish', {
        imageId: result.uploadId,
        title: '  Lake pavilion ',
        description: 'Morning light',
        tags: { style: ['modern'], material: ['timber'], environment: ['waterfront'] },
      }),
    );
    expect(work).toMatchObject({
      title: 'Lake pavilion',
      description: 'Morning light',
      width: 48,
      height: 64,
      state: 'published',
      mine: true,
      prompt: 'a timber pavilion by the lake',
      hideParams: false,
      basedOn: { id: parentWork.id, title: 'Parent' },
      likeCount: 0,
    });
    expect(work.baseImage).toMatchObject({ url: expect.stringContaining('sig=') });
    expect(work.settings).toEqual({
      mode: 'iterate',
      type: 'architectural',
      model: 'architecture',
      size: '3:4',
      quality: 'SD',
      imageWeight: 0.5,
      textWeight: 0.7,
      controlStrength: 0.6,
    });
    expect(work.tags.map((x) => `${x.category}:${x.slug}`)).toEqual([
      'style:modern',
      'material:timber',
      'environment:waterfront',
    ]);
    expect(work.tags[2]!.label).toEqual({ en: 'Waterfront', zh: '滨水' });
    const parentDetail = await ok<{ derivedCount: number }>(call(t, null, 'GET', `/work/detail?id=${parentWork.id}`));
    expect(parentDetail.derivedCount).toBe(1);
    expect(await worksCount(user.id)).toBe(2);
  });

  it('refuses an image that is not a result of the caller', async () => {
    const { user, cookie } = await seedUser(t);
    const other = await seedUser(t);
    const mine = await uploadImage(t, cookie, await png(40, 30), 'base');
    expect(await errorOf(call(t, cookie, 'POST', '/work/publish', { imageId: mine.id, title: 'x' }))).toMatchObject({
      code: 'WORK_NOT_RESULT',
    });
    const theirs = await makeResult(t, other.user.id);
    expect(
      await errorOf(call(t, cookie, 'POST', '/work/publish', { imageId: theirs.uploadId, title: 'x' })),
    ).toMatchObject({
      code: 'UPLOAD_NOT_FOUND',
    });
    const result = await makeResult(t, user.id);
    expect(
      await errorOf(call(t, cookie, 'POST', '/work/publish', { imageId: result.uploadId, title: '  ' })),
    ).toMatchObject({
      code: 'WORK_TITLE_REQUIRED',
    });
    expect(
      await errorOf(
        call(t, cookie, 'POST', '/work/publish', {
          imageId: result.uploadId,
          title: 'x',
          tags: { style: ['no-such-style'] },
        }),
      ),
    ).toMatchObject({ code: 'VALIDATION' });
    expect(await t.database.db.select().from(works).where(eq(works.userId, user.id))).toHaveLength(0);
    expect(await worksCount(user.id)).toBe(0);
  });

  it('publishing the same image again updates the work, and republishes it after unpublishing', async () => {
    const { user, cookie } = await seedUser(t);
    const result = await makeResult(t, user.id);
    const first = await publish(t, cookie, { imageId: result.uploadId, title: 'First' });
    const again = await publish(t, cookie, { imageId: result.uploadId, title: 'Second', hideParams: true });
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({ title: 'Second', hideParams: true, prompt: null, settings: null });
    expect(await worksCount(user.id)).toBe(1);

    await ok(call(t, cookie, 'POST', '/work/unpublish', { id: first.id }));
    await ok(call(t, cookie, 'POST', '/work/unpublish', { id: first.id }));
    expect(await worksCount(user.id)).toBe(0);
    const own = await ok<{ state: string }>(call(t, cookie, 'GET', `/work/detail?id=${first.id}`));
    expect(own.state).toBe('unpublished');

    const back = await publish(t, cookie, { imageId: result.uploadId, title: 'Third' });
    expect(back).toMatchObject({ id: first.id, state: 'published', title: 'Third' });
    expect(await worksCount(user.id)).toBe(1);
  });

  it('two publishes of one image at once make one work', async () => {
    const { user, cookie } = await seedUser(t);
    const result = await makeResult(t, user.id);
    const both = await Promise.all(
      [1, 2, 3].map((n) => publish(t, cookie, { imageId: result.uploadId, title: `T${n}` })),
    );
    expect(new Set(both.map((w) => w.id)).size).toBe(1);
    expect(await t.database.db.select().from(works).where(eq(works.uploadId, result.uploadId))).toHaveLength(1);
    expect(await worksCount(user.id)).toBe(1);
  });

  it('update and unpublish only touch one’s own work', async () => {
    const owner = await seedUser(t);
    const other = await seedUser(t);
    const result = await makeResult(t, owner.user.id);
    const work = await publish(t, owner.cookie, { imageId: result.uploadId, title: 'Mine' });
    const edit = { id: work.id, title: 'Stolen', tags: { environment: ['forest'] } };
    expect(await errorOf(call(t, other.cookie, 'POST', '/work/update', edit))).toMatchObject({
      code: 'WORK_NOT_FOUND',
    });
    expect(await errorOf(call(t, other.cookie, 'POST', '/work/unpublish', { id: work.id }))).toMatchObject({
      code: 'WORK_NOT_FOUND',
    });
    const updated = await ok<{ title: string; tags: { slug: string }[] }>(
      call(t, owner.cookie, 'POST', '/work/update', { ...edit, title: 'Renamed' }),
    );
    expect(updated.title).toBe('Renamed');
    expect(updated.tags.map((x) => x.slug)).toEqual(['forest']);
    expect(
      await errorOf(call(t, null, 'POST', '/work/publish', { imageId: result.uploadId, title: 'x' })),
    ).toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });
});

describe('privacy of unpublished and hidden works', () => {
  it('another user and a visitor cannot see, list, copy or act on an unpublished work', async () => {
    const owner = await seedUser(t);
    const other = await seedUser(t);
    const result = await makeResult(t, owner.user.id);
    const work = await publish(t, owner.cookie, { imageId: result.uploadId, title: 'Soon private' });
    await ok(call(t, owner.cookie, 'POST', '/work/unpublish', { id: work.id }));

    for (const cookie of [null, other.cookie]) {
      expect(await errorOf(call(t, cookie, 'GET', `/work/detail?id=${work.id}`))).toMatchObject({
        code: 'WORK_NOT_FOUND',
      });
      const list = await ok<{ items: { id: string }[] }>(call(t, cookie, 'GET', `/work/list?userId=${owner.user.id}`));
      expect(list.items).toEqual([]);
      expect(await errorOf(call(t, cookie, 'POST', '/work/share', { id: work.id }))).toMatchObject({
        code: 'WORK_NOT_FOUND',
      });
    }
    for (const path of ['like', 'collect']) {
      expect(await errorOf(call(t, other.cookie, 'POST', `/work/${path}`, { id: work.id }))).toMatchObject({
        code: 'WORK_NOT_FOUND',
      });
    }
    expect(await errorOf(call(t, other.cookie, 'GET', `/work/params?id=${work.id}`))).toMatchObject({
      code: 'WORK_NOT_FOUND',
    });
    expect(await errorOf(call(t, null, 'GET', `/work/params?id=${work.id}`))).toMatchObject({
      code: 'SESSION_EXPIRED',
    });
    expect(await errorOf(call(t, null, 'GET', `/work/derived?id=${work.id}`))).toMatchObject({
      code: 'WORK_NOT_FOUND',
    });

    // The stored image is only reachable through a URL signed for its owner.
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, result.uploadId));
    const plain = await t.app.inject({ method: 'GET', url: `/files/${row!.key}` });
    expect(plain.statusCode).toBe(404);
    const forged = await t.app.inject({ method: 'GET', url: `/files/${row!.key}?exp=9999999999&sig=abc` });
    expect(forged.statusCode).toBe(404);
  });

  it('a hidden work says so to everyone but its owner', async () => {
    const owner = await seedUser(t);
    const result = await makeResult(t, owner.user.id);
    const work = await publish(t, owner.cookie, { imageId: result.uploadId, title: 'Reported' });
    await t.database.db.update(works).set({ state: 'hidden' }).where(eq(works.id, work.id));
    const res = await call(t, null, 'GET', `/work/detail?id=${work.id}`);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 'WORK_HIDDEN' });
    expect((await ok<{ state: string }>(call(t, owner.cookie, 'GET', `/work/detail?id=${work.id}`))).state).toBe(
      'hidden',
    );
    // Publishing again does not undo moderation, and the owner changes nothing until it is restored.
    expect(
      await errorOf(call(t, owner.cookie, 'POST', '/work/publish', { imageId: result.uploadId, title: 'Again' })),
    ).toMatchObject({ code: 'WORK_HIDDEN' });
    const edit = { id: work.id, title: 'Edited', description: 'new text' };
    expect(await errorOf(call(t, owner.cookie, 'POST', '/work/update', edit))).toMatchObject({ code: 'WORK_HIDDEN' });
    const [stored] = await t.database.db.select().from(works).where(eq(works.id, work.id));
    expect(stored).toMatchObject({ title: 'Reported', state: 'hidden' });
    // Someone else's hidden work is simply not found.
    const other = await seedUser(t);
    expect(await errorOf(call(t, other.cookie, 'POST', '/work/update', edit))).toMatchObject({
      code: 'WORK_NOT_FOUND',
    });
    await t.database.db.update(works).set({ state: 'published' }).where(eq(works.id, work.id));
    expect((await ok<{ title: string }>(call(t, owner.cookie, 'POST', '/work/update', edit))).title).toBe('Edited');
  });

  it('a suspended creator’s works leave the gallery', async () => {
    const owner = await seedUser(t);
    const result = await makeResult(t, owner.user.id);
    const work = await publish(t, owner.cookie, { imageId: result.uploadId, title: 'Gone soon' });
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, owner.user.id));
    const list = await ok<{ items: { id: string }[] }>(call(t, null, 'GET', `/work/list?userId=${owner.user.id}`));
    expect(list.items).toEqual([]);
    expect(await errorOf(call(t, null, 'GET', `/work/detail?id=${work.id}`))).toMatchObject({ code: 'WORK_HIDDEN' });
  });
});

describe('achievements reached through the community', () => {
  it('unlock first publication when publishing, and the likes milestone when the tenth like arrives', async () => {
    const { user, cookie } = await seedUser(t);
    const result = await makeResult(t, user.id);
    const work = await publish(t, cookie, { imageId: result.uploadId, title: 'Milestones' });
    const unlocked = async () =>
      (await t.database.db.select().from(userAchievements).where(eq(userAchievements.userId, user.id)))
        .map((r) => r.code)
        .sort();
    expect(await unlocked()).toEqual(['first_generation', 'first_publication']);
    for (let i = 0; i < 10; i += 1) {
      const fan = await seedUser(t);
      await ok(call(t, fan.cookie, 'POST', '/work/like', { id: work.id }));
    }
    expect(await unlocked()).toEqual(['first_generation', 'first_publication', 'likes_10']);
  });
});
