import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkCard } from '@turing/contract';
import { eq, sql } from 'drizzle-orm';
import { works } from '../../db/schema/index.ts';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { allPages, call, makeResult, ok, publish } from '../../../test-support/works.fixtures.ts';

let t: TestApp;
let creator: Awaited<ReturnType<typeof seedUser>>;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://designs.example.com/' });
  creator = await seedUser(t);
  const specs = [
    {
      name: 'museum',
      title: 'Concrete museum',
      tags: { style: ['brutalist'], function: ['museum'] },
      prompt: 'raw concrete',
    },
    {
      name: 'villa',
      title: 'Lake villa',
      tags: { style: ['modern'], environment: ['waterfront'] },
      prompt: 'glass villa',
    },
    { name: 'cafe', title: '100% timber cafe', tags: { style: ['modern'], material: ['timber'] }, prompt: 'warm' },
    { name: 'school', title: 'Hill school', tags: { environment: ['mountain'] }, prompt: 'terraces of classrooms' },
  ];
  for (const s of specs) {
    const r = await makeResult(t, creator.user.id, { prompt: s.prompt });
    ids[s.name] = (await publish(t, creator.cookie, { imageId: r.uploadId, title: s.title, tags: s.tags })).id;
  }
});
afterAll(() => t.close());

const list = async (query: string, cookie: string | null = null) =>
  (await ok<{ items: WorkCard[] }>(call(t, cookie, 'GET', `/work/list?${query}`))).items.map((w) => w.id);

describe('gallery', () => {
  it('filters by tags, creator and text, newest first', async () => {
    expect(await list('style=modern')).toEqual([ids.cafe, ids.villa]);
    expect(await list('style=modern&environment=waterfront')).toEqual([ids.villa]);
    expect(await list('function=museum')).toEqual([ids.museum]);
    expect(await list('q=LAKE')).toEqual([ids.villa]);
    expect(await list('q=classrooms')).toEqual([ids.school]);
    // A percent sign is a character to find, not a wildcard.
    expect(await list('q=100%25')).toEqual([ids.cafe]);
    expect(await list('q=%25')).toEqual([ids.cafe]);
    expect(await list('q=_')).toEqual([]);
    expect(await list(`userId=${creator.user.id}`)).toEqual([ids.school, ids.cafe, ids.villa, ids.museum]);
  });

  it('a hidden prompt is not searchable', async () => {
    const r = await makeResult(t, creator.user.id, { prompt: 'secret recipe' });
    const w = await publish(t, creator.cookie, { imageId: r.uploadId, title: 'Quiet', hideParams: true });
    expect(await list('q=recipe')).toEqual([]);
    expect(await list('q=Quiet')).toEqual([w.id]);
    await ok(call(t, creator.cookie, 'POST', '/work/unpublish', { id: w.id }));
  });

  it('sorts by likes and collections within a period', async () => {
    const fans = await Promise.all([seedUser(t), seedUser(t)]);
    for (const fan of fans) await ok(call(t, fan.cookie, 'POST', '/work/like', { id: ids.museum }));
    await ok(call(t, fans[0]!.cookie, 'POST', '/work/like', { id: ids.school }));
    await ok(call(t, fans[0]!.cookie, 'POST', '/work/collect', { id: ids.villa }));
    const liked = await list('sort=likes');
    expect(liked.slice(0, 2)).toEqual([ids.museum, ids.school]);
    expect((await list('sort=collections'))[0]).toBe(ids.villa);
    // Published long ago: out of this week's ranking, still in the year's.
    await t.database.db
      .update(works)
      .set({ publishedAt: sql`now() - interval '20 days'` })
      .where(eq(works.id, ids.museum!));
    expect(await list('sort=likes&period=week')).not.toContain(ids.museum);
    expect((await list('sort=likes&period=month'))[0]).toBe(ids.museum);
    await t.database.db
      .update(works)
      .set({ publishedAt: sql`now() - interval '1 minute'` })
      .where(eq(works.id, ids.museum!));

    const cards = await ok<{ items: WorkCard[] }>(call(t, fans[0]!.cookie, 'GET', '/work/list?sort=likes&limit=2'));
    expect(cards.items[0]).toMatchObject({ id: ids.museum, likeCount: 2, liked: true, collected: false });
    expect(cards.items[0]!.thumbUrl).toMatch(/^\/files\/private\/.+\?exp=\d+&sig=/);
    expect(cards.items[0]!.creator).toEqual({ id: creator.user.id, nickname: creator.user.nickname, avatarUrl: null });
  });

  it('pages every published work exactly once while new works arrive between pages', async () => {
    for (let i = 0; i < 12; i++) {
      const r = await makeResult(t, creator.user.id);
      await publish(t, creator.cookie, { imageId: r.uploadId, title: `Batch ${i}` });
    }
    const before = await list('limit=100');
    expect(before.length).toBeGreaterThan(15);
    const added: string[] = [];
    const seen = await allPages(t, null, '', async () => {
      const r = await makeResult(t, creator.user.id);
      added.push((await publish(t, creator.cookie, { imageId: r.uploadId, title: 'New' })).id);
    });
    expect(seen).toEqual(before);
    expect(added.length).toBeGreaterThan(0);
    expect(seen.filter((id) => added.includes(id))).toEqual([]);
    // The same holds for a popularity sort, whose position carries the count.
    const byLikes = await list('sort=likes&limit=100');
    expect(await allPages(t, null, 'sort=likes')).toEqual(byLikes);
  });

  it('refuses a cursor it did not make', async () => {
    const res = await call(t, null, 'GET', '/work/list?cursor=bm90LWEtY3Vyc29y');
    expect(res.json()).toMatchObject({ code: 'CURSOR_INVALID' });
  });
});

