import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema/index.ts';

export type CodeRow = typeof verificationCodes.$inferSelect;

export function createVerificationCodeRepository(db: Db) {
  return {
    async latest(target: string, purpose: string) {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return row ?? null;
    },
    async insert(values: typeof verificationCodes.$inferInsert) {
      const [row] = await db.insert(verificationCodes).values(values).returning();
      return row!;
    },
    /** Retires every open code of a target, so only the newest one works. */
    async retireOpen(target: string, purpose: string, at: Date) {
      await db
        .update(verificationCodes)
        .set({ consumedAt: at })
        .where(
          and(
            eq(verificationCodes.target, target),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
          ),
        );
    },
    /**
     * Counts one try of a code that is still open and has tries left, in one statement, so parallel
     * guesses cannot all pass a check made before any of them counted. Null when no try is left.
     */
    async claimTry(id: string, maxTries: number, at: Date) {
      const [row] = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(
          and(
            eq(verificationCodes.id, id),
            lt(verificationCodes.attempts, maxTries),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, at),
          ),
        )
        .returning({ attempts: verificationCodes.attempts, codeHash: verificationCodes.codeHash });
      return row ?? null;
    },
    /** Marks the code used; false when someone else used it first. */
    async consume(id: string, at: Date) {
      const rows = await db
        .update(verificationCodes)
        .set({ consumedAt: at })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      return rows.length === 1;
    },
    async delete(id: string) {
      await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
    },
  };
}
export type VerificationCodeRepository = ReturnType<typeof createVerificationCodeRepository>;
