import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS, type Folder } from '@turing/contract';
import { folders as folderTable, uploads, works } from '../../db/schema/index.ts';
import { buildGenerationApp, photo, submit } from '../../../test-support/design-helpers.ts';
import { appHeaders, registerUser } from '../../../test-support/test-app.ts';
import {
  allImages,
  call,
  createFolder,
  defaultFolder,
  folderPage,
  folders,
  generate,
} from '../../../test-support/workspace-helpers.ts';
import { FOLDER_CREATES_PER_MINUTE } from './workspace.routes.ts';

/** FOLDERS_MAX here: low, so a test reaches it (no other test makes more than two folders a user). */
const CAP = 4;

let t: Awaited<ReturnType<typeof buildGenerationApp>>;
beforeAll(async () => {
  t = await buildGenerationApp({ FOLDERS_MAX: String(CAP) });
});
afterAll(() => t.close());

const bytesOf = async (ids: string[]) =>
  (await t.database.db.select({ bytes: uploads.bytes }).from(uploads).where(inArray(uploads.id, ids))).reduce(
    (sum, row) => sum + row.bytes,
    0,
  );

describe('folders', () => {
  it('makes the default folder on first use, named in the reader’s language, and files new results there', async () => {
    const { cookie } = await registerUser(t);
    const [first] = await folders(t, cookie);
    expect(first).toMatchObject({
      name: 'Default folder',
      isDefault: true,
      fileCount: 0,
      sizeBytes: 0,
      coverUrl: null,
    });
    expect((await folders(t, cookie, 'zh'))[0]!.name).toBe('默认文件夹');

    const task = await generate(t, cookie, 2);
    const [after] = await folders(t, cookie);
    expect(after).toMatchObject({ id: first!.id, fileCount: 2 });
    expect(after!.sizeBytes).toBe(await bytesOf(task.results.map((r) => r.id)));
    expect(after!.updatedAt > first!.updatedAt).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: after!.coverUrl! })).statusCode).toBe(200);

    const images = await allImages(t, cookie, first!.id);
    expect(images.map((i) => i.imageId).sort()).toEqual(task.results.map((r) => r.id).sort());
    expect(images[0]).toMatchObject({ taskId: task.id, folderId: first!.id, workId: null });
    expect(images[0]!.params).toMatchObject({ mode: 'text', prompt: 'a brick house on a hill', count: 2 });
    expect((await t.app.inject({ method: 'GET', url: images[0]!.url })).statusCode).toBe(200);
  });

  it('files results into the folder chosen at submit, and refuses someone else’s folder', async () => {
    const me = await registerUser(t);
    const other = await registerUser(t);
    const mine = await createFolder(t, me.cookie, 'Villas');
    const theirs = await createFolder(t, other.cookie, 'Private');

    await generate(t, me.cookie, 1, mine.id);
    const refused = await submit(t, me.cookie, { mode: 'text', prompt: 'x', folderId: theirs.id });
    expect(refused.json()).toMatchObject({ code: 'FOLDER_NOT_FOUND' });
    const list = await folders(t, me.cookie);
    expect(list.map((f) => [f.name, f.fileCount])).toEqual([
      ['Default folder', 0],
      ['Villas', 1],
    ]);
    expect((await folders(t, other.cookie)).find((f) => f.id === theirs.id)!.fileCount).toBe(0);
  });

  it('files results made before folders existed into the default folder on first use, once', async () => {
    const { cookie, profile } = await registerUser(t);
    const earlier = await t.app.services!.images.save({
      userId: profile.id,
      kind: 'result',
      png: await photo(),
      taskId: randomUUID(),
    });
    const [list] = await Promise.all([folders(t, cookie), folders(t, cookie)]);
    expect(list).toHaveLength(1);
    expect((await allImages(t, cookie, list[0]!.id)).map((i) => i.imageId)).toEqual([earlier.id]);
    expect((await folders(t, cookie))[0]!.fileCount).toBe(1);
  });

  it('creates and renames with the name checked, newest first after the default folder', async () => {
    const { cookie } = await registerUser(t);
    const a = await createFolder(t, cookie, '  Alpha  ');
    expect(a).toMatchObject({ name: 'Alpha', isDefault: false, fileCount: 0, sizeBytes: 0, coverUrl: null });
    await createFolder(t, cookie, 'Beta');
    expect((await folders(t, cookie)).map((f) => f.name)).toEqual(['Default folder', 'Beta', 'Alpha']);

    for (const name of ['', '   ']) {
      expect(await call(t, cookie, 'POST', '/folder/create', { name })).toMatchObject({
        status: 400,
        msg: 'The folder name must not be empty',
      });
      expect((await call(t, cookie, 'POST', '/folder/rename', { id: a.id, name }, 'zh')).msg).toBe(
        '文件夹名称不能为空',
      );
    }
    expect((await call(t, cookie, 'POST', '/folder/create', { name: 'x'.repeat(41) })).msg).toBe(
      'The text is too long',
    );
    expect(await folders(t, cookie)).toHaveLength(3);

    const renamed = await call(t, cookie, 'POST', '/folder/rename', { id: a.id, name: 'Gamma' });
    expect(renamed.data).toMatchObject({ id: a.id, name: 'Gamma' });
    expect((renamed.data as { updatedAt: string }).updatedAt > a.updatedAt).toBe(true);
    const def = await defaultFolder(t, cookie);
    await call(t, cookie, 'POST', '/folder/rename', { id: def.id, name: 'Inbox' });
    expect((await folders(t, cookie, 'zh'))[0]).toMatchObject({ name: 'Inbox', isDefault: true });
  });

  it('never reveals or changes another user’s folder', async () => {
    const me = await registerUser(t);
    const other = await registerUser(t);
    const theirs = await createFolder(t, other.cookie, 'Theirs');
    const notFound = { status: 404, msg: 'This folder was not found' };
    expect(await call(t, me.cookie, 'POST', '/folder/rename', { id: theirs.id, name: 'Mine' })).toMatchObject(notFound);
    expect(await call(t, me.cookie, 'POST', '/folder/delete', { id: theirs.id, images: 'delete' })).toMatchObject(
      notFound,
    );
    expect(await call(t, me.cookie, 'GET', `/image/list?folderId=${theirs.id}`)).toMatchObject(notFound);
    expect((await call(t, me.cookie, 'GET', `/image/list?folderId=${theirs.id}`, undefined, 'zh')).msg).toBe(
      '未找到该文件夹',
    );
    expect((await call(t, me.cookie, 'GET', '/image/list?folderId=nope')).msg).toBe('This folder was not found');
    expect((await folders(t, me.cookie)).map((f) => f.id)).not.toContain(theirs.id);
    expect((await folders(t, other.cookie)).find((f) => f.id === theirs.id)!.name).toBe('Theirs');
    // Signed out: nothing at all.
    expect((await call(t, '', 'GET', '/folder/list')).status).toBe(STATUS.sessionExpired);
    expect((await call(t, '', 'GET', `/image/list?folderId=${theirs.id}`)).status).toBe(STATUS.sessionExpired);
  });
});

