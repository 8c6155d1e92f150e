import { and, asc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { operators, operatorSessions, users } from '../../db/schema/index.ts';

export type OperatorRow = typeof operators.$inferSelect;

/** Operators, their second factor and the sessions that passed it. Queries only. */
export function createOperatorsRepository(db: Db) {
  return {
    async get(userId: string) {
      const [row] = await db.select().from(operators).where(eq(operators.userId, userId)).limit(1);
      return row ?? null;
    },

    /** The operator behind a session, and whether that session passed the second factor. */
    async forSession(userId: string, sessionId: string | null) {
      const [row] = await db
        .select({
          role: operators.role,
          enrolled: sql<boolean>`${operators.totpSecret} is not null`,
          passed: sql<boolean>`${operatorSessions.sessionId} is not null`,
          recovery: sql<number>`jsonb_array_length(${operators.recoveryCodes})`,
        })
        .from(operators)
        .leftJoin(
          operatorSessions,
          and(eq(operatorSessions.sessionId, sessionId ?? ''), eq(operatorSessions.userId, operators.userId)),
        )
        .where(eq(operators.userId, userId))
        .limit(1);
      return row ? { ...row, recovery: Number(row.recovery) } : null;
    },

    list() {
      return db
        .select({ operator: operators, username: users.username, email: users.email, phone: users.phone })
        .from(operators)
        .innerJoin(users, eq(users.id, operators.userId))
        .orderBy(asc(operators.createdAt));
    },

    /** Grants a role or changes it; answers the row before (null: a new operator) and after. */
    async upsert(userId: string, role: string, grantedBy: string) {
      const before = await this.get(userId);
      const [after] = await db
        .insert(operators)
        .values({ userId, role, grantedBy })
        .onConflictDoUpdate({
          target: operators.userId,
          set: { role, grantedBy, updatedAt: sql`now()` },
        })
        .returning();
      return { before, after: after! };
    },

    /**
     * Locks every owner row until the transaction ends, so two owners demoting each other at once
     * cannot both succeed: the second waits and then counts one owner.
     */
    async lockOwners() {
      const rows = await db
        .select({ userId: operators.userId })
        .from(operators)
        .where(eq(operators.role, 'owner'))
        .for('update');
      return rows.map((r) => r.userId);
    },

    async remove(userId: string) {
      const [row] = await db.delete(operators).where(eq(operators.userId, userId)).returning();
      if (row) await db.delete(operatorSessions).where(eq(operatorSessions.userId, userId));
      return row ?? null;
    },

    async setPending(userId: string, secret: string, until: Date) {
      await db
        .update(operators)
        .set({ totpPending: secret, totpPendingUntil: until })
        .where(eq(operators.userId, userId));
    },

    /**
     * Makes the pending secret the operator's, once: only while it is the one the code was checked
     * against and not expired (a second tab's confirm finds nothing to do).
     */
    async confirmPending(userId: string, secret: string, step: number, recoveryDigests: string[], now: Date) {
      const rows = await db
        .update(operators)
        .set({
          totpSecret: secret,
          totpPending: null,
          totpPendingUntil: null,
          totpLastStep: step,
          recoveryCodes: recoveryDigests,
          updatedAt: sql`now()`,
        })
        .where(
          and(eq(operators.userId, userId), eq(operators.totpPending, secret), gt(operators.totpPendingUntil, now)),
        )
        .returning({ userId: operators.userId });
      return rows.length === 1;
    },

    /** Accepts a code's step only past the last accepted one: a replayed code changes nothing. */
    async useStep(userId: string, step: number) {
      const rows = await db
        .update(operators)
        .set({ totpLastStep: step })
        .where(and(eq(operators.userId, userId), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
        .returning({ userId: operators.userId });
      return rows.length === 1;
    },

    /** Spends one recovery code, atomically (the same code twice at once: one wins). */
    async useRecoveryCode(userId: string, digest: string) {
      const rows = await db
        .update(operators)
        .set({ recoveryCodes: sql`${operators.recoveryCodes} - ${digest}::text` })
        .where(and(eq(operators.userId, userId), sql`${operators.recoveryCodes} ? ${digest}::text`))
        .returning({ userId: operators.userId });
      return rows.length === 1;
    },

    async resetSecondFactor(userId: string) {
      const [row] = await db
        .update(operators)
        .set({
          totpSecret: null,
          totpPending: null,
          totpPendingUntil: null,
          totpLastStep: null,
          recoveryCodes: [],
          updatedAt: sql`now()`,
        })
        .where(eq(operators.userId, userId))
        .returning();
      await db.delete(operatorSessions).where(eq(operatorSessions.userId, userId));
      return row ?? null;
    },

    /** Sessions that passed with an authenticator now replaced must pass again with the new one. */
    async forgetOtherSessions(userId: string, keepSessionId: string) {
      await db
        .delete(operatorSessions)
        .where(and(eq(operatorSessions.userId, userId), ne(operatorSessions.sessionId, keepSessionId)));
    },

    async passSession(sessionId: string, userId: string) {
      await db.insert(operatorSessions).values({ sessionId, userId }).onConflictDoNothing();
    },
  };
}
export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
