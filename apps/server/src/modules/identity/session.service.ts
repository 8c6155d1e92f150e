import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@turing/contract';
import type { SessionRepository, SessionUser } from './session.repository.ts';

export type { SessionUser } from './session.repository.ts';

const DAY_MS = 86_400_000;
const TTL_MS = LIMITS.sessionTtlDays * DAY_MS;
/** Sliding expiry without a write per request: renew only once a day has passed. */
const RENEW_AFTER_MS = DAY_MS;

/** What the cache keeps of a session: ids and times only. */
interface CachedSession {
  userId: string;
  expiresAt: Date;
  persistent: boolean;
  /** Epoch ms after which the entry is read from the database again. */
  freshUntil: number;
}

/** A user's profile columns (never the password hash), shared by all of that user's sessions. */
interface CachedUser {
  user: SessionUser;
  freshUntil: number;
}

export interface SessionCacheOptions {
  /**
   * How long a resolved session is trusted without asking the database. Every change made through
   * this process (logout, reset, profile edits) clears its entries at once; the window only bounds
   * how late another API node sees such a change.
   */
  ttlMs: number;
  maxEntries: number;
}

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');
/** The stored id of a session cookie's value (other modules key per-session rows by it). */
export const sessionIdOf = hash;

/**
 * Sessions with a small in-process cache. A lookup that read the database before a revocation or a
 * user change finishes after it must not put what it read back in the cache: each change stamps
 * the user with a new value of a counter, and a read started before that stamp is not remembered.
 */
export function createSessionService(
  repo: SessionRepository,
  now: () => Date = () => new Date(),
  cacheOptions: SessionCacheOptions = { ttlMs: 5_000, maxEntries: 10_000 },
) {
  /**
   * Keyed by the cookie's token itself, so that a hit costs no hash: the table stores only hashes
   * (a copy of it cannot be replayed as cookies), but this process sees every token in its requests anyway.
   */
  const sessions = new Map<string, CachedSession>();
  const users = new Map<string, CachedUser>();
  let clock = 0;
  /** The counter value of each user's latest change, kept while a read older than it may be in flight. */
  const changedAt = new Map<string, number>();
  /** Start stamps of the reads in flight (a stamp can be shared, hence the counts). */
  const inFlight = new Map<number, number>();

  const begin = () => {
    const stamp = clock;
    inFlight.set(stamp, (inFlight.get(stamp) ?? 0) + 1);
    return stamp;
  };
  const end = (stamp: number) => {
    const left = (inFlight.get(stamp) ?? 1) - 1;
    if (left) inFlight.set(stamp, left);
    else inFlight.delete(stamp);
  };
  const changedSince = (userId: string, stamp: number) => (changedAt.get(userId) ?? -1) >= stamp;
  const bump = (userId: string) => {
    changedAt.set(userId, clock);
    clock += 1;
    // A change only matters to reads that started before it; forget the ones no read can see.
    if (changedAt.size > cacheOptions.maxEntries) {
      const oldest = inFlight.size ? Math.min(...inFlight.keys()) : clock;
      for (const [id, at] of changedAt) if (at < oldest) changedAt.delete(id);
    }
  };
  const put = <V>(map: Map<string, V>, key: string, value: V) => {
    if (cacheOptions.ttlMs <= 0) return;
    map.delete(key);
    if (map.size >= cacheOptions.maxEntries) map.delete(map.keys().next().value!);
    map.set(key, value);
  };
  const forgetSessionsOf = (userId: string) => {
    for (const [key, entry] of sessions) if (entry.userId === userId) sessions.delete(key);
  };

  return {
    /** The stored id of a session cookie (a hash, so the table cannot be replayed as cookies). */
    idOf: (token: string) => hash(token),

    async create(userId: string, userAgent?: string, persistent = true) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + TTL_MS);
      await repo.insert({
        id: hash(token),
        userId,
        expiresAt,
        userAgent: userAgent?.slice(0, 300) ?? null,
        persistent,
      });
      return { token, expiresAt };
    },

    /**
     * The answer resolve() would give, when the cache alone holds it (fresh session and user, no
     * renewal due): the path most requests take, answered without a promise or a hash. Undefined
     * means the cache cannot tell; ask resolve().
     */
    cached(token: string): { user: SessionUser; renewedUntil: null; persistent: boolean } | undefined {
      const hit = sessions.get(token);
      if (!hit) return undefined;
      const t = now().getTime();
      if (hit.freshUntil <= t || hit.expiresAt.getTime() - t < TTL_MS - RENEW_AFTER_MS) return undefined;
      const cachedUser = users.get(hit.userId);
      if (!cachedUser || cachedUser.freshUntil <= t) return undefined;
      return { user: cachedUser.user, renewedUntil: null, persistent: hit.persistent };
    },

    /** The user behind a cookie, or null when it is unknown or expired. */
    async resolve(
      token: string,
    ): Promise<{ user: SessionUser; renewedUntil: Date | null; persistent: boolean } | null> {
      if (token.length > 100) return null;
      const current = now();
      const t = current.getTime();
      const left = (expiresAt: Date) => expiresAt.getTime() - t;
      const freshUntil = t + cacheOptions.ttlMs;

      const hit = sessions.get(token);
      if (hit && hit.freshUntil > t && left(hit.expiresAt) >= TTL_MS - RENEW_AFTER_MS) {
        const cachedUser = users.get(hit.userId);
        if (cachedUser && cachedUser.freshUntil > t) {
          return { user: cachedUser.user, renewedUntil: null, persistent: hit.persistent };
        }
        const stamp = begin();
        try {
          const user = await repo.findUser(hit.userId);
          if (!user) return null;
          if (!changedSince(user.id, stamp)) put(users, user.id, { user, freshUntil });
          return { user, renewedUntil: null, persistent: hit.persistent };
        } finally {
          end(stamp);
        }
      }

      const id = hash(token);
      const stamp = begin();
      try {
        const found = await repo.findActive(id, current);
        if (!found) {
          sessions.delete(token);
          return null;
        }
        let expiresAt = found.session.expiresAt;
        let renewedUntil: Date | null = null;
        if (left(expiresAt) < TTL_MS - RENEW_AFTER_MS) {
          renewedUntil = new Date(t + TTL_MS);
          await repo.extend(id, renewedUntil);
          expiresAt = renewedUntil;
        }
        const { userId, persistent } = found.session;
        if (!changedSince(userId, stamp)) {
          put(sessions, token, { userId, expiresAt, persistent, freshUntil });
          put(users, userId, { user: found.user, freshUntil });
        }
        return { user: found.user, renewedUntil, persistent };
      } finally {
        end(stamp);
      }
    },

    async revoke(token: string) {
      const id = hash(token);
      const userId = await repo.delete(id);
      if (userId) bump(userId);
      sessions.delete(token);
    },
    async revokeAll(userId: string) {
      await repo.deleteForUser(userId);
      bump(userId);
      forgetSessionsOf(userId);
      users.delete(userId);
    },
    /** Ends every other session of the user, keeping the one holding `token`. */
    async revokeOthers(userId: string, token: string) {
      await repo.deleteForUserExcept(userId, hash(token));
      bump(userId);
      forgetSessionsOf(userId);
      users.delete(userId);
    },
    /** The user's row changed (call after the write): the next request reads it again. */
    userChanged(userId: string) {
      bump(userId);
      users.delete(userId);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
