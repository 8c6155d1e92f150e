import { describe, expect, it } from 'vitest';
import type { SessionRow } from '../../db/schema/index.ts';
import type { SessionRepository, SessionUser } from './session.repository.ts';
import { createSessionService } from './session.service.ts';

/** A promise the test resolves by hand, to hold a database read in flight. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

function fakeRepo() {
  const sessions = new Map<string, SessionRow>();
  const user = { id: 'u1', nickname: 'Ada', hasPassword: true } as SessionUser;
  let joins = 0;
  let userReads = 0;
  /** When set, the next session read takes its snapshot at once but answers only when the gate opens. */
  let hold: Promise<void> | null = null;
  const repo: SessionRepository = {
    insert: async (row) => void sessions.set(row.id, { ...row, createdAt: new Date() }),
    findActive: async (id, now) => {
      joins += 1;
      const s = sessions.get(id);
      const snapshot = s && s.expiresAt > now ? { session: { ...s }, user: { ...user } } : null;
      const wait = hold;
      hold = null;
      if (wait) await wait;
      return snapshot;
    },
    findUser: async () => {
      userReads += 1;
      return { ...user };
    },
    extend: async (id, expiresAt) => void (sessions.get(id)!.expiresAt = expiresAt),
    delete: async (id) => {
      const userId = sessions.get(id)?.userId ?? null;
      sessions.delete(id);
      return userId;
    },
    deleteForUser: async (userId) => sessions.forEach((s, k) => s.userId === userId && sessions.delete(k)),
    deleteForUserExcept: async (userId, keep) =>
      sessions.forEach((s, k) => s.userId === userId && k !== keep && sessions.delete(k)),
    deleteExpired: async () => {},
  };
  return {
    repo,
    joins: () => joins,
    userReads: () => userReads,
    holdNextRead: (until: Promise<void>) => {
      hold = until;
    },
  };
}

describe('session cache', () => {
  it('answers repeated requests without the database until it is stale', async () => {
    let t = Date.parse('2026-01-01T00:00:00Z');
    const { repo, joins } = fakeRepo();
    const sessions = createSessionService(repo, () => new Date(t), { ttlMs: 5_000, maxEntries: 10 });
    const { token } = await sessions.create('u1');
    await sessions.resolve(token);
    await sessions.resolve(token);
    expect(joins()).toBe(1);
    t += 5_001;
    await sessions.resolve(token);
    expect(joins()).toBe(2);
  });

  it('forgets at once on logout and reset, and reads only the user again after a profile change', async () => {
    const { repo, joins, userReads } = fakeRepo();
    const sessions = createSessionService(repo);
    const a = await sessions.create('u1');
    const b = await sessions.create('u1');
    await sessions.resolve(a.token);
    await sessions.revoke(a.token);
    expect(await sessions.resolve(a.token)).toBeNull();

    await sessions.resolve(b.token);
    sessions.userChanged('u1');
    await sessions.resolve(b.token);
    await sessions.resolve(b.token);
    expect(joins()).toBe(3);
    expect(userReads()).toBe(1);

    await sessions.revokeAll('u1');
    expect(await sessions.resolve(b.token)).toBeNull();
  });

  it('does not bring back a session revoked while a lookup of it was in flight', async () => {
    const { repo, holdNextRead } = fakeRepo();
    const sessions = createSessionService(repo);
    const { token } = await sessions.create('u1');
    const read = gate();
    holdNextRead(read.opened);
    // The lookup has read the row; logout deletes it before the lookup finishes.
    const inFlight = sessions.resolve(token);
    await sessions.revoke(token);
    read.open();
    await inFlight;
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('does not keep a user read before a change made while it was in flight', async () => {
    const { repo, holdNextRead, joins } = fakeRepo();
    const sessions = createSessionService(repo);
    const { token } = await sessions.create('u1');
    const read = gate();
    holdNextRead(read.opened);
    const inFlight = sessions.resolve(token);
    sessions.userChanged('u1');
    read.open();
    await inFlight;
    await sessions.resolve(token);
    expect(joins()).toBe(2);
  });

  it('answers from the cache alone only what resolve would answer the same way', async () => {
    let t = Date.parse('2026-01-01T00:00:00Z');
    const { repo } = fakeRepo();
    const sessions = createSessionService(repo, () => new Date(t), { ttlMs: 5_000, maxEntries: 10 });
    const { token } = await sessions.create('u1');
    expect(sessions.cached(token)).toBeUndefined();
    const resolved = await sessions.resolve(token);
    expect(sessions.cached(token)).toEqual(resolved);

    sessions.userChanged('u1');
    expect(sessions.cached(token)).toBeUndefined();
    await sessions.resolve(token);
    expect(sessions.cached(token)?.user.id).toBe('u1');

    t += 5_001; // stale: the database decides again
    expect(sessions.cached(token)).toBeUndefined();
    await sessions.resolve(token);
    expect(sessions.cached(token)).toBeDefined();

    await sessions.revoke(token);
    expect(sessions.cached(token)).toBeUndefined();
  });

  it('never holds the password hash', async () => {
    const { repo } = fakeRepo();
    const sessions = createSessionService(repo);
    const { token } = await sessions.create('u1');
    const found = await sessions.resolve(token);
    expect(found?.user).not.toHaveProperty('passwordHash');
    expect(found?.user.hasPassword).toBe(true);
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
