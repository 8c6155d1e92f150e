import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export function createSessionRepository(db: Db) {
  return {
    async insert(row: { id: string; userId: string; expiresAt: Date; userAgent: string | null; persistent: boolean }) {
      await db.insert(sessions).values(row);
    },
    async findActiveWithUser(id: string, now: Date) {
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
        .limit(1);
      return rows[0] ?? null;
    },
    async extend(id: string, expiresAt: Date) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    },
    async delete(id: string) {
      await db.delete(sessions).where(eq(sessions.id, id));
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
