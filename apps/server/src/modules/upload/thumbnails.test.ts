import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorCard, ThumbSet, WorkCard } from '@turing/contract';
import { creatorGet } from '../../../test-support/creator-helpers.ts';
import { registerUser } from '../../../test-support/test-app.ts';
import { allImages, call as workspace, defaultFolder, generate } from '../../../test-support/workspace-helpers.ts';
import { buildGenerationApp } from '../../../test-support/design-helpers.ts';
import { call, makeResult, ok, publish } from '../../../test-support/works.fixtures.ts';
import { fittedWidth, thumbSources } from './thumbnails.ts';

let t: Awaited<ReturnType<typeof buildGenerationApp>>;
beforeAll(async () => {
  t = await buildGenerationApp();
});
afterAll(() => t.close());

const keyOf = (url: string) => new URL(url, 'http://x').pathname.slice('/files/'.length);
const load = (url: string) => t.app.inject({ method: 'GET', url });

/** Loads every thumbnail of a set and checks each is a webp of the width it is listed with. */
async function expectServed(thumbs: ThumbSet) {
  for (const thumb of thumbs) {
    const res = await load(thumb.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: thumb.width });
    // An image is not a page: the headers only pages read stay off it, the others stay on.
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  }
}

describe('small thumbnails', () => {
  it('are stored with a new result and listed narrowest first for its task and its workspace card', async () => {
    const { cookie } = await registerUser(t);
    const task = await generate(t, cookie);
    const [result] = task.results;
    expect(result!.width).toBeGreaterThan(480);
    const [small, large] = result!.thumbs!;
    expect(small!.width).toBeLessThanOrEqual(384);
    expect(large).toEqual({ url: result!.thumbUrl, width: 480 });
    // Made with the result, not on the first request.
    expect(await t.app.services!.storage.get(keyOf(small!.url))).not.toBeNull();
    await expectServed(result!.thumbs!);

    const [image] = await allImages(t, cookie, (await defaultFolder(t, cookie)).id);
    expect(image!.thumbs!.map((s) => s.width)).toEqual([small!.width, 480]);
    await expectServed(image!.thumbs!);
  });

  it('come with a published work’s card and its creator’s recent works, and end with the work’s links', async () => {
    const owner = await registerUser(t);
    const result = await makeResult(t, owner.profile.id, { width: 768, height: 1024 });
    const work = await publish(t, owner.cookie, { imageId: result.uploadId, title: 'Tall hall' });
    const cards = await ok<{ items: WorkCard[] }>(call(t, null, 'GET', `/work/list?userId=${owner.profile.id}`));
    const card = cards.items.find((c) => c.id === work.id)!;
    // A portrait keeps the small one's width (cards are laid out by width); the large one fits by its height.
    expect(card.thumbs!.map((s) => s.width)).toEqual([320, 360]);
    expect(card.thumbs![1]!.url).toBe(card.thumbUrl);
    await expectServed(card.thumbs!);

    const creators = (await creatorGet(t, 'waterfallBlogger', { limit: 20 })).json().data as CreatorCard[];
    const recent = creators.find((c) => c.id === owner.profile.id)?.recentWorks.find((w) => w.id === work.id);
    expect(recent?.thumbs?.[0]).toMatchObject({ width: 320 });

    await ok(call(t, owner.cookie, 'POST', '/work/unpublish', { id: work.id }));
    expect((await load(card.thumbs![0]!.url)).statusCode).toBe(404);
  });

  it('are made on first request for an image stored before they existed, and go with the image', async () => {
    const { cookie } = await registerUser(t);
    await generate(t, cookie);
    const [image] = await allImages(t, cookie, (await defaultFolder(t, cookie)).id);
    const storage = t.app.services!.storage;
    const [small, large] = image!.thumbs! as [ThumbSet[number], ThumbSet[number]];
    // As an image thumbnailed before small thumbnails existed has it: the large one alone.
    await storage.delete(keyOf(small.url));
    await expectServed([small]);
    expect(await storage.get(keyOf(small.url))).not.toBeNull();

    expect((await workspace(t, cookie, 'POST', '/image/delete', { ids: [image!.id] })).status).toBe(200);
    expect(await storage.getStream(keyOf(large.url))).toBeNull();
    expect(await storage.getStream(keyOf(small.url))).toBeNull();
    // With its large twin gone too, there is nothing to make it from.
    expect((await load(small.url)).statusCode).toBe(404);
  });
});

describe('thumbnail sets', () => {
  const url = (key: string) => `/files/${key}`;
  it('list an image that is its own thumbnail alone, and no small one that would be as large', () => {
    expect(thumbSources({ key: 'private/a.png', thumbKey: null, width: 200, height: 100 }, url)).toEqual([
      { url: '/files/private/a.png', width: 200 },
    ]);
    expect(
      thumbSources({ key: 'private/b.png', thumbKey: 'private/b.thumb.webp', width: 300, height: 200 }, url),
    ).toEqual([{ url: '/files/private/b.thumb.webp', width: 300 }]);
    expect(
      thumbSources({ key: 'private/c.png', thumbKey: 'private/c.thumb.webp', width: 1344, height: 768 }, url),
    ).toEqual([
      { url: '/files/private/c.thumb-320.webp', width: 320 },
      { url: '/files/private/c.thumb.webp', width: 480 },
    ]);
    // A 2:3 picture is 320 wide in both: the small one would be the large one again.
    expect(
      thumbSources({ key: 'private/d.png', thumbKey: 'private/d.thumb.webp', width: 512, height: 768 }, url),
    ).toEqual([{ url: '/files/private/d.thumb.webp', width: 320 }]);
  });

  it('give the widths sharp makes', async () => {
    for (const [w, h] of [
      [1344, 768],
      [768, 1344],
      [1000, 999],
      [577, 1031],
      [700, 1000],
      [300, 200],
    ] as const) {
      const image = await sharp({ create: { width: w, height: h, channels: 3, background: '#777' } })
        .png()
        .toBuffer();
      for (const box of [
        { width: 320, height: 480 },
        { width: 480, height: 480 },
      ]) {
        const { info } = await sharp(image)
          .resize(box.width, box.height, { fit: 'inside', withoutEnlargement: true })
          .toBuffer({ resolveWithObject: true });
        expect(fittedWidth(w, h, box)).toBe(info.width);
      }
    }
  });
});
