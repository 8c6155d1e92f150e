import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { encodeGalleryCursor } from './works.cursor.ts';
import { createWorksListRepository } from './works.list.repository.ts';
import { allPages, call, makeResult, ok, publish } from '../../../test-support/works.fixtures.ts';

// PostgreSQL only: real concurrency between connections, and plans of a large table.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function publicWork(title: string) {
  const creator = await seedUser(t);
  const r = await makeResult(t, creator.user.id);
  return { creator, work: await publish(t, creator.cookie, { imageId: r.uploadId, title }) };
}

const counts = async (workId: string, userId: string) => {
  const [row] = await t.database.query<Record<string, number>>(
    `select w.like_count, w.collect_count,
       (select count(*)::int from work_likes where work_id = w.id) as likes,
       (select count(*)::int from work_collections where work_id = w.id) as collects,
       s.likes_received, s.collects_received
     from works w join user_stats s on s.user_id = $2 where w.id = $1`,
    [workId, userId],
  );
  return row!;
};

describe('toggles under concurrency', () => {
  it('50 likes by one user at once: one row and a count of one', async () => {
    const { creator, work } = await publicWork('Popular');
    const fan = await seedUser(t);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        ok<{ likeCount: number }>(call(t, fan.cookie, 'POST', '/work/like', { id: work.id })),
      ),
    );
    expect(answers.every((a) => a.likeCount === 1)).toBe(true);
    expect(await counts(work.id, creator.user.id)).toMatchObject({ like_count: 1, likes: 1, likes_received: 1 });
  });

  it('mixed likes, unlikes, collects and uncollects by many users: every count equals its rows', async () => {
    const { creator, work } = await publicWork('Contested');
    const fans = await Promise.all(Array.from({ length: 12 }, () => seedUser(t)));
    const paths = ['like', 'unlike', 'collect', 'uncollect'];
    const calls = fans.flatMap((fan, i) =>
      Array.from({ length: 8 }, (_, k) =>
        call(t, fan.cookie, 'POST', `/work/${paths[(i + k * 3) % 4]}`, { id: work.id }),
      ),
    );
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a.json().status === 200)).toBe(true);
    const c = await counts(work.id, creator.user.id);
    expect(c.like_count).toBe(c.likes);
    expect(c.collect_count).toBe(c.collects);
    expect(c.likes_received).toBe(c.likes);
    expect(c.collects_received).toBe(c.collects);
  });
});

