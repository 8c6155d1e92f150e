import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryCommunity, type MemoryCommunity } from '../../../test-support/fakes/community.memory.ts';
import { createMemoryStore, type MemoryStore } from '../../../test-support/fakes/memory-store.ts';
import { createAchievementService } from './achievements.service.ts';
import { createFollowService } from './follows.service.ts';

// Who may follow whom and what a follow moves, on in-memory repositories: no database.

let store: MemoryStore;
let memory: MemoryCommunity;
let refreshed: string[];
let follows: ReturnType<typeof createFollowService>;

beforeEach(() => {
  store = createMemoryStore();
  memory = createMemoryCommunity(store);
  refreshed = [];
  for (const who of ['ann', 'bob', 'cat']) memory.addPerson(who);
  follows = createFollowService({
    follows: memory.follows,
    achievements: { refresh: async (userId) => void refreshed.push(userId) },
    isActive: async (userId) => memory.people.has(userId) && memory.people.get(userId)!.suspendedAt === null,
  });
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: { code?: string }) => err.code,
  );
const statsOf = (userId: string) => {
  const row = memory.stats.get(userId);
  return row ? { followers: row.followers, following: row.following } : null;
};

describe('following', () => {
  it('refuses following oneself, either way, and changes nothing', async () => {
    expect(await codeOf(follows.subscribe('ann', 'ann'))).toBe('FOLLOW_SELF');
    expect(await codeOf(follows.unsubscribe('ann', 'ann'))).toBe('FOLLOW_SELF');
    expect(statsOf('ann')).toBeNull();
  });

  it('refuses unknown and suspended users as not found', async () => {
    memory.addPerson('gone', { suspendedAt: store.now() });
    expect(await codeOf(follows.subscribe('ann', 'nobody'))).toBe('USER_NOT_FOUND');
    expect(await codeOf(follows.subscribe('ann', 'gone'))).toBe('USER_NOT_FOUND');
    expect(await codeOf(follows.unsubscribe('ann', 'nobody'))).toBe('USER_NOT_FOUND');
    expect(statsOf('ann')).toBeNull();
    expect(statsOf('gone')).toBeNull();
  });

  it('moves both counters once, however often it is sent, and tells achievements only of a change', async () => {
    expect(await follows.subscribe('bob', 'ann')).toEqual({ following: true, followers: 1 });
    expect(await follows.subscribe('bob', 'ann')).toEqual({ following: true, followers: 1 });
    expect(await follows.subscribe('cat', 'ann')).toEqual({ following: true, followers: 2 });
    expect(statsOf('ann')).toEqual({ followers: 2, following: 0 });
    expect(statsOf('bob')).toEqual({ followers: 0, following: 1 });
    expect(refreshed).toEqual(['ann', 'ann']);
  });

  it('unfollows once; counts never go below zero', async () => {
    await follows.subscribe('bob', 'ann');
    expect(await follows.unsubscribe('bob', 'ann')).toEqual({ following: false, followers: 0 });
    expect(await follows.unsubscribe('bob', 'ann')).toEqual({ following: false, followers: 0 });
    expect(await follows.unsubscribe('cat', 'ann')).toEqual({ following: false, followers: 0 });
    expect(statsOf('ann')).toEqual({ followers: 0, following: 0 });
    expect(statsOf('bob')).toEqual({ followers: 0, following: 0 });
  });

  it('lets a follower of a user suspended since stop following them', async () => {
    await follows.subscribe('bob', 'ann');
    memory.people.get('ann')!.suspendedAt = store.now();
    expect(await follows.unsubscribe('bob', 'ann')).toEqual({ following: false, followers: 0 });
  });

  it('has no lists for a suspended user, or for a visitor who names nobody', async () => {
    memory.people.get('ann')!.suspendedAt = store.now();
    expect(await codeOf(follows.list('followers', 'ann', 'bob', { limit: 20 }))).toBe('USER_NOT_FOUND');
    expect(await codeOf(follows.list('following', undefined, null, { limit: 20 }))).toBe('USER_NOT_FOUND');
    expect(await follows.list('following', undefined, 'bob', { limit: 20 })).toEqual({ items: [], nextCursor: null });
  });
});

describe('achievements reached by follows', () => {
  it('unlock once at ten followers and stay unlocked when the count drops', async () => {
    const log = { warn: () => {} };
    const achievements = createAchievementService({ achievements: memory.achievements, log });
    follows = createFollowService({ follows: memory.follows, achievements, isActive: async () => true });
    const fans = Array.from({ length: 10 }, (_, i) => `fan${i}`);
    for (const fan of fans) {
      memory.addPerson(fan);
      await follows.subscribe(fan, 'ann');
    }
    const reached = (await achievements.list('ann')).find((a) => a.code === 'followers_10');
    expect(reached).toMatchObject({ unlocked: true, progress: 10, goal: 10 });
    await follows.unsubscribe('fan0', 'ann');
    const kept = (await achievements.list('ann')).find((a) => a.code === 'followers_10');
    expect(kept).toMatchObject({ unlocked: true, unlockedAt: reached!.unlockedAt, progress: 10 });
    expect((await achievements.list('ann')).find((a) => a.code === 'followers_100')).toMatchObject({
      unlocked: false,
      progress: 9,
    });
  });

  it('are not shown for a suspended user', async () => {
    const achievements = createAchievementService({ achievements: memory.achievements, log: { warn: () => {} } });
    memory.people.get('ann')!.suspendedAt = store.now();
    expect(await codeOf(achievements.list('ann'))).toBe('USER_NOT_FOUND');
    expect(await codeOf(achievements.list(null))).toBe('USER_NOT_FOUND');
  });
});