describe('toggles, share, report', () => {
  it('likes and collections are idempotent and answer the counts', async () => {
    const fan = await seedUser(t);
    const r = await makeResult(t, creator.user.id);
    const w = await publish(t, creator.cookie, { imageId: r.uploadId, title: 'Toggled' });
    const like = () => ok(call(t, fan.cookie, 'POST', '/work/like', { id: w.id }));
    expect(await like()).toEqual({ active: true, likeCount: 1, collectCount: 0 });
    expect(await like()).toEqual({ active: true, likeCount: 1, collectCount: 0 });
    const collect = await ok(call(t, fan.cookie, 'POST', '/work/collect', { id: w.id }));
    expect(collect).toEqual({ active: true, likeCount: 1, collectCount: 1 });
    const unlike = () => ok(call(t, fan.cookie, 'POST', '/work/unlike', { id: w.id }));
    expect(await unlike()).toEqual({ active: false, likeCount: 0, collectCount: 1 });
    expect(await unlike()).toEqual({ active: false, likeCount: 0, collectCount: 1 });
    const detail = await ok<{ liked: boolean; collected: boolean }>(
      call(t, fan.cookie, 'GET', `/work/detail?id=${w.id}`),
    );
    expect(detail).toMatchObject({ liked: false, collected: true });

    const collected = await ok<{ items: WorkCard[] }>(call(t, null, 'GET', `/work/collected?userId=${fan.user.id}`));
    expect(collected.items.map((c) => c.id)).toEqual([w.id]);
    const own = await ok<{ items: WorkCard[] }>(call(t, fan.cookie, 'GET', '/work/collected'));
    expect(own.items[0]).toMatchObject({ id: w.id, collected: true });
    await ok(call(t, fan.cookie, 'POST', '/work/uncollect', { id: w.id }));
    expect((await ok<{ items: WorkCard[] }>(call(t, fan.cookie, 'GET', '/work/collected'))).items).toEqual([]);
    expect((await call(t, null, 'GET', '/work/collected')).json()).toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('share answers the public link from PUBLIC_URL, whatever the request says', async () => {
    const first = await ok<{ url: string; shareCount: number }>(
      t.app.inject({
        method: 'POST',
        url: '/turing/community/work/share',
        headers: {
          ...appHeaders(),
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
          origin: 'https://evil.example',
        },
        payload: { id: ids.villa },
      }),
    );
    expect(first.url).toBe(`https://designs.example.com/#/detail/${ids.villa}`);
    const again = await ok<{ shareCount: number }>(call(t, null, 'POST', '/work/share', { id: ids.villa }));
    expect(again.shareCount).toBe(first.shareCount);
  });

  it('a share counts once per account or address per work and day', async () => {
    const share = (cookie: string | null, ip?: string) =>
      ok<{ shareCount: number }>(call(t, cookie, 'POST', '/work/share', { id: ids.cafe }, ip)).then(
        (r) => r.shareCount,
      );
    const start = await share(null, '192.0.2.1');
    for (let i = 0; i < 5; i += 1) expect(await share(null, '192.0.2.1')).toBe(start);
    expect(await share(null, '192.0.2.2')).toBe(start + 1);
    const fan = await seedUser(t);
    // A signed-in sharer counts as the account, from wherever they share.
    expect(await share(fan.cookie, '192.0.2.1')).toBe(start + 2);
    expect(await share(fan.cookie, '192.0.2.3')).toBe(start + 2);
    const rows = await t.database.query<{ sharer_key: string }>(
      'select sharer_key from work_shares where work_id = $1',
      [ids.cafe],
    );
    expect(rows.map((r) => r.sharer_key)).toContain(`user:${fan.user.id}`);
    expect(rows.map((r) => r.sharer_key).join()).not.toContain('192.0.2');
  });

  it('anyone may report a public work once the reason is valid', async () => {
    await ok(call(t, null, 'POST', '/work/report', { id: ids.cafe, reason: 'spam', details: 'ads' }));
    expect((await call(t, null, 'POST', '/work/report', { id: ids.cafe, reason: 'boring' })).json()).toMatchObject({
      code: 'VALIDATION',
    });
    const rows = await t.database.query<{ reason: string }>('select reason from work_reports where work_id = $1', [
      ids.cafe,
    ]);
    expect(rows).toEqual([{ reason: 'spam' }]);
  });

  it('one open report per reporter and work: an account, or an anonymous address', async () => {
    const r = await makeResult(t, creator.user.id);
    const w = await publish(t, creator.cookie, { imageId: r.uploadId, title: 'Reported' });
    const reporter = await seedUser(t);
    const report = (cookie: string | null, ip: string, reason = 'spam') =>
      ok(call(t, cookie, 'POST', '/work/report', { id: w.id, reason }, ip));
    await report(reporter.cookie, '192.0.2.10');
    await report(reporter.cookie, '192.0.2.11', 'copyright');
    await report(null, '192.0.2.20');
    await report(null, '192.0.2.20', 'copyright');
    await report(null, '192.0.2.21');
    const open = async () =>
      t.database.query<{ reporter_id: string | null }>(
        "select reporter_id from work_reports where work_id = $1 and status = 'open' order by created_at",
        [w.id],
      );
    expect((await open()).map((row) => row.reporter_id)).toEqual([reporter.user.id, null, null]);
    // Once the operator resolved it, the same reporter may report again.
    await t.database.query("update work_reports set status = 'resolved' where work_id = $1", [w.id]);
    await report(reporter.cookie, '192.0.2.10');
    expect(await open()).toHaveLength(1);
  });
});

describe('tags and parameters', () => {
  it('lists the four tag categories once per slug, in both languages', async () => {
    const tags = await ok<Record<string, { slug: string; label: { en: string; zh: string } }[]>>(
      call(t, null, 'GET', '/tags'),
    );
    for (const category of ['style', 'function', 'material', 'environment']) {
      const slugs = tags[category]!.map((x) => x.slug);
      expect(slugs.length).toBeGreaterThan(3);
      expect(new Set(slugs).size).toBe(slugs.length);
    }
    expect(tags.environment!.find((x) => x.slug === 'urban')?.label).toEqual({ en: 'Urban', zh: '城市' });
  });

  it('copy parameters leaves out every image and folder and names the work it is based on', async () => {
    const viewer = await seedUser(t);
    const r = await makeResult(t, creator.user.id, {
      params: {
        mode: 'text',
        baseImageId: crypto.randomUUID(),
        maskImageId: crypto.randomUUID(),
        folderId: crypto.randomUUID(),
        seed: 7,
      },
    });
    const w = await publish(t, creator.cookie, { imageId: r.uploadId, title: 'Copy me' });
    const got = await ok<{ params: Record<string, unknown>; basedOnId: string }>(
      call(t, viewer.cookie, 'GET', `/work/params?id=${w.id}`),
    );
    expect(got.basedOnId).toBe(w.id);
    expect(got.params).toMatchObject({ mode: 'text', seed: 7, basedOnId: w.id });
    for (const key of ['baseImageId', 'maskImageId', 'folderId']) expect(got.params).not.toHaveProperty(key);

    await ok(call(t, creator.cookie, 'POST', '/work/update', { id: w.id, title: 'Copy me', hideParams: true }));
    expect((await call(t, viewer.cookie, 'GET', `/work/params?id=${w.id}`)).json()).toMatchObject({
      code: 'PARAMS_HIDDEN',
    });
    const detail = await ok<{ prompt: unknown; settings: unknown }>(
      call(t, viewer.cookie, 'GET', `/work/detail?id=${w.id}`),
    );
    expect(detail).toMatchObject({ prompt: null, settings: null });
    // The creator still copies their own.
    await ok(call(t, creator.cookie, 'GET', `/work/params?id=${w.id}`));
  });
});