describe('deleting a folder', () => {
  it('refuses the default folder', async () => {
    const { cookie } = await registerUser(t);
    const def = await defaultFolder(t, cookie);
    expect(await call(t, cookie, 'POST', '/folder/delete', { id: def.id, images: 'move' })).toMatchObject({
      status: 400,
      msg: 'The default folder cannot be deleted',
    });
    expect((await call(t, cookie, 'POST', '/folder/delete', { id: def.id, images: 'delete' }, 'zh')).msg).toBe(
      '默认文件夹不能删除',
    );
    expect(await folders(t, cookie)).toHaveLength(1);
  });

  it('moves its images into the default folder, skipping those already there', async () => {
    const { cookie } = await registerUser(t);
    const def = await defaultFolder(t, cookie);
    const doomed = await createFolder(t, cookie, 'Doomed');
    const task = await generate(t, cookie, 3, doomed.id);
    const [first] = await allImages(t, cookie, doomed.id);
    await call(t, cookie, 'POST', '/image/copy', { ids: [first!.id], folderId: def.id });

    const res = await call(t, cookie, 'POST', '/folder/delete', { id: doomed.id, images: 'move' });
    expect(res).toMatchObject({ status: 200, data: { moved: 2, deleted: 0 } });
    const list = await folders(t, cookie);
    expect(list).toHaveLength(1);
    expect(list[0]!.fileCount).toBe(3);
    expect(list[0]!.sizeBytes).toBe(await bytesOf(task.results.map((r) => r.id)));
  });

  it('deletes its images with it, keeping files another folder or a community work still uses', async () => {
    const { cookie, profile } = await registerUser(t);
    const def = await defaultFolder(t, cookie);
    const doomed = await createFolder(t, cookie, 'Doomed');
    await generate(t, cookie, 3, doomed.id);
    const [copied, published, lone] = await allImages(t, cookie, doomed.id);
    await call(t, cookie, 'POST', '/image/copy', { ids: [copied!.id], folderId: def.id });
    const [work] = await t.database.db
      .insert(works)
      .values({ userId: profile.id, uploadId: published!.imageId, title: 'Kept', width: 1, height: 1 })
      .returning();

    const res = await call(t, cookie, 'POST', '/folder/delete', { id: doomed.id, images: 'delete' });
    expect(res).toMatchObject({ status: 200, data: { moved: 0, deleted: 3 } });
    const left = await t.database.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(inArray(uploads.id, [copied!.imageId, published!.imageId, lone!.imageId]));
    expect(left.map((r) => r.id).sort()).toEqual([copied!.imageId, published!.imageId].sort());
    expect((await t.app.inject({ method: 'GET', url: lone!.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: published!.url })).statusCode).toBe(200);
    expect(await t.database.db.select().from(works).where(eq(works.id, work!.id))).toHaveLength(1);
    expect(await t.database.db.select().from(folderTable).where(eq(folderTable.id, doomed.id))).toHaveLength(0);
    expect((await folders(t, cookie))[0]!.fileCount).toBe(1);
  });
});

