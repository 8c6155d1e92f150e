import { describe, expect, it } from 'vitest';
import type { SessionRow, UserRow } from '../../db/schema/index.ts';
import type { SessionRepository } from './session.repository.ts';
import { createSessionService } from './session.service.ts';

function fakeRepo() {
  const sessions = new Map<string, SessionRow>();
  const user = { id: 'u1', nickname: 'Ada' } as UserRow;
  let lookups = 0;
  const repo: SessionRepository = {
    insert: async (row) => void sessions.set(row.id, { ...row, createdAt: new Date() }),
    findActiveWithUser: async (id, now) => {
      lookups += 1;
      const s = sessions.get(id);
      return s && s.expiresAt > now ? { session: s, user: { ...user } } : null;
    },
    extend: async (id, expiresAt) => void (sessions.get(id)!.expiresAt = expiresAt),
    delete: async (id) => void sessions.delete(id),
    deleteForUser: async (userId) => sessions.forEach((s, k) => s.userId === userId && sessions.delete(k)),
    deleteForUserExcept: async (userId, keep) =>
      sessions.forEach((s, k) => s.userId === userId && k !== keep && sessions.delete(k)),
    deleteExpired: async () => {},
  };
  return { repo, lookups: () => lookups };
}

describe('session cache', () => {
  it('answers repeated requests without the database until it is stale', async () => {
    let t = Date.parse('2026-01-01T00:00:00Z');
    const { repo, lookups } = fakeRepo();
    const sessions = createSessionService(repo, () => new Date(t), { ttlMs: 5_000, maxEntries: 10 });
    const { token } = await sessions.create('u1');
    await sessions.resolve(token);
    await sessions.resolve(token);
    expect(lookups()).toBe(1);
    t += 5_001;
    await sessions.resolve(token);
    expect(lookups()).toBe(2);
  });

  it('forgets at once on logout, reset and profile changes', async () => {
    const { repo, lookups } = fakeRepo();
    const sessions = createSessionService(repo);
    const a = await sessions.create('u1');
    const b = await sessions.create('u1');
    await sessions.resolve(a.token);
    await sessions.revoke(a.token);
    expect(await sessions.resolve(a.token)).toBeNull();

    await sessions.resolve(b.token);
    sessions.userChanged('u1');
    await sessions.resolve(b.token);
    expect(lookups()).toBe(4);

    await sessions.revokeAll('u1');
    expect(await sessions.resolve(b.token)).toBeNull();
  });

  it('still renews a day-old session in the database', async () => {
    let t = Date.parse('2026-01-01T00:00:00Z');
    const { repo } = fakeRepo();
    const sessions = createSessionService(repo, () => new Date(t));
    const { token } = await sessions.create('u1');
    t += 86_400_000 + 1;
    const resolved = await sessions.resolve(token);
    expect(resolved?.renewedUntil?.getTime()).toBe(t + 7 * 86_400_000);
  });
});
