import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tasks, userAchievements, userStats, users, works } from '../../db/schema/index.ts';

/** What the achievements are measured on, with the ones already unlocked. */
export interface AchievementState {
  suspended: boolean;
  generations: number;
  publications: number;
  likes: number;
  followers: number;
  unlocked: { code: string; unlockedAt: string }[];
}

export function createAchievementRepository(db: Db) {
  return {
    /** Everything in one round trip; null when the user does not exist. */
    async state(userId: string): Promise<AchievementState | null> {
      const [row] = await db
        .select({
          suspended: sql<boolean>`${users.suspendedAt} is not null`,
          // Only "at least one" matters for these two goals: exists stops at the first row.
          generations: sql<number>`(exists (select 1 from ${tasks} where ${tasks.userId} = ${users.id} and ${tasks.state} = 'complete'))::int`,
          // Any work row was published once, even if it is unpublished or hidden now.
          publications: sql<number>`(exists (select 1 from ${works} where ${works.userId} = ${users.id}))::int`,
          likes: sql<number>`coalesce(${userStats.likesReceived}, 0)::int`,
          followers: sql<number>`coalesce(${userStats.followers}, 0)::int`,
          unlocked: sql<AchievementState['unlocked']>`(
            select coalesce(json_agg(json_build_object('code', a.code, 'unlockedAt',
              to_char(a.unlocked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), '[]'::json)
            from ${userAchievements} a where a.user_id = ${users.id}
          )`,
        })
        .from(users)
        .leftJoin(userStats, eq(userStats.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    /** Unlocks codes once: a code unlocked before (or by a request running now) keeps its time. */
    async unlock(userId: string, codes: string[]) {
      if (codes.length === 0) return [];
      await db
        .insert(userAchievements)
        .values(codes.map((code) => ({ userId, code })))
        .onConflictDoNothing();
      const rows = await db
        .select({
          code: userAchievements.code,
          unlockedAt: sql<string>`to_char(${userAchievements.unlockedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        })
        .from(userAchievements)
        .where(and(eq(userAchievements.userId, userId)));
      return rows;
    },
  };
}
export type AchievementRepository = ReturnType<typeof createAchievementRepository>;