describe('bounds on folders', () => {
  const countOf = async (userId: string) =>
    (await t.database.db.select().from(folderTable).where(eq(folderTable.userId, userId))).length;

  it('refuses a folder past FOLDERS_MAX with the limit named, and makes nothing; a freed place can be used again', async () => {
    const { cookie, profile } = await registerUser(t);
    await defaultFolder(t, cookie); // the default folder does not count
    const made: Folder[] = [];
    for (let i = 0; i < CAP; i += 1) made.push(await createFolder(t, cookie, `F${i}`));

    const refused = await call(t, cookie, 'POST', '/folder/create', { name: 'One too many' });
    expect(refused).toMatchObject({
      status: 409,
      code: 'FOLDER_LIMIT',
      msg: `You already have ${CAP} folders, the most one account may keep; delete one you no longer use first`,
    });
    expect((await call(t, cookie, 'POST', '/folder/create', { name: 'Again' }, 'zh')).msg).toBe(
      `您已有 ${CAP} 个文件夹，已达每个账号的上限，请先删除不再使用的文件夹`,
    );
    expect(await countOf(profile.id)).toBe(CAP + 1);
    expect((await folders(t, cookie)).map((f) => f.name)).not.toContain('One too many');

    await call(t, cookie, 'POST', '/folder/delete', { id: made[0]!.id, images: 'move' });
    expect((await createFolder(t, cookie, 'In its place')).name).toBe('In its place');
    expect(await countOf(profile.id)).toBe(CAP + 1);
  });

  it('pages the list with a cursor: the default folder first, then newest first, each folder exactly once', async () => {
    const { cookie, profile } = await registerUser(t);
    const def = await defaultFolder(t, cookie);
    // Rows sharing one creation time, as a burst of creates can: the id breaks the tie. (Put in
    // directly: more than FOLDERS_MAX, which only creating checks.)
    const at = new Date('2026-01-01T00:00:00.123Z');
    const rows = await t.database.db
      .insert(folderTable)
      .values(Array.from({ length: 7 }, (_, i) => ({ userId: profile.id, name: `Same ${i}`, createdAt: at })))
      .returning();
    await t.database.db
      .insert(folderTable)
      .values({ userId: profile.id, name: 'Newest', createdAt: new Date('2026-01-02T00:00:00Z') });

    for (const limit of [1, 2, 3, 100]) {
      const pages: Folder[][] = [];
      let cursor: string | null = null;
      do {
        const res = await folderPage(t, cookie, `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        const page = res.data as { items: Folder[]; nextCursor: string | null };
        expect(page.items.length).toBeLessThanOrEqual(limit);
        pages.push(page.items);
        cursor = page.nextCursor;
      } while (cursor);
      const ids = pages.flat().map((f) => f.id);
      expect(ids).toHaveLength(9);
      expect(new Set(ids).size).toBe(9);
      expect(ids[0]).toBe(def.id);
      expect(pages.flat()[1]!.name).toBe('Newest');
      expect(ids.slice(2).sort()).toEqual(rows.map((r) => r.id).sort());
    }
    // A page holds 20 unless asked otherwise; a cursor the API did not make is refused.
    expect((await folderPage(t, cookie)).data).toMatchObject({ nextCursor: null });
    expect(await folderPage(t, cookie, 'cursor=bogus')).toMatchObject({ status: 400, code: 'CURSOR_INVALID' });
  });

  it('answers one folder by id, counts included, and never another user’s', async () => {
    const me = await registerUser(t);
    const other = await registerUser(t);
    const mine = await createFolder(t, me.cookie, 'Mine');
    await generate(t, me.cookie, 1, mine.id);
    expect(await call(t, me.cookie, 'GET', `/folder/get?id=${mine.id}`)).toMatchObject({
      status: 200,
      data: { id: mine.id, name: 'Mine', fileCount: 1 },
    });
    expect(await call(t, other.cookie, 'GET', `/folder/get?id=${mine.id}`)).toMatchObject({
      status: 404,
      code: 'FOLDER_NOT_FOUND',
    });
  });

  it(`refuses more than ${FOLDER_CREATES_PER_MINUTE} creates a minute from one user (429), not from another`, async () => {
    const { cookie } = await registerUser(t);
    const answers = [];
    for (let i = 0; i <= FOLDER_CREATES_PER_MINUTE; i += 1)
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: '/turing/workspace/folder/create',
          headers: { ...appHeaders(), cookie },
          payload: { name: `Burst ${i}` },
        }),
      );
    expect(answers.slice(0, -1).every((a) => a.statusCode !== 429)).toBe(true);
    expect(answers.at(-1)!.statusCode).toBe(429);
    expect(answers.at(-1)!.json()).toMatchObject({ code: 'RATE_LIMITED' });

    const other = await registerUser(t);
    expect((await createFolder(t, other.cookie, 'Unhindered')).name).toBe('Unhindered');
  });
});
