import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@turing/contract';
import type { UserRow } from '../../db/schema/index.ts';
import type { SessionRepository } from './session.repository.ts';

export type SessionUser = UserRow;

const DAY_MS = 86_400_000;
const TTL_MS = LIMITS.sessionTtlDays * DAY_MS;
/** Sliding expiry without a write per request: renew only once a day has passed. */
const RENEW_AFTER_MS = DAY_MS;

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createSessionService(repo: SessionRepository, now: () => Date = () => new Date()) {
  return {
    async create(userId: string, userAgent?: string) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + TTL_MS);
      await repo.insert({ id: hash(token), userId, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null });
      return { token, expiresAt };
    },
    /** The user behind a cookie, or null when it is unknown or expired. */
    async resolve(token: string): Promise<{ user: SessionUser; renewedUntil: Date | null } | null> {
      if (token.length > 100) return null;
      const id = hash(token);
      const current = now();
      const found = await repo.findActiveWithUser(id, current);
      if (!found) return null;
      let renewedUntil: Date | null = null;
      if (found.session.expiresAt.getTime() - current.getTime() < TTL_MS - RENEW_AFTER_MS) {
        renewedUntil = new Date(current.getTime() + TTL_MS);
        await repo.extend(id, renewedUntil);
      }
      return { user: found.user, renewedUntil };
    },
    async revoke(token: string) {
      await repo.delete(hash(token));
    },
    async revokeAll(userId: string) {
      await repo.deleteForUser(userId);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