describe('gallery paging on PostgreSQL', () => {
  it('every published work exactly once while others are published concurrently', async () => {
    const { creator } = await publicWork('Seed');
    for (let i = 0; i < 14; i++) {
      const r = await makeResult(t, creator.user.id);
      await publish(t, creator.cookie, { imageId: r.uploadId, title: `W${i}` });
    }
    const before = (await ok<{ items: { id: string }[] }>(call(t, null, 'GET', '/work/list?limit=100'))).items.map(
      (w) => w.id,
    );
    const added: string[] = [];
    const pending: Promise<unknown>[] = [];
    const seen = await allPages(t, null, '', async () => {
      // Published while the next page loads, not before it.
      pending.push(
        makeResult(t, creator.user.id)
          .then((r) => publish(t, creator.cookie, { imageId: r.uploadId, title: 'Late' }))
          .then((w) => added.push(w.id)),
      );
    });
    await Promise.all(pending);
    expect(seen).toEqual(before);
    expect(added.length).toBeGreaterThan(2);
  });

  it('a page 10,000 deep is an index range scan, costing about what the first page costs', async () => {
    await t.database.query(`
      insert into users (id, username, nickname, invite_code)
      select gen_random_uuid(), 'bulk' || g, 'Bulk ' || g, 'BULK' || g from generate_series(1, 50) g`);
    await t.database.query(`
      with u as (select id, row_number() over () as n from users where username like 'bulk%'),
      up as (
        insert into uploads (id, user_id, kind, key, mime, width, height, bytes)
        select gen_random_uuid(), u.id, 'result', 'private/bulk/' || g || '.png', 'image/png', 512, 384, 1
        from generate_series(1, 20000) g join u on u.n = 1 + g % 50
        returning id, user_id)
      insert into works (user_id, upload_id, title, width, height, like_count, published_at)
      select user_id, id, 'Bulk', 512, 384, (random() * 50)::int, now() - random() * interval '300 days' from up`);
    await t.database.query('analyze');
    const repo = createWorksListRepository(t.database.db);
    for (const sort of ['latest', 'likes'] as const) {
      const filters = { sort, period: 'all' as const };
      const [deep] = await t.database.query<{ like_count: number; us: string; id: string }>(
        `select like_count, (extract(epoch from published_at) * 1000000)::bigint::text as us, id from works
         where state = 'published' order by ${sort === 'likes' ? 'like_count desc,' : ''} published_at desc, id desc offset 10000 limit 1`,
      );
      const cursor = encodeGalleryCursor({
        frozenUs: Date.now() * 1000,
        count: sort === 'likes' ? deep!.like_count : null,
        publishedUs: Number(deep!.us),
        id: deep!.id,
      });
      const plan = async (c: string | undefined) => {
        const { query } = repo.galleryQuery(filters, c, 20, null);
        const { sql, params } = query.toSQL();
        const [row] = await t.database.query<{ 'QUERY PLAN': unknown }>(
          `explain (analyze, format json) ${sql}`,
          params,
        );
        return JSON.stringify(row!['QUERY PLAN']);
      };
      const first = await plan(undefined);
      const deepPlan = await plan(cursor);
      const index = sort === 'likes' ? 'works_likes_idx' : 'works_latest_idx';
      for (const p of [first, deepPlan]) {
        expect(p).toContain(`"Index Name":"${index}"`);
        expect(p).not.toContain('"Node Type":"Sort"');
      }
      // The deep page starts inside the index instead of reading 10,000 rows to skip them.
      const rowsRead = (p: string) => Number(/"Node Type":"Index Scan".*?"Actual Rows":(\d+)/.exec(p)?.[1]);
      expect(rowsRead(deepPlan)).toBeLessThanOrEqual(25);
    }
  });
});

describe('shares and reports under concurrency', () => {
  const shareCount = async (workId: string) =>
    (await t.database.query<{ share_count: number }>('select share_count from works where id = $1', [workId]))[0]!
      .share_count;

  it('30 shares at once by one user, and by one address: each counts once; 20 addresses count 20', async () => {
    const { work } = await publicWork('Shared');
    const fan = await seedUser(t);
    const byUser = await Promise.all(
      Array.from({ length: 30 }, () =>
        ok<{ shareCount: number }>(call(t, fan.cookie, 'POST', '/work/share', { id: work.id })),
      ),
    );
    expect(byUser.every((a) => a.shareCount === 1)).toBe(true);
    const byAddress = await Promise.all(
      Array.from({ length: 30 }, () =>
        ok<{ shareCount: number }>(call(t, null, 'POST', '/work/share', { id: work.id }, '198.51.100.1')),
      ),
    );
    expect(byAddress.every((a) => a.shareCount === 2)).toBe(true);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ok(call(t, null, 'POST', '/work/share', { id: work.id }, `198.51.100.${i + 10}`)),
      ),
    );
    expect(await shareCount(work.id)).toBe(22);
    const [rows] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from work_shares where work_id = $1',
      [work.id],
    );
    expect(rows!.n).toBe(22);
  });

  it('reports at once by one user and by one address: one open report each', async () => {
    const { work } = await publicWork('Reported');
    const reporter = await seedUser(t);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        call(t, reporter.cookie, 'POST', '/work/report', { id: work.id, reason: 'spam' }),
      ),
      ...Array.from({ length: 10 }, () =>
        call(t, null, 'POST', '/work/report', { id: work.id, reason: 'spam' }, '198.51.100.200'),
      ),
    ]);
    expect(answers.map((a) => a.json().status)).toEqual(Array(20).fill(200));
    const [row] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from work_reports where work_id = $1 and status = 'open'",
      [work.id],
    );
    expect(row!.n).toBe(2);
  });
});
