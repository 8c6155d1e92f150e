import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export function createInvitationRepository(db: Db) {
  return {
    /** Whose code this is, among accounts that are not suspended. */
    async inviterByCode(code: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.inviteCode, code), isNull(users.suspendedAt)))
        .limit(1);
      return row ?? null;
    },

    async status(userId: string) {
      const [row] = await db
        .select({
          code: users.inviteCode,
          // Spelled out: drizzle leaves columns of a one-table select unqualified, which the subquery would capture.
          invitedBy: sql<string | null>`(select i.nickname from users i where i.id = users.invited_by)`,
          invitedCount: sql<number>`(select count(*)::int from users i where i.invited_by = users.id)`,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    /**
     * Records the inviter in one conditional statement: only while none is recorded, so of any
     * number of concurrent attempts exactly one matches. False when one was recorded before.
     */
    async setInviter(userId: string, inviterId: string) {
      const rows = await db
        .update(users)
        .set({ invitedBy: inviterId })
        .where(and(eq(users.id, userId), isNull(users.invitedBy), ne(users.id, inviterId)))
        .returning({ id: users.id });
      return rows.length > 0;
    },
  };
}
