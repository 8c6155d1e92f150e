import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderItems, folders, uploads, works } from '../../db/schema/index.ts';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { png, upload } from '../../../test-support/upload-helpers.ts';
import { scoped } from '../../db/scoped.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { sweepAbandonedUploads } from './upload-sweep.ts';
import { createUploadRepository } from './upload.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const storage = () => t.app.services!.storage;
/** The sweep as housekeeping runs it, on the given storage (one that fails, for a test). */
const sweep = (store: ObjectStorage = storage(), now?: Date) =>
  sweepAbandonedUploads(
    {
      uploads: scoped(t.database.db, createUploadRepository),
      transaction: (work) => t.database.transaction(work),
      storage: store,
    },
    now,
  );
let made = 0;
const uploadOf = async (cookie: string, kind: string, locale: 'en' | 'zh' = 'en') => {
  // A colour of its own each time: identical content would be stored once.
  made += 1;
  const colour = `#${(0x102030 + made * 0x010305).toString(16).padStart(6, '0')}`;
  const res = await upload(t, cookie, await png(64, 48, colour), 'x.png', kind, locale);
  expect(res.json().status).toBe(200);
  return res.json().data as { id: string; url: string };
};
const keyOf = async (id: string) =>
  (await t.database.db.select().from(uploads).where(eq(uploads.id, id)))[0]?.key ?? null;
const fetchStatus = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
const setAvatar = (cookie: string, avatarUploadId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/turing/user/update/info',
    headers: { ...appHeaders(), cookie },
    payload: { avatarUploadId },
  });
const age = (ids: string[], days: number) =>
  t.database.db
    .update(uploads)
    .set({ createdAt: new Date(Date.now() - days * 86_400_000) })
    .where(inArray(uploads.id, ids));

describe('replaced avatars', () => {
  it('are removed from storage when a new avatar is set', async () => {
    const { cookie } = await seedUser(t);
    const first = await uploadOf(cookie, 'avatar');
    expect((await setAvatar(cookie, first.id)).json().data.avatarUrl).toBe(first.url);
    // Setting the same avatar again keeps it.
    await setAvatar(cookie, first.id);
    expect(await fetchStatus(first.url)).toBe(200);

    const second = await uploadOf(cookie, 'avatar');
    expect((await setAvatar(cookie, second.id)).json().data.avatarUrl).toBe(second.url);
    expect(await fetchStatus(first.url)).toBe(404);
    expect(await keyOf(first.id)).toBeNull();
    expect(await fetchStatus(second.url)).toBe(200);
    // The old upload cannot be set again.
    expect((await setAvatar(cookie, first.id)).json().code).toBe('UPLOAD_NOT_FOUND');
  });
});

describe('abandoned uploads', () => {
  it('are removed after a day unless a profile or a ticket uses them', async () => {
    const { cookie } = await seedUser(t);
    const avatar = await uploadOf(cookie, 'avatar');
    await setAvatar(cookie, avatar.id);
    const screenshot = await uploadOf(cookie, 'support');
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/turing/support/create',
      headers: { ...appHeaders(), cookie },
      payload: { subject: 'S', message: 'M', contactEmail: 'a@example.com', screenshotUploadId: screenshot.id },
    });
    expect(ticket.json().status).toBe(200);
    const abandoned = await uploadOf(cookie, 'base');
    const fresh = await uploadOf(cookie, 'ref');
    await age([avatar.id, screenshot.id, abandoned.id], 2);
    const abandonedKey = (await keyOf(abandoned.id))!;

    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(await keyOf(abandoned.id)).toBeNull();
    expect(await storage().getStream(abandonedKey)).toBeNull();
    for (const kept of [avatar, screenshot, fresh]) {
      expect(await keyOf(kept.id)).not.toBeNull();
      expect(await fetchStatus(kept.url)).toBe(200);
    }
    // Running it again finds nothing more of these.
    await sweep();
    expect(await keyOf(fresh.id)).not.toBeNull();

    // A day later the unused one goes too.
    await sweep(storage(), new Date(Date.now() + 86_400_000 + 60_000));
    expect(await keyOf(fresh.id)).toBeNull();
    expect(await keyOf(avatar.id)).not.toBeNull();
  });

  it('stay while a folder keeps them or a community work shows them', async () => {
    const { user, cookie } = await seedUser(t);
    const inFolder = await uploadOf(cookie, 'base');
    const workBase = await uploadOf(cookie, 'base');
    const result = await t.app.services!.images.save({
      userId: user.id,
      kind: 'result',
      png: await png(64, 48, '#445566'),
    });
    const [folder] = await t.database.db.insert(folders).values({ userId: user.id, name: 'Kept' }).returning();
    await t.database.db.insert(folderItems).values({ userId: user.id, folderId: folder!.id, uploadId: inFolder.id });
    await t.database.db
      .insert(works)
      .values({ userId: user.id, uploadId: result.id, baseUploadId: workBase.id, title: 'W', width: 64, height: 48 });
    await age([inFolder.id, workBase.id, result.id], 2);

    await sweep();
    for (const id of [inFolder.id, workBase.id, result.id]) expect(await keyOf(id)).not.toBeNull();
  });

  it('keep their rows when a file cannot be removed, so the next sweep retries', async () => {
    const { cookie } = await seedUser(t);
    const image = await uploadOf(cookie, 'base');
    await age([image.id], 2);
    const failing = {
      ...storage(),
      delete: async () => {
        throw new Error('disk unavailable');
      },
    };
    await expect(sweep(failing)).rejects.toThrow('disk unavailable');
    expect(await keyOf(image.id)).not.toBeNull();
    await sweep();
    expect(await keyOf(image.id)).toBeNull();
  });
});
