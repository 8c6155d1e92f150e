import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresetPicture, Tag } from '@turing/contract';
import { auditLog, presetImages } from '../../../db/schema/index.ts';
import { appHeaders, buildTestApp, type TestApp } from '../../../../test-support/test-app.ts';
import { adminCall, makeOperator, type TestOperator } from '../../../../test-support/operator-helpers.ts';
import { multipart } from '../../../../test-support/upload-helpers.ts';

let t: TestApp;
let moderator: TestOperator;
beforeAll(async () => {
  t = await buildTestApp();
  moderator = await makeOperator(t, 'moderator');
});
afterAll(() => t.close());

const photo = (background: string, width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

function replace(
  category: string,
  slug: string,
  file: Buffer,
  who: TestOperator = moderator,
  locale: 'en' | 'zh' = 'en',
) {
  const { body, contentType } = multipart(file, 'picture.jpg', 'image/jpeg');
  return t.app.inject({
    method: 'POST',
    url: `/turing/admin/content/preset/replace?category=${category}&slug=${slug}`,
    headers: { ...who.headers, ...appHeaders(locale), 'content-type': contentType },
    payload: body,
  });
}
const restore = (category: string, slug: string, who: TestOperator = moderator) =>
  adminCall(t, who, 'POST', '/admin/content/preset/restore', { body: { category, slug } });

/** The picture URL the studio's tag list gives a material. */
const studioUrl = async (slug: string) => {
  const tags = (await t.app.inject({ method: 'GET', url: '/turing/design/tags?type=interior' })).json().data as Record<
    string,
    Tag[]
  >;
  return tags.material!.find((m) => m.slug === slug)!.image;
};
const pixel = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
  return {
    rgb: [data[0], data[1], data[2]],
    width: info.width,
    height: info.height,
    type: res.headers['content-type'],
  };
};
const auditOf = (targetId: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.id);
const rows = async () => (await t.database.db.select({ n: count() }).from(presetImages))[0]!.n;

describe('preset pictures in the console', () => {
  it('list every style and material with the picture the studio shows', async () => {
    const list = (await adminCall(t, moderator, 'GET', '/admin/content/presets')).json().data as Record<
      'style' | 'material',
      PresetPicture[]
    >;
    expect(list.style.length).toBeGreaterThan(5);
    expect(list.material.map((m) => m.slug)).toContain('oak');
    for (const p of [...list.style, ...list.material]) {
      expect(p.imageUrl, p.slug).toMatch(new RegExp(`^/turing/design/preset/${p.category}/${p.slug}\\?v=`));
      expect(p.replaced).toBe(false);
    }
    expect(list.material.find((m) => m.slug === 'oak')!.imageUrl).toBe(await studioUrl('oak'));
  });

  it('are replaced for the studio at the cards’ size, each time under a new address, and restored', async () => {
    const shipped = await studioUrl('walnut');
    const first = await replace('material', 'walnut', await photo('#ff0000'));
    expect(first.json().data, first.body).toMatchObject({
      slug: 'walnut',
      replaced: true,
      updatedBy: moderator.username,
    });
    const firstUrl = await studioUrl('walnut');
    expect(firstUrl).toBe(first.json().data.imageUrl);
    expect(firstUrl).not.toBe(shipped);
    const shown = await pixel(firstUrl!);
    expect(shown).toMatchObject({ width: 192, height: 144, type: 'image/webp' });
    expect(shown.rgb[0]).toBeGreaterThan(200);

    await replace('material', 'walnut', await photo('#0000ff'));
    const secondUrl = await studioUrl('walnut');
    expect(secondUrl).not.toBe(firstUrl);
    expect((await pixel(secondUrl!)).rgb[2]).toBeGreaterThan(200);

    const restored = await restore('material', 'walnut');
    expect(restored.json().data).toMatchObject({ replaced: false, updatedBy: null, imageUrl: shipped });
    expect(await studioUrl('walnut')).toBe(shipped);
    expect((await pixel(shipped!)).width).toBe(192);

    const trail = await auditOf('material/walnut');
    expect(trail.map((r) => [r.action, r.before, r.after])).toEqual([
      [
        'content/preset/replace',
        { imageKey: null, version: null },
        { imageKey: expect.stringMatching(/^public\/preset\/material\/walnut-/), version: 1 },
      ],
      [
        'content/preset/replace',
        { imageKey: expect.any(String), version: 1 },
        { imageKey: expect.any(String), version: 2 },
      ],
      ['content/preset/restore', { imageKey: expect.any(String), version: 2 }, { imageKey: null, version: null }],
    ]);

    // Replaced again after the restore: version 1 once more, yet not the first address.
    await replace('material', 'walnut', await photo('#00ff00'));
    const again = await studioUrl('walnut');
    expect(again).not.toBe(firstUrl);
    expect((await pixel(again!)).rgb[1]).toBeGreaterThan(200);
    await restore('material', 'walnut');
  });

  it('refuse an unknown preset, a bad picture or a restore of the original, changing nothing', async () => {
    const before = await rows();
    const audits = (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;
    expect((await replace('material', 'unobtainium', await photo('#fff'))).json().code).toBe('PRESET_NOT_FOUND');
    expect((await replace('function', 'kitchen', await photo('#fff'))).json().code).toBe('PRESET_NOT_FOUND');
    const bad = await replace('style', 'modern', Buffer.from('plain text, not a picture'), moderator, 'zh');
    expect(bad.json()).toMatchObject({ code: 'IMAGE_FORMAT' });
    expect(bad.json().msg).toContain('图片格式错误');
    expect((await replace('style', 'modern', await photo('#fff', 100, 60))).json().code).toBe('IMAGE_TOO_SMALL');
    const original = await restore('style', 'modern');
    expect(original.statusCode).toBe(409);
    expect(original.json().code).toBe('PRESET_NOT_REPLACED');
    expect(await rows()).toBe(before);
    expect((await t.database.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(audits);
  });

  it('are replaced by moderators and owners only', async () => {
    for (const role of ['finance', 'support'] as const) {
      const who = await makeOperator(t, role);
      const res = await replace('material', 'oak', await photo('#123'), who);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ADMIN_FORBIDDEN');
      expect((await adminCall(t, who, 'GET', '/admin/content/presets')).statusCode).toBe(403);
    }
    expect(await auditOf('material/oak')).toEqual([]);
    const owner = await makeOperator(t, 'owner');
    expect((await replace('material', 'oak', await photo('#456'), owner)).json().status).toBe(200);
    expect((await restore('material', 'oak', owner)).json().status).toBe(200);
  });
});
