import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkCard, WorkDetail } from '@turing/contract';
import { buildTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { call, ok } from '../../../test-support/works.fixtures.ts';
import { DEMO_WORKS } from './seed.data.ts';
import { seedDemoContent } from './seed.demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('demo community content', () => {
  it('a test app starts empty', async () => {
    expect((await ok<{ items: WorkCard[] }>(call(t, null, 'GET', '/work/list'))).items).toEqual([]);
    expect(await ok(call(t, null, 'GET', '/banners'))).toEqual([]);
  });

  it('fills the community once, with counts that match their rows', async () => {
    // How long it takes is the benchmark's business; here, that it happens once and adds up.
    expect(await seedDemoContent(t.app.services!)).toBe(true);
    expect(await seedDemoContent(t.app.services!)).toBe(false);

    const page = await ok<{ items: WorkCard[] }>(call(t, null, 'GET', '/work/list?limit=100'));
    expect(page.items).toHaveLength(DEMO_WORKS.length);
    expect(new Set(page.items.map((w) => w.height / w.width)).size).toBeGreaterThan(3);
    // Works differ in likes and collections, also within one creator's, so sorting has an order to show.
    expect(new Set(page.items.map((w) => w.likeCount)).size).toBeGreaterThan(2);
    expect(new Set(page.items.map((w) => w.collectCount)).size).toBeGreaterThan(2);
    const likesByCreator = new Map<string, Set<number>>();
    for (const w of page.items)
      likesByCreator.set(w.creator.id, (likesByCreator.get(w.creator.id) ?? new Set()).add(w.likeCount));
    for (const counts of likesByCreator.values()) expect(counts.size).toBeGreaterThan(1);
    expect(page.items.every((w) => w.creator.avatarUrl?.startsWith('/files/public/'))).toBe(true);

    const [mismatch] = await t.database.query(`
      select 1 from works w where like_count <> (select count(*) from work_likes where work_id = w.id)
        or collect_count <> (select count(*) from work_collections where work_id = w.id)
      union all
      select 1 from user_stats s where works <> (select count(*) from works where user_id = s.user_id and state = 'published')
        or followers <> (select count(*) from follows where followee_id = s.user_id)
        or likes_received <> (select count(*) from work_likes l join works w on w.id = l.work_id where w.user_id = s.user_id)`);
    expect(mismatch).toBeUndefined();
    const creators = await t.database.query<{ password_hash: string | null }>(
      `select password_hash from users where username like 'demo-%'`,
    );
    expect(creators.length).toBeGreaterThanOrEqual(4);
    expect(creators.every((c) => c.password_hash === null)).toBe(true);
    const [lateJoiner] = await t.database.query(`
      select 1 from users u join works w on w.user_id = u.id
      where u.username like 'demo-%' and u.created_at > w.published_at`);
    expect(lateJoiner).toBeUndefined();

    const derived = page.items.find((w) => w.title === 'Campus forum')!;
    const detail = await ok<WorkDetail>(call(t, null, 'GET', `/work/detail?id=${derived.id}`));
    expect(detail.basedOn?.title).toBe('Steel frame workshop');
    // A derived work is an iterative rendering of its parent's image: the page can compare the two.
    expect(detail.settings?.mode).toBe('iterate');
    expect(detail.baseImage).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: detail.baseImage!.url })).statusCode).toBe(200);
    expect(detail.tags.map((x) => x.category)).toEqual(['style', 'function', 'material', 'environment']);
    const image = await t.app.inject({ method: 'GET', url: detail.url });
    expect(image.statusCode).toBe(200);

    const banners = await ok<{ imageUrl: string; link: string; title: { zh: string } }[]>(
      call(t, null, 'GET', '/banners'),
    );
    expect(banners).toHaveLength(3);
    expect(banners.map((b) => b.link)).toContain('/design');
    expect(banners.some((b) => /^\/detail\/[0-9a-f-]{36}$/.test(b.link))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: banners[0]!.imageUrl })).statusCode).toBe(200);
  });
});
