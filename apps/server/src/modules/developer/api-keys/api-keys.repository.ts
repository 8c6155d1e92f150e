import { and, count, desc, eq, isNull, lte, or } from 'drizzle-orm';
import type { ApiScope } from '@turing/contract';
import { inTransaction, type Db } from '../../../db/database.ts';
import { apiKeys, users, type ApiKeyRow } from '../../../db/schema/index.ts';

interface NewApiKey {
  userId: string;
  name: string;
  scopes: ApiScope[];
  digest: string;
  last4: string;
  createdAt: Date;
  expiresAt: Date | null;
}

/** What the key service needs of storage; a memory version stands in for it in the rules' tests. */
export interface ApiKeysRepository {
  /** The user's keys that are not revoked, newest first. */
  listActive(userId: string): Promise<ApiKeyRow[]>;
  /** Inserts the key unless the user already has `max` keys that are not revoked; null then. */
  insertCapped(key: NewApiKey, max: number): Promise<ApiKeyRow | null>;
  /** Marks the user's key revoked; false when there is no such key of theirs, or it already was. */
  revoke(userId: string, id: string, at: Date): Promise<boolean>;
  /** The key with this digest, revoked and expired ones included: one lookup by a unique index. */
  /** The key with this digest, unless its user is suspended. */
  findByDigest(digest: string): Promise<ApiKeyRow | null>;
  /** Records a use unless one was recorded after `unlessSince`, so concurrent requests write once. */
  touch(id: string, at: Date, ip: string, unlessSince: Date): Promise<void>;
}

export function createApiKeysRepository(db: Db): ApiKeysRepository {
  return {
    listActive: (userId) =>
      db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),

    insertCapped: (key, max) =>
      inTransaction(db, async (tx) => {
        // The user's row is locked first, so parallel creates for one user take turns and each
        // counts what the one before it inserted: a count and insert alone, even in one statement,
        // would let two of them see nine keys and both insert on PostgreSQL. NO KEY UPDATE leaves
        // inserts that merely reference the user (tasks, ledger lines) unblocked.
        const [owner] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, key.userId))
          .for('no key update');
        if (!owner) return null;
        const [held] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.userId, key.userId), isNull(apiKeys.revokedAt)));
        if ((held?.n ?? 0) >= max) return null;
        const [row] = await tx.insert(apiKeys).values(key).returning();
        return row ?? null;
      }),

    async revoke(userId, id, at) {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },

    async findByDigest(digest) {
      // A suspended user's keys open nothing, as their sessions do not (one query all the same).
      const [found] = await db
        .select({ key: apiKeys })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(and(eq(apiKeys.digest, digest), isNull(users.suspendedAt)))
        .limit(1);
      return found?.key ?? null;
    },

    async touch(id, at, ip, unlessSince) {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: at, lastUsedIp: ip })
        .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, unlessSince))));
    },
  };
}
