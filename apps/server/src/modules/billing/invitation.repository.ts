import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, invitationBonuses, users } from '../../db/schema/index.ts';

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

    /**
     * Locks both accounts in id order: every bonus takes its locks in the same order, so invitations
     * running at once between the same people wait for each other instead of deadlocking.
     */
    async lockAccounts(userIds: string[]) {
      await db
        .select({ userId: accounts.userId })
        .from(accounts)
        .where(inArray(accounts.userId, userIds))
        .orderBy(accounts.userId)
        .for('update');
    },

    /**
     * Claims the pair's one bonus, whichever of the two invited the other: false when it was
     * claimed before (or is being claimed now: the second claim waits and then finds it).
     */
    async claimPair(inviterId: string, inviteeId: string) {
      const [low, high] = [inviterId, inviteeId].sort();
      const rows = await db
        .insert(invitationBonuses)
        .values({ userLow: low!, userHigh: high!, inviterId })
        .onConflictDoNothing()
        .returning({ inviterId: invitationBonuses.inviterId });
      return rows.length > 0;
    },

    /** Gives a pair's claim back (its bonus was not paid after all). */
    async releasePair(inviterId: string, inviteeId: string) {
      const [low, high] = [inviterId, inviteeId].sort();
      await db
        .delete(invitationBonuses)
        .where(and(eq(invitationBonuses.userLow, low!), eq(invitationBonuses.userHigh, high!)));
    },

    /** Counts one more bonus-paying invitation of the inviter, in one statement, while under the cap. */
    async takeBonusSlot(inviterId: string, max: number) {
      const rows = await db
        .update(accounts)
        .set({ inviteBonuses: sql`${accounts.inviteBonuses} + 1` })
        .where(and(eq(accounts.userId, inviterId), sql`${accounts.inviteBonuses} < ${max}`))
        .returning({ userId: accounts.userId });
      return rows.length > 0;
    },
  };
}
export type InvitationRepository = ReturnType<typeof createInvitationRepository>;
