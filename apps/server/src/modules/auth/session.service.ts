import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@turing/contract';
import type { UserRow } from '../../db/schema/index.ts';
import type { SessionRepository } from './session.repository.ts';

export type SessionUser = UserRow;

const DAY_MS = 86_400_000;
const TTL_MS = LIMITS.sessionTtlDays * DAY_MS;
/** Sliding expiry without a write per request: renew only once a day has passed. */
const RENEW_AFTER_MS = DAY_MS;

interface Cached {
  user: SessionUser;
  expiresAt: Date;
  persistent: boolean;
  /** Epoch ms after which the entry is read from the database again. */
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

export function createSessionService(
  repo: SessionRepository,
  now: () => Date = () => new Date(),
  cacheOptions: SessionCacheOptions = { ttlMs: 5_000, maxEntries: 10_000 },
) {
  const cache = new Map<string, Cached>();
  const forget = (pred: (entry: Cached) => boolean) => {
    for (const [key, entry] of cache) if (pred(entry)) cache.delete(key);
  };
  const remember = (id: string, entry: Cached) => {
    if (cacheOptions.ttlMs <= 0) return;
    cache.delete(id);
    if (cache.size >= cacheOptions.maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(id, entry);
  };

  return {
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

    /** The user behind a cookie, or null when it is unknown or expired. */
    async resolve(
      token: string,
    ): Promise<{ user: SessionUser; renewedUntil: Date | null; persistent: boolean } | null> {
      if (token.length > 100) return null;
      const id = hash(token);
      const current = now();
      const left = (expiresAt: Date) => expiresAt.getTime() - current.getTime();

      const hit = cache.get(id);
      if (hit && hit.freshUntil > current.getTime() && left(hit.expiresAt) >= TTL_MS - RENEW_AFTER_MS) {
        return { user: hit.user, renewedUntil: null, persistent: hit.persistent };
      }

      const found = await repo.findActiveWithUser(id, current);
      if (!found) {
        cache.delete(id);
        return null;
      }
      let expiresAt = found.session.expiresAt;
      let renewedUntil: Date | null = null;
      if (left(expiresAt) < TTL_MS - RENEW_AFTER_MS) {
        renewedUntil = new Date(current.getTime() + TTL_MS);
        await repo.extend(id, renewedUntil);
        expiresAt = renewedUntil;
      }
      const persistent = found.session.persistent;
      remember(id, { user: found.user, expiresAt, persistent, freshUntil: current.getTime() + cacheOptions.ttlMs });
      return { user: found.user, renewedUntil, persistent };
    },

    async revoke(token: string) {
      cache.delete(hash(token));
      await repo.delete(hash(token));
    },
    async revokeAll(userId: string) {
      forget((e) => e.user.id === userId);
      await repo.deleteForUser(userId);
    },
    /** Ends every other session of the user, keeping the one holding `token`. */
    async revokeOthers(userId: string, token: string) {
      forget((e) => e.user.id === userId);
      await repo.deleteForUserExcept(userId, hash(token));
    },
    /** The user's row changed: the next request reads it again. */
    userChanged(userId: string) {
      forget((e) => e.user.id === userId);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
