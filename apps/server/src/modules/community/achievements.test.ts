import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Achievement } from '@turing/contract';
import { userAchievements, users } from '../../db/schema/index.ts';
import { creatorGet, seedWork, setStats } from '../../../test-support/creator-helpers.ts';
import { buildGenerationApp, finished, getTask, submit, until } from '../../../test-support/design-helpers.ts';
import { buildTestApp, registerUser, seedUser, type TestApp } from '../../../test-support/test-app.ts';

const unlockedRows = (t: TestApp, userId: string) =>
  t.database.db.select().from(userAchievements).where(eq(userAchievements.userId, userId));

const byCode = (list: Achievement[]) => Object.fromEntries(list.map((a) => [a.code, a]));

describe('achievements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const read = async (userId?: string, cookie?: string) =>
    (await creatorGet(t, 'achievement', { userId }, cookie)).json();

  it('start locked with their goals', async () => {
    const { user, cookie } = await seedUser(t);
    const list = (await read(undefined, cookie)).data as Achievement[];
    expect(list.map((a) => [a.code, a.unlocked, a.progress, a.goal])).toEqual([
      ['first_generation', false, 0, 1],
      ['first_publication', false, 0, 1],
      ['likes_10', false, 0, 10],
      ['likes_100', false, 0, 100],
      ['followers_10', false, 0, 10],
      ['followers_100', false, 0, 100],
    ]);
    expect(await unlockedRows(t, user.id)).toEqual([]);
  });

  it('unlock once when reached, and stay unlocked when the count drops', async () => {
    const { user } = await seedUser(t);
    await seedWork(t, user.id);
    await setStats(t, user.id, { likesReceived: 12 });
    const first = byCode((await read(user.id)).data);
    expect(first.first_publication).toMatchObject({ unlocked: true, progress: 1 });
    expect(first.likes_10).toMatchObject({ unlocked: true, progress: 10, goal: 10 });
    expect(first.likes_100).toMatchObject({ unlocked: false, progress: 12, unlockedAt: null });
    expect(first.likes_10!.unlockedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    await setStats(t, user.id, { likesReceived: 3 });
    const again = byCode((await read(user.id)).data);
    expect(again.likes_10).toEqual(first.likes_10);
    expect(again.likes_100).toMatchObject({ unlocked: false, progress: 3 });
    expect((await unlockedRows(t, user.id)).map((r) => r.code).sort()).toEqual(['first_publication', 'likes_10']);
  });

  it('unlock one row per achievement when many reads race', async () => {
    const { user } = await seedUser(t);
    await setStats(t, user.id, { followers: 150 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => read(user.id)));
    const times = new Set(answers.map((a) => byCode(a.data).followers_100!.unlockedAt));
    expect(times.size).toBe(1);
    expect((await unlockedRows(t, user.id)).map((r) => r.code).sort()).toEqual(['followers_10', 'followers_100']);
  });

  it('unlock the followers milestone at the follow that reaches it', async () => {
    const { user } = await seedUser(t);
    const fans = await Promise.all(Array.from({ length: 10 }, () => seedUser(t)));
    for (const fan of fans.slice(0, 9)) await creatorGet(t, 'subscribe', { userId: user.id }, fan.cookie);
    expect(await unlockedRows(t, user.id)).toEqual([]);
    await creatorGet(t, 'subscribe', { userId: user.id }, fans[9]!.cookie);
    expect((await unlockedRows(t, user.id)).map((r) => r.code)).toEqual(['followers_10']);
  });

  it('answer USER_NOT_FOUND for nobody, an unknown or a suspended user', async () => {
    expect((await read()).code).toBe('USER_NOT_FOUND');
    expect((await read(randomUUID())).code).toBe('USER_NOT_FOUND');
    const { user } = await seedUser(t);
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    expect((await read(user.id)).code).toBe('USER_NOT_FOUND');
  });
});

describe('first generation', () => {
  let g: Awaited<ReturnType<typeof buildGenerationApp>>;
  beforeAll(async () => {
    g = await buildGenerationApp();
  });
  afterAll(() => g.close());

  it('unlocks when the worker completes the user’s first task', async () => {
    const { cookie, profile } = await registerUser(g);
    const task = (await submit(g, cookie, { mode: 'text', prompt: 'a pavilion by a lake' })).json().data;
    const done = await until(() => getTask(g, cookie, task.id), finished);
    expect(done.state).toBe('complete');
    const rows = await until(
      () => unlockedRows(g, profile.id),
      (r) => r.length > 0,
    );
    expect(rows.map((r) => r.code)).toEqual(['first_generation']);
  });
});
