import { and, eq, getTableColumns, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, type UserRow, users } from '../../db/schema/index.ts';
import { isVipNow } from './vip.ts';

/** The user as requests see it: every column but the password hash, which only password checks read. */
export type SessionUser = Omit<UserRow, 'passwordHash'> & { hasPassword: boolean; operatorRole: string | null };

const { passwordHash, ...publicColumns } = getTableColumns(users);
const sessionUserColumns = {
  ...publicColumns,
  isVip: isVipNow,
  hasPassword: sql<boolean>`(${passwordHash} is not null)`,
  // The header offers the console to operators; one primary-key lookup on a cache miss.
  operatorRole: sql<string | null>`(select o.role from operators o where o.user_id = ${users.id})`,
};

export function createSessionRepository(db: Db) {
  return {
    async insert(row: { id: string; userId: string; expiresAt: Date; userAgent: string | null; persistent: boolean }) {
      await db.insert(sessions).values(row);
    },
    /** The session and its user in one round trip (a cache miss); a suspended user has none. */
    async findActive(id: string, now: Date) {
      const rows = await db
        .select({
          session: { userId: sessions.userId, expiresAt: sessions.expiresAt, persistent: sessions.persistent },
          user: sessionUserColumns,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), isNull(users.suspendedAt)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** The user alone, when the session is known but the user's entry went stale (null: suspended). */
    async findUser(userId: string): Promise<SessionUser | null> {
      const rows = await db
        .select(sessionUserColumns)
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
        .limit(1);
      return rows[0] ?? null;
    },
    async extend(id: string, expiresAt: Date) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    },
    /** Deletes one session; answers whose it was (null when it no longer existed). */
    async delete(id: string) {
      const rows = await db.delete(sessions).where(eq(sessions.id, id)).returning({ userId: sessions.userId });
      return rows[0]?.userId ?? null;
    },
    async deleteForUser(userId: string) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    async deleteForUserExcept(userId: string, keepId: string) {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)));
    },
    async deleteExpired(now: Date) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
