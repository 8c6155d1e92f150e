import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBanner, BannerBody } from '@turing/contract';
import { auditLog, banners } from '../../db/schema/index.ts';
import { appHeaders, buildTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { adminCall, makeOperator, tokenHeaders, type TestOperator } from '../../../test-support/operator-helpers.ts';

let t: TestApp;
let moderator: TestOperator;
beforeAll(async () => {
  t = await buildTestApp();
  moderator = await makeOperator(t, 'moderator');
});
afterAll(() => t.close());

const picture = (width = 1600, height = 400, background = '#2d6a4f') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A multipart form: text fields, then the file (when given). */
function form(fields: Record<string, string>, file?: Buffer) {
  const boundary = '----banner-test';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="banner.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

type Who = TestOperator | 'token';
const headersOf = (who: Who, locale: 'en' | 'zh' = 'en') =>
  who === 'token' ? { ...tokenHeaders(t), 'accept-language': locale } : { ...who.headers, ...appHeaders(locale) };

function post(who: Who, url: string, body: { payload: Buffer; contentType: string }, locale: 'en' | 'zh' = 'en') {
  return t.app.inject({
    method: 'POST',
    url: `/turing${url}`,
    headers: { ...headersOf(who, locale), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const base: BannerBody = { titleEn: 'Summer week', titleZh: '夏季周', link: '/design' };
async function create(
  data: Partial<BannerBody> = {},
  file?: Buffer | null,
  who: Who = moderator,
  locale?: 'en' | 'zh',
) {
  const fields = { data: JSON.stringify({ ...base, ...data }) };
  const body = form(fields, file === null ? undefined : (file ?? (await picture())));
  return post(who, '/admin/content/banner/create', body, locale);
}
const made = async (data: Partial<BannerBody> = {}) => {
  const res = await create(data);
  expect(res.json().status, res.body).toBe(200);
  return res.json().data as AdminBanner;
};

const adminList = async () =>
  (await adminCall(t, moderator, 'GET', '/admin/content/banners')).json().data as AdminBanner[];
const publicList = async () =>
  (await t.app.inject({ method: 'GET', url: '/turing/community/banners' })).json().data as { id: string }[];
const auditOf = (targetId: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.id);
const auditCount = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;
const bannerCount = async () => (await t.database.db.select({ n: count() }).from(banners))[0]!.n;
const hour = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * hour).toISOString();

describe('banners in the console', () => {
  it('are added with a picture stored as a public webp, listed, shown to everyone and audited', async () => {
    const banner = await made({ subtitleEn: 'Light and timber', subtitleZh: '光与木', link: '/community' });
    expect(banner).toMatchObject({
      title: { en: 'Summer week', zh: '夏季周' },
      subtitle: { en: 'Light and timber', zh: '光与木' },
      link: '/community',
      enabled: true,
      startsAt: null,
      endsAt: null,
      status: 'active',
    });
    expect(banner.imageUrl).toMatch(/^\/files\/public\/banner\/[\w-]+\.webp$/);
    const image = await t.app.inject({ method: 'GET', url: banner.imageUrl });
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 1600, height: 400 });

    expect((await adminList()).map((b) => b.id)).toContain(banner.id);
    expect((await publicList()).map((b) => b.id)).toContain(banner.id);
    const [row] = await auditOf(banner.id);
    expect(row).toMatchObject({
      action: 'content/banner/create',
      actorName: moderator.username,
      actorRole: 'moderator',
    });
    expect(row!.before).toBeNull();
    expect(row!.after).toMatchObject({ titleEn: 'Summer week', link: '/community', enabled: true });
    expect((row!.after as { imageKey: string }).imageKey).toMatch(/^public\/banner\//);
  });

  it('keep a large picture within the banner size', async () => {
    const banner = await made();
    const big = await post(
      'token',
      `/admin/content/banner/image?id=${banner.id}`,
      form({}, await picture(4000, 1000, '#123456')),
    );
    expect(big.json().status, big.body).toBe(200);
    const image = await t.app.inject({ method: 'GET', url: big.json().data.imageUrl });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 2400, height: 600, format: 'webp' });
  });

  it('refuse a link out of the app, a bad picture or a bad schedule with a localised reason, changing nothing', async () => {
    const banners0 = await bannerCount();
    const audits0 = await auditCount();
    for (const link of [
      'https://evil.example/',
      '//evil.example',
      'javascript:alert(1)',
      '/admin',
      '/detail/../admin',
    ]) {
      const res = await create({ link });
      expect(res.json().code, link).toBe('BANNER_LINK');
    }
    const zh = await create({ link: 'https://evil.example/' }, undefined, moderator, 'zh');
    expect(zh.json().msg).toContain('本应用内的页面');
    expect((await create({}, Buffer.from('not a picture at all'))).json().code).toBe('IMAGE_FORMAT');
    const small = await create({}, await picture(300, 100));
    expect(small.json()).toMatchObject({ code: 'IMAGE_TOO_SMALL' });
    expect(small.json().msg).toContain('960 × 160');
    expect((await create({}, null)).json().code).toBe('BANNER_IMAGE_REQUIRED');
    expect((await create({ titleZh: ' ' })).json().code).toBe('BANNER_TITLE');
    expect((await create({ startsAt: inHours(2), endsAt: inHours(1) })).json().code).toBe('BANNER_SCHEDULE');
    const raw = await post(moderator, '/admin/content/banner/create', form({ data: '{oops' }, await picture()));
    expect(raw.json().code).toBe('VALIDATION');
    expect(await bannerCount()).toBe(banners0);
    expect(await auditCount()).toBe(audits0);
  });

  it('change only the fields sent, and the audit row holds just those', async () => {
    const banner = await made();
    const res = await adminCall(t, moderator, 'POST', '/admin/content/banner/update', {
      body: { id: banner.id, titleEn: 'Autumn week', link: `/detail/${banner.id}`, enabled: false },
    });
    expect(res.json().data).toMatchObject({
      title: { en: 'Autumn week', zh: '夏季周' },
      link: `/detail/${banner.id}`,
      enabled: false,
      status: 'off',
    });
    const rows = await auditOf(banner.id);
    expect(rows.at(-1)).toMatchObject({
      action: 'content/banner/update',
      before: { titleEn: 'Summer week', link: '/design', enabled: true },
      after: { titleEn: 'Autumn week', link: `/detail/${banner.id}`, enabled: false },
    });

    const before = (await adminList()).find((b) => b.id === banner.id);
    const out = await adminCall(t, moderator, 'POST', '/admin/content/banner/update', {
      body: { id: banner.id, link: 'https://evil.example' },
    });
    expect(out.json().code).toBe('BANNER_LINK');
    // A start after the end already set is refused even when only the start is sent.
    await adminCall(t, moderator, 'POST', '/admin/content/banner/update', {
      body: { id: banner.id, endsAt: inHours(1) },
    });
    const late = await adminCall(t, moderator, 'POST', '/admin/content/banner/update', {
      body: { id: banner.id, startsAt: inHours(5) },
    });
    expect(late.json().code).toBe('BANNER_SCHEDULE');
    expect((await adminList()).find((b) => b.id === banner.id)).toMatchObject({
      ...before,
      endsAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const missing = await adminCall(t, moderator, 'POST', '/admin/content/banner/update', {
      body: { id: '00000000-0000-4000-8000-000000000000', titleEn: 'x' },
    });
    expect(missing.json()).toMatchObject({ code: 'BANNER_NOT_FOUND' });
  });

  it('reach the community only when switched on and within their schedule, in the order set', async () => {
    const shown = await made({ titleEn: 'Shown' });
    const later = await made({ titleEn: 'Later', startsAt: inHours(2) });
    const ended = await made({ titleEn: 'Ended', startsAt: inHours(-3), endsAt: inHours(-1) });
    const off = await made({ titleEn: 'Off', enabled: false });
    const window = await made({ titleEn: 'Window', startsAt: inHours(-1), endsAt: inHours(1) });
    const statuses = new Map((await adminList()).map((b) => [b.id, b.status]));
    expect([shown, later, ended, off, window].map((b) => statuses.get(b.id))).toEqual([
      'active',
      'scheduled',
      'expired',
      'off',
      'active',
    ]);

    const reordered = await adminCall(t, moderator, 'POST', '/admin/content/banner/reorder', {
      body: { ids: [window.id, later.id, shown.id] },
    });
    const order = (reordered.json().data as AdminBanner[]).map((b) => b.id);
    expect(order.slice(0, 3)).toEqual([window.id, later.id, shown.id]);
    const pub = (await publicList()).map((b) => b.id);
    expect(pub.filter((id) => [shown, later, ended, off, window].some((b) => b.id === id))).toEqual([
      window.id,
      shown.id,
    ]);
    expect(pub.slice(0, 2)).toEqual([window.id, shown.id]);

    const [audit] = await auditOf('order');
    expect(audit).toMatchObject({ action: 'content/banner/reorder', targetType: 'banners' });
    expect((audit!.after as { order: string[] }).order.slice(0, 3)).toEqual([window.id, later.id, shown.id]);
    expect((audit!.before as { order: string[] }).order).toHaveLength(order.length);

    // Switched on, the one waiting for its start still stays out; switched off, the shown one leaves.
    await adminCall(t, moderator, 'POST', '/admin/content/banner/update', { body: { id: shown.id, enabled: false } });
    expect((await publicList()).map((b) => b.id)).not.toContain(shown.id);
  });

  it('are not reordered with an unknown or repeated banner', async () => {
    const a = await made();
    const audits0 = await auditCount();
    const unknown = await adminCall(t, moderator, 'POST', '/admin/content/banner/reorder', {
      body: { ids: [a.id, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.json().code).toBe('BANNER_NOT_FOUND');
    const twice = await adminCall(t, moderator, 'POST', '/admin/content/banner/reorder', {
      body: { ids: [a.id, a.id] },
    });
    expect(twice.json().code).toBe('BANNER_ORDER');
    expect(await auditCount()).toBe(audits0);
  });

  it('get a new picture, the old one removed; a bad picture leaves the banner as it was', async () => {
    const banner = await made();
    const res = await post(
      moderator,
      `/admin/content/banner/image?id=${banner.id}`,
      form({}, await picture(1200, 300, '#aa3300')),
    );
    const next = res.json().data as AdminBanner;
    expect(next.imageUrl).not.toBe(banner.imageUrl);
    expect((await t.app.inject({ method: 'GET', url: banner.imageUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: next.imageUrl })).statusCode).toBe(200);
    const row = (await auditOf(banner.id)).at(-1)!;
    expect(row.action).toBe('content/banner/image');
    expect(row.before).toEqual({ imageKey: expect.stringMatching(/^public\/banner\//) });
    expect(row.after).not.toEqual(row.before);

    const bad = await post(
      moderator,
      `/admin/content/banner/image?id=${banner.id}`,
      form({}, Buffer.from('GIF89a....')),
    );
    expect(bad.json().code).toBe('IMAGE_FORMAT');
    expect((await adminList()).find((b) => b.id === banner.id)!.imageUrl).toBe(next.imageUrl);
    const none = await post(
      moderator,
      `/admin/content/banner/image?id=00000000-0000-4000-8000-000000000000`,
      form({}, await picture()),
    );
    expect(none.json().code).toBe('BANNER_NOT_FOUND');
  });

  it('are deleted with their picture, audited once', async () => {
    const banner = await made();
    const res = await adminCall(t, moderator, 'POST', '/admin/content/banner/delete', { body: { id: banner.id } });
    expect(res.json().data).toEqual({ id: banner.id });
    expect((await adminList()).map((b) => b.id)).not.toContain(banner.id);
    expect((await t.app.inject({ method: 'GET', url: banner.imageUrl })).statusCode).toBe(404);
    const row = (await auditOf(banner.id)).at(-1)!;
    expect(row).toMatchObject({ action: 'content/banner/delete', after: null, before: { titleEn: 'Summer week' } });
    const again = await adminCall(t, moderator, 'POST', '/admin/content/banner/delete', { body: { id: banner.id } });
    expect(again.json().code).toBe('BANNER_NOT_FOUND');
  });

  it('are managed by moderators and owners only', async () => {
    const banner = await made();
    for (const role of ['finance', 'support'] as const) {
      const who = await makeOperator(t, role);
      const list = await adminCall(t, who, 'GET', '/admin/content/banners');
      expect(list.statusCode).toBe(403);
      expect(list.json().code).toBe('ADMIN_FORBIDDEN');
      expect((await create({}, undefined, who)).statusCode).toBe(403);
      const del = await adminCall(t, who, 'POST', '/admin/content/banner/delete', { body: { id: banner.id } });
      expect(del.statusCode).toBe(403);
    }
    expect((await adminList()).map((b) => b.id)).toContain(banner.id);
    const owner = await makeOperator(t, 'owner');
    expect((await adminCall(t, owner, 'GET', '/admin/content/banners')).json().status).toBe(200);
    expect((await auditOf(banner.id)).map((r) => r.action)).toEqual(['content/banner/create']);
  });
});
