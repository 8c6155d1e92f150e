import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, userAchievements, userStats } from '../../db/schema/index.ts';
import { creatorGet, setStats, statsOf } from '../../../test-support/creator-helpers.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';

// PostgreSQL only: real concurrent connections racing on the same rows.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const follow = (cookie: string, userId: string) => creatorGet(t, 'subscribe', { userId }, cookie).then((r) => r.json());
const unfollow = (cookie: string, userId: string) =>
  creatorGet(t, 'unsubscribe', { userId }, cookie).then((r) => r.json());
const rowsOf = (followeeId: string) => t.database.db.select().from(follows).where(eq(follows.followeeId, followeeId));

describe('follow races', () => {
  it('50 subscribes at once by one user: one row, one follower', async () => {
    const fan = await seedUser(t);
    const star = await seedUser(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => follow(fan.cookie, star.user.id)));
    expect(answers.every((a) => a.status === 200 && a.data.following)).toBe(true);
    expect(await rowsOf(star.user.id)).toHaveLength(1);
    expect(await statsOf(t, star.user.id)).toMatchObject({ followers: 1 });
    expect(await statsOf(t, fan.user.id)).toMatchObject({ following: 1 });

    const gone = await Promise.all(Array.from({ length: 50 }, () => unfollow(fan.cookie, star.user.id)));
    expect(gone.every((a) => a.status === 200 && !a.data.following)).toBe(true);
    expect(await rowsOf(star.user.id)).toHaveLength(0);
    expect(await statsOf(t, star.user.id)).toMatchObject({ followers: 0 });
    expect(await statsOf(t, fan.user.id)).toMatchObject({ following: 0 });
  });

  it('many users following, unfollowing and following each other at once: counters equal the rows', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => seedUser(t)));
    const calls = [];
    // Everyone follows everyone else, and half of them take it back, all in one burst.
    for (const a of people) {
      for (const b of people) {
        if (a === b) continue;
        calls.push(follow(a.cookie, b.user.id));
        if (people.indexOf(b) % 2 === 0) calls.push(unfollow(a.cookie, b.user.id));
      }
    }
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);

    const ids = people.map((p) => p.user.id);
    const counted = await t.database.db
      .select({
        userId: userStats.userId,
        followers: userStats.followers,
        following: userStats.following,
        followerRows: sql<number>`(select count(*) from follows f where f.followee_id = ${userStats.userId})::int`,
        followingRows: sql<number>`(select count(*) from follows f where f.follower_id = ${userStats.userId})::int`,
      })
      .from(userStats)
      .where(inArray(userStats.userId, ids));
    expect(counted).toHaveLength(12);
    for (const row of counted) {
      expect(row.followers).toBe(row.followerRows);
      expect(row.following).toBe(row.followingRows);
    }
  });

  it('a milestone reached by many follows at once is unlocked once', async () => {
    const star = await seedUser(t);
    await setStats(t, star.user.id, { followers: 0 });
    const fans = await Promise.all(Array.from({ length: 15 }, () => seedUser(t)));
    await Promise.all(fans.map((fan) => follow(fan.cookie, star.user.id)));
    expect(await statsOf(t, star.user.id)).toMatchObject({ followers: 15 });
    const unlocked = await t.database.db
      .select()
      .from(userAchievements)
      .where(eq(userAchievements.userId, star.user.id));
    expect(unlocked.map((r) => r.code)).toEqual(['followers_10']);
  });
});
