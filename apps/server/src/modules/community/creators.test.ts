import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, works } from '../../db/schema/index.ts';
import { creatorGet, seedWork, setStats } from '../../../test-support/creator-helpers.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const home = (query: Record<string, string>, cookie?: string) =>
  creatorGet(t, 'home', query, cookie).then((r) => r.json());

describe('a user’s home page', () => {
  it('shows the header with counts, and whether the viewer follows them', async () => {
    const owner = await seedUser(t, {
      signature: 'Light and stone',
      occupation: 'architect',
      avatarKey: 'public/a.webp',
    });
    const viewer = await seedUser(t);
    await seedWork(t, owner.user.id);
    await seedWork(t, owner.user.id);
    await creatorGet(t, 'subscribe', { userId: owner.user.id }, viewer.cookie);

    const seen = await home({ userId: owner.user.id }, viewer.cookie);
    expect(seen.data).toMatchObject({
      id: owner.user.id,
      nickname: owner.user.nickname,
      avatarUrl: '/files/public/a.webp',
      signature: 'Light and stone',
      occupation: 'architect',
      followers: 1,
      following: 0,
      works: 2,
      likesReceived: 0,
      collectsReceived: 0,
      followedByMe: true,
      isSelf: false,
      joinedAt: owner.user.createdAt.toISOString(),
    });
    expect((await home({ userId: owner.user.id })).data).toMatchObject({ followedByMe: false, isSelf: false });
    expect((await home({}, owner.cookie)).data).toMatchObject({ id: owner.user.id, isSelf: true });
  });

  it('shows zeros for a user nobody has counted yet', async () => {
    const fresh = await seedUser(t);
    expect((await home({ userId: fresh.user.id })).data).toMatchObject({
      followers: 0,
      following: 0,
      works: 0,
      likesReceived: 0,
      collectsReceived: 0,
    });
  });

  it('answers USER_NOT_FOUND for nobody, an unknown or a suspended user', async () => {
    expect((await home({})).code).toBe('USER_NOT_FOUND');
    expect((await home({ userId: randomUUID() })).code).toBe('USER_NOT_FOUND');
    const gone = await seedUser(t, { suspendedAt: new Date() });
    expect((await home({ userId: gone.user.id })).code).toBe('USER_NOT_FOUND');
  });
});

describe('recommended creators', () => {
  it('rank by followers then likes, show three latest published works, and skip who should not show', async () => {
    const viewer = await seedUser(t);
    const top = await seedUser(t);
    const second = await seedUser(t);
    const third = await seedUser(t);
    const noWorks = await seedUser(t);
    const suspended = await seedUser(t);
    const onlyHidden = await seedUser(t);
    const topWorks = [];
    for (let i = 0; i < 4; i += 1) {
      topWorks.push(await seedWork(t, top.user.id, { publishedAt: new Date(Date.UTC(2026, 0, 1 + i)) }));
    }
    await seedWork(t, top.user.id, { state: 'unpublished', publishedAt: new Date(Date.UTC(2026, 5, 1)) });
    await seedWork(t, second.user.id);
    await seedWork(t, third.user.id);
    await seedWork(t, suspended.user.id);
    await seedWork(t, onlyHidden.user.id, { state: 'hidden' });
    await seedWork(t, viewer.user.id);
    // Big numbers so that earlier tests' creators stay below.
    await setStats(t, top.user.id, { followers: 1000, likesReceived: 1 });
    await setStats(t, second.user.id, { followers: 900, likesReceived: 50 });
    await setStats(t, third.user.id, { followers: 900, likesReceived: 10 });
    await setStats(t, noWorks.user.id, { followers: 5000 });
    await setStats(t, suspended.user.id, { followers: 4000 });
    await setStats(t, onlyHidden.user.id, { followers: 3000 });
    await setStats(t, viewer.user.id, { followers: 2000 });
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
    await creatorGet(t, 'subscribe', { userId: second.user.id }, viewer.cookie);

    const cards = (await creatorGet(t, 'waterfallBlogger', { limit: 3 }, viewer.cookie)).json().data;
    expect(cards.map((c: { id: string }) => c.id)).toEqual([top.user.id, second.user.id, third.user.id]);
    expect(cards[0].recentWorks.map((w: { id: string }) => w.id)).toEqual(
      topWorks
        .slice(1)
        .reverse()
        .map((w) => w.id),
    );
    expect(cards[0].recentWorks[0].thumbUrl).toMatch(/^\/files\/private\/result\/.+\.thumb\.webp\?exp=\d+&sig=/);
    expect(cards[0]).toMatchObject({ works: 4, followers: 1000, followedByMe: false });
    expect(cards[1]).toMatchObject({ followers: 901, followedByMe: true });

    // A visitor sees the viewer too, at the top by followers.
    const visitor = (await creatorGet(t, 'waterfallBlogger', { limit: 2 })).json().data;
    expect(visitor.map((c: { id: string }) => c.id)).toEqual([viewer.user.id, top.user.id]);
  });

  it('check the limit', async () => {
    expect((await creatorGet(t, 'waterfallBlogger', { limit: 21 })).json().code).toBe('PAGE_LIMIT');
    const hidden = await seedUser(t);
    const { id } = await seedWork(t, hidden.user.id);
    await t.database.db.update(works).set({ state: 'hidden' }).where(eq(works.id, id));
    const all = (await creatorGet(t, 'waterfallBlogger', { limit: 20 })).json().data;
    expect(all.some((c: { id: string }) => c.id === hidden.user.id)).toBe(false);
  });
});
