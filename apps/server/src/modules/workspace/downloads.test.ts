import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { errorMessage, imageFileName, uniqueFileNames } from '@turing/contract';
import { uploads } from '../../db/schema/index.ts';
import { AppError } from '../../shared/app-error.ts';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { makeResult, publish } from '../../../test-support/works.fixtures.ts';
import { allImages, defaultFolder } from '../../../test-support/workspace-helpers.ts';
import { createDownloadsRepository } from './downloads.repository.ts';
import { createDownloadsService } from './downloads.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A result of the user's, filed in their default folder as a finished task leaves it. */
async function filedResult(userId: string, prompt: string) {
  const made = await makeResult(t, userId, { prompt });
  await t.app.services!.workspace.fileResults(userId, made.taskId, null);
  return made;
}

/** The entries of a ZIP: names and contents. */
function unzip(data: Buffer) {
  return new Promise<Map<string, Buffer>>((resolve, reject) => {
    const entries = new Map<string, Buffer>();
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const zipCall = (cookie: string, ids: string[], locale: 'en' | 'zh' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/turing/workspace/image/zip',
    // As a browser asks: the ZIP must still come with its length, so its progress can be shown.
    headers: { ...appHeaders(locale), cookie, 'accept-encoding': 'br, gzip' },
    payload: { ids },
  });

describe('download names', () => {
  it('names a file from its title or prompt and day, keeping Chinese and falling back to the id', () => {
    const at = '2026-11-26T10:00:00Z';
    expect(imageFileName({ prompt: 'Modern villa at dusk!', createdAt: at, id: 'x', ext: 'png' })).toBe(
      'modern-villa-at-dusk-2026-11-26.png',
    );
    expect(imageFileName({ title: 'Lake / Pavilion', prompt: 'ignored', createdAt: at, id: 'x', ext: 'PNG' })).toBe(
      'lake-pavilion-2026-11-26.png',
    );
    expect(imageFileName({ prompt: '湖边的木亭，清晨', createdAt: at, id: 'x', ext: 'jpg' })).toBe(
      '湖边的木亭-清晨-2026-11-26.jpg',
    );
    expect(imageFileName({ prompt: ' ?* <> ', createdAt: at, id: '3f2a9c4e-0000-4000', ext: 'png' })).toBe(
      'turing-2026-11-26-3f2a9c4e.png',
    );
    const long = imageFileName({ prompt: 'word '.repeat(40), createdAt: at, id: 'x', ext: 'png' });
    expect(long.length).toBeLessThan(70);
    expect(uniqueFileNames(['a.png', 'b.png', 'a.png', 'A.png'])).toEqual(['a.png', 'b.png', 'a-2.png', 'A-3.png']);
  });

  it('downloads the owner’s image as an attachment with its name, and nobody else’s', async () => {
    const { user, cookie } = await seedUser(t);
    const made = await makeResult(t, user.id, { prompt: '一座现代别墅 at dusk' });
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, made.uploadId));
    const day = row!.createdAt.toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'GET',
      url: `/turing/workspace/image/download?id=${made.uploadId}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const name = `一座现代别墅-at-dusk-${day}.png`;
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="______-at-dusk-${day}.png"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(res.rawPayload.equals((await t.app.services!.storage.get(made.key))!)).toBe(true);

    // A published title names it from then on.
    await publish(t, cookie, { imageId: made.uploadId, title: 'Villa at dusk' });
    const titled = await t.app.inject({
      method: 'GET',
      url: `/turing/workspace/image/download?id=${made.uploadId}`,
      headers: { cookie },
    });
    expect(titled.headers['content-disposition']).toContain(`filename="villa-at-dusk-${day}.png"`);

    const other = await seedUser(t);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/turing/workspace/image/download?id=${made.uploadId}`,
      headers: { cookie: other.cookie },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'IMAGE_NOT_FOUND' });
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/turing/workspace/image/download?id=${made.uploadId}`,
    });
    expect(anonymous.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
  });
});

describe('ZIP of workspace images', () => {
  it('streams the chosen images with their names, numbered when they repeat, and a known length', async () => {
    const { user, cookie } = await seedUser(t);
    const a = await filedResult(user.id, 'Brick house');
    const b = await filedResult(user.id, 'Brick house');
    await filedResult(user.id, 'Not chosen');
    const items = await allImages(t, cookie, (await defaultFolder(t, cookie)).id);
    const chosen = items.filter((i) => i.imageId === a.uploadId || i.imageId === b.uploadId);
    expect(chosen).toHaveLength(2);

    const res = await zipCall(
      cookie,
      chosen.map((i) => i.id),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="turing-2-images-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    const entries = await unzip(res.rawPayload);
    const day = chosen[0]!.createdAt.slice(0, 10);
    expect([...entries.keys()].sort()).toEqual([`brick-house-${day}-2.png`, `brick-house-${day}.png`]);
    const storage = t.app.services!.storage;
    const originals = [(await storage.get(a.key))!, (await storage.get(b.key))!];
    for (const data of entries.values()) expect(originals.some((o) => o.equals(data))).toBe(true);
  });

  it('refuses the whole ZIP when one id is another user’s, before streaming anything', async () => {
    const me = await seedUser(t);
    const other = await seedUser(t);
    await filedResult(me.user.id, 'Mine');
    await filedResult(other.user.id, 'Theirs');
    const [mine] = await allImages(t, me.cookie, (await defaultFolder(t, me.cookie)).id);
    const [theirs] = await allImages(t, other.cookie, (await defaultFolder(t, other.cookie)).id);
    const res = await zipCall(me.cookie, [mine!.id, theirs!.id]);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 'IMAGE_NOT_FOUND' });

    expect((await zipCall(me.cookie, [])).json()).toMatchObject({ code: 'VALIDATION' });
    const headerless = await t.app.inject({
      method: 'POST',
      url: '/turing/workspace/image/zip',
      headers: { cookie: me.cookie },
      payload: { ids: [mine!.id] },
    });
    expect(headerless.statusCode).toBe(403);
  });

  it('refuses a ZIP over the size limit with a message in both languages', async () => {
    const { user, cookie } = await seedUser(t);
    await filedResult(user.id, 'One');
    await filedResult(user.id, 'Two');
    const items = await allImages(t, cookie, (await defaultFolder(t, cookie)).id);
    const total = items.reduce((sum, i) => sum + i.bytes, 0);
    const downloads = createDownloadsService({
      downloads: createDownloadsRepository(t.database.db),
      storage: t.app.services!.storage,
      zipMaxBytes: total - 1,
    });
    const err = await downloads
      .zip(
        user.id,
        items.map((i) => i.id),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'ZIP_TOO_LARGE', params: { count: 2, mb: 1, maxMb: 0 } });
    expect(errorMessage('ZIP_TOO_LARGE', 'en', { count: 2, mb: 1, maxMb: 0 })).toContain('please select fewer');
    expect(errorMessage('ZIP_TOO_LARGE', 'zh', { count: 2, mb: 1, maxMb: 0 })).toContain('请减少');
    // At the limit it is made.
    const fits = createDownloadsService({
      downloads: createDownloadsRepository(t.database.db),
      storage: t.app.services!.storage,
      zipMaxBytes: total,
    });
    const zip = await fits.zip(
      user.id,
      items.map((i) => i.id),
    );
    expect(zip.count).toBe(2);
    await new Promise((resolve) => zip.stream.on('end', resolve).resume());
  });

  it('ends a ZIP whose image went missing as a failed stream', async () => {
    const { user, cookie } = await seedUser(t);
    await filedResult(user.id, 'Kept');
    const gone = await filedResult(user.id, 'Gone');
    const items = await allImages(t, cookie, (await defaultFolder(t, cookie)).id);
    // The missing one second, so the ZIP has begun when it reaches it. Its file goes before the
    // ZIP is made: the ZIP opens each image only as it reaches it, and a busy machine may reach the
    // second before a deletion made after it.
    const ids = [
      ...items.filter((i) => i.imageId !== gone.uploadId),
      ...items.filter((i) => i.imageId === gone.uploadId),
    ].map((i) => i.id);
    await t.app.services!.storage.delete(gone.key);
    const zip = await t.app.services!.imageDownloads.zip(user.id, ids);
    const failed = await new Promise((resolve) => {
      zip.stream.on('error', resolve).on('end', () => resolve(null));
      zip.stream.resume();
    });
    expect(failed).toBeInstanceOf(Error);
  });
});
