import type { FastifyBaseLogger } from 'fastify';
import { ACHIEVEMENTS, type Achievement, type AchievementCode } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';
import type { AchievementRepository, AchievementState } from './achievements.repository.ts';

type Metric = 'generations' | 'publications' | 'likes' | 'followers';

/** What each achievement counts and how much of it unlocks the achievement. */
const ACHIEVEMENT_GOALS: Record<AchievementCode, { metric: Metric; goal: number }> = {
  first_generation: { metric: 'generations', goal: 1 },
  first_publication: { metric: 'publications', goal: 1 },
  likes_10: { metric: 'likes', goal: 10 },
  likes_100: { metric: 'likes', goal: 100 },
  followers_10: { metric: 'followers', goal: 10 },
  followers_100: { metric: 'followers', goal: 100 },
};

/**
 * Achievements are unlocked once and stay unlocked: they are checked when read and right after
 * the events that can reach them (a completed generation, a publication, a like, a follow).
 */
export function createAchievementService(deps: {
  achievements: AchievementRepository;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const repo = deps.achievements;
  /**
   * Users seen with their first generation unlocked. A completed generation can only reach that
   * one, and an achievement never locks again, so their later generations need no check.
   */
  const firstGenerationSeen = new Set<string>();
  const FIRST_GENERATION_SEEN_MAX = 10_000;

  /** Unlocks whatever the counts reach now; answers every achievement with its progress. */
  async function evaluate(state: AchievementState, userId: string): Promise<Achievement[]> {
    let unlocked = new Map(state.unlocked.map((a) => [a.code, a.unlockedAt]));
    const reached = ACHIEVEMENTS.filter(
      (code) => !unlocked.has(code) && state[ACHIEVEMENT_GOALS[code].metric] >= ACHIEVEMENT_GOALS[code].goal,
    );
    if (reached.length) unlocked = new Map((await repo.unlock(userId, reached)).map((a) => [a.code, a.unlockedAt]));
    return ACHIEVEMENTS.map((code) => {
      const { metric, goal } = ACHIEVEMENT_GOALS[code];
      const at = unlocked.get(code) ?? null;
      // An unlocked achievement shows as complete even when the count has dropped since.
      return { code, unlocked: at !== null, unlockedAt: at, progress: at ? goal : Math.min(state[metric], goal), goal };
    });
  }

  return {
    /** A user's achievements; suspended users are not found. */
    async list(userId: string | null) {
      const state = userId ? await repo.state(userId) : null;
      if (!state || state.suspended) throw new AppError('USER_NOT_FOUND');
      return evaluate(state, userId!);
    },

    /**
     * Checks a user's achievements after an event that may have reached one. It never throws: an
     * achievement is a bonus, and the generation, like or follow that triggered it must not fail
     * (the next read of the achievements unlocks it anyway).
     */
    async refresh(userId: string): Promise<void> {
      try {
        const state = await repo.state(userId);
        if (state) await evaluate(state, userId);
      } catch (err) {
        deps.log.warn({ err, userId }, 'achievement check failed');
      }
    },

    /** After a generation completed: as `refresh`, skipped once the user's first generation is unlocked. */
    async generationCompleted(userId: string): Promise<void> {
      if (firstGenerationSeen.has(userId)) return;
      try {
        const state = await repo.state(userId);
        if (!state) return;
        const list = await evaluate(state, userId);
        if (list.some((a) => a.code === 'first_generation' && a.unlocked)) {
          if (firstGenerationSeen.size >= FIRST_GENERATION_SEEN_MAX) firstGenerationSeen.clear();
          firstGenerationSeen.add(userId);
        }
      } catch (err) {
        deps.log.warn({ err, userId }, 'achievement check failed');
      }
    },
  };
}
export type AchievementService = ReturnType<typeof createAchievementService>;
