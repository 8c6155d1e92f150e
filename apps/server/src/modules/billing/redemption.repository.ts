import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { redemptionCodes, users } from '../../db/schema/index.ts';

export type CodeStatus = 'unused' | 'used' | 'expired' | 'revoked';

/** A code's state at the moment of reading; used wins over revoked, revoked over expired. */
const STATUS = {
  used: isNotNull(redemptionCodes.usedAt),
  revoked: and(isNull(redemptionCodes.usedAt), isNotNull(redemptionCodes.revokedAt)),
  expired: and(
    isNull(redemptionCodes.usedAt),
    isNull(redemptionCodes.revokedAt),
    sql`${redemptionCodes.expiresAt} <= now()`,
  ),
  unused: and(
    isNull(redemptionCodes.usedAt),
    isNull(redemptionCodes.revokedAt),
    or(isNull(redemptionCodes.expiresAt), sql`${redemptionCodes.expiresAt} > now()`),
  ),
} satisfies Record<CodeStatus, SQL | undefined>;

export function createRedemptionRepository(db: Db) {
  return {
    /**
     * Takes the code for the user in one conditional statement: of any number of concurrent
     * attempts, the row lock lets exactly one match. Null when nothing matched.
     */
    async take(code: string, userId: string) {
      const [row] = await db
        .update(redemptionCodes)
        .set({ usedBy: userId, usedAt: sql`now()` })
        .where(and(eq(redemptionCodes.code, code), STATUS.unused))
        .returning({ cubes: redemptionCodes.cubes, planDays: redemptionCodes.planDays });
      return row ?? null;
    },

    /** Why a code could not be taken. */
    async find(code: string) {
      const [row] = await db
        .select({
          usedBy: redemptionCodes.usedBy,
          usedAt: redemptionCodes.usedAt,
          revokedAt: redemptionCodes.revokedAt,
          expired: sql<boolean>`coalesce(${redemptionCodes.expiresAt} <= now(), false)`,
        })
        .from(redemptionCodes)
        .where(eq(redemptionCodes.code, code))
        .limit(1);
      return row ?? null;
    },

    /** Inserts a batch; a code that happens to exist already is skipped, so the caller can top up. */
    async insert(
      rows: { code: string; batch: string; cubes: number; planDays: number; expiresAt: Date | null; note: string }[],
    ) {
      if (!rows.length) return [];
      const written = await db
        .insert(redemptionCodes)
        .values(rows)
        .onConflictDoNothing()
        .returning({ code: redemptionCodes.code });
      return written.map((r) => r.code);
    },

    async list(filter: { batch?: string; status: CodeStatus | 'all'; limit: number }) {
      const where = and(
        filter.batch ? eq(redemptionCodes.batch, filter.batch) : undefined,
        filter.status === 'all' ? undefined : STATUS[filter.status],
      );
      const [items, [count]] = await Promise.all([
        db
          .select({
            code: redemptionCodes.code,
            batch: redemptionCodes.batch,
            note: redemptionCodes.note,
            cubes: redemptionCodes.cubes,
            planDays: redemptionCodes.planDays,
            expiresAt: redemptionCodes.expiresAt,
            usedAt: redemptionCodes.usedAt,
            revokedAt: redemptionCodes.revokedAt,
            createdAt: redemptionCodes.createdAt,
            usedById: users.id,
            usedByName: users.username,
            status: sql<CodeStatus>`case when ${STATUS.used} then 'used' when ${STATUS.revoked} then 'revoked' when ${STATUS.expired} then 'expired' else 'unused' end`,
          })
          .from(redemptionCodes)
          .leftJoin(users, eq(users.id, redemptionCodes.usedBy))
          .where(where)
          .orderBy(desc(redemptionCodes.createdAt), redemptionCodes.batch, redemptionCodes.code)
          .limit(filter.limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(redemptionCodes)
          .where(where),
      ]);
      return { items, total: count?.n ?? 0 };
    },

    /** Withdraws what is still unused (expired ones too, so they cannot be extended back to life). */
    async revoke(target: { code: string } | { batch: string }) {
      const named = 'code' in target ? eq(redemptionCodes.code, target.code) : eq(redemptionCodes.batch, target.batch);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(redemptionCodes)
        .where(named);
      const revoked = await db
        .update(redemptionCodes)
        .set({ revokedAt: sql`now()` })
        .where(and(named, isNull(redemptionCodes.usedAt), isNull(redemptionCodes.revokedAt)))
        .returning({ code: redemptionCodes.code });
      return { matched: count?.n ?? 0, revoked: revoked.length };
    },
  };
}
export type RedemptionRepository = ReturnType<typeof createRedemptionRepository>;
