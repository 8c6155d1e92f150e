import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, users } from '../../db/schema/index.ts';
import { creatorGet, statsOf } from '../../../test-support/creator-helpers.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const subscribe = (cookie: string, userId: string, headers?: Record<string, string>) =>
  creatorGet(t, 'subscribe', { userId }, cookie, headers).then((r) => r.json());
const unsubscribe = (cookie: string, userId: string) =>
  creatorGet(t, 'unsubscribe', { userId }, cookie).then((r) => r.json());
const followRows = (followeeId: string) =>
  t.database.db.select().from(follows).where(eq(follows.followeeId, followeeId));

describe('follow and unfollow', () => {
  it('add one row and move both counters once, however often they are sent', async () => {
    const fan = await seedUser(t);
    const star = await seedUser(t);
    expect((await subscribe(fan.cookie, star.user.id)).data).toEqual({ following: true, followers: 1 });
    expect((await subscribe(fan.cookie, star.user.id)).data).toEqual({ following: true, followers: 1 });
    expect(await followRows(star.user.id)).toHaveLength(1);
    expect(await statsOf(t, star.user.id)).toMatchObject({ followers: 1, following: 0 });
    expect(await statsOf(t, fan.user.id)).toMatchObject({ followers: 0, following: 1 });

    expect((await unsubscribe(fan.cookie, star.user.id)).data).toEqual({ following: false, followers: 0 });
    expect((await unsubscribe(fan.cookie, star.user.id)).data).toEqual({ following: false, followers: 0 });
    expect(await followRows(star.user.id)).toHaveLength(0);
    expect(await statsOf(t, star.user.id)).toMatchObject({ followers: 0, following: 0 });
    expect(await statsOf(t, fan.user.id)).toMatchObject({ followers: 0, following: 0 });
  });

  it('refuse following oneself, unknown and suspended users, and change nothing', async () => {
    const me = await seedUser(t);
    expect((await subscribe(me.cookie, me.user.id)).code).toBe('FOLLOW_SELF');
    expect((await unsubscribe(me.cookie, me.user.id)).code).toBe('FOLLOW_SELF');
    expect((await subscribe(me.cookie, randomUUID())).code).toBe('USER_NOT_FOUND');
    expect((await unsubscribe(me.cookie, randomUUID())).code).toBe('USER_NOT_FOUND');
    expect((await subscribe(me.cookie, 'not-a-uuid')).code).toBe('USER_NOT_FOUND');
    const gone = await seedUser(t, { suspendedAt: new Date() });
    expect((await subscribe(me.cookie, gone.user.id)).code).toBe('USER_NOT_FOUND');
    expect(await followRows(gone.user.id)).toHaveLength(0);
    expect(await statsOf(t, me.user.id)).toBeNull();
  });

  it('need a session and the app header, though they are GETs', async () => {
    const fan = await seedUser(t);
    const star = await seedUser(t);
    const noHeader = await subscribe(fan.cookie, star.user.id, { 'accept-language': 'en' });
    expect(noHeader.code).toBe('APP_HEADER_MISSING');
    const unsubNoHeader = await creatorGet(t, 'unsubscribe', { userId: star.user.id }, fan.cookie, {});
    expect(unsubNoHeader.json().code).toBe('APP_HEADER_MISSING');
    expect((await creatorGet(t, 'subscribe', { userId: star.user.id })).json().code).toBe('SESSION_EXPIRED');
    expect(await followRows(star.user.id)).toHaveLength(0);
  });

  it('let a suspended user be unfollowed', async () => {
    const fan = await seedUser(t);
    const star = await seedUser(t);
    await subscribe(fan.cookie, star.user.id);
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, star.user.id));
    expect((await unsubscribe(fan.cookie, star.user.id)).data).toEqual({ following: false, followers: 0 });
  });
});

describe('followers and following lists', () => {
  it('page newest first over every follow exactly once, with the viewer’s own follows marked', async () => {
    const star = await seedUser(t);
    const viewer = await seedUser(t);
    const fans = [];
    for (let i = 0; i < 7; i += 1) {
      const fan = await seedUser(t);
      await subscribe(fan.cookie, star.user.id);
      fans.push(fan);
    }
    await subscribe(viewer.cookie, fans[2]!.user.id);

    const seen: { id: string; followedByMe: boolean }[] = [];
    let cursor: string | undefined;
    do {
      const res = await creatorGet(t, 'followers', { userId: star.user.id, limit: 3, cursor }, viewer.cookie);
      const page = res.json().data;
      seen.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.map((f) => f.id)).toEqual(fans.map((f) => f.user.id).reverse());
    expect(seen.filter((f) => f.followedByMe).map((f) => f.id)).toEqual([fans[2]!.user.id]);

    const following = (await creatorGet(t, 'following', {}, fans[0]!.cookie)).json().data;
    expect(following.items).toEqual([
      expect.objectContaining({ id: star.user.id, followers: 7, followedByMe: true, avatarUrl: null }),
    ]);
  });

  it('leave suspended accounts out and answer USER_NOT_FOUND for a visitor naming nobody', async () => {
    const star = await seedUser(t);
    const fan = await seedUser(t);
    await subscribe(fan.cookie, star.user.id);
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, fan.user.id));
    expect((await creatorGet(t, 'followers', { userId: star.user.id })).json().data.items).toEqual([]);
    expect((await creatorGet(t, 'following', {})).json().code).toBe('USER_NOT_FOUND');
    expect((await creatorGet(t, 'followers', { userId: fan.user.id })).json().code).toBe('USER_NOT_FOUND');
    expect((await creatorGet(t, 'followers', { userId: star.user.id, cursor: 'abc' })).json().code).toBe(
      'CURSOR_INVALID',
    );
  });
});
