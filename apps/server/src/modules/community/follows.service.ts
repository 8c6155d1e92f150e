import type { PageRequest } from '@turing/contract';
import { mapPage } from '../../db/paging.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AchievementService } from './achievements.service.ts';
import { avatarUrl } from './creators.service.ts';
import type { FollowRepository } from './follows.repository.ts';

export function createFollowService(deps: {
  follows: FollowRepository;
  achievements: Pick<AchievementService, 'refresh'>;
  isActive: (id: string) => Promise<boolean>;
}) {
  const repo = deps.follows;

  return {
    /** Follows a user; following again changes nothing. Suspended users cannot be followed. */
    async subscribe(followerId: string, followeeId: string) {
      if (followerId === followeeId) throw new AppError('FOLLOW_SELF');
      const outcome = await repo.follow(followerId, followeeId);
      if (!outcome.found) throw new AppError('USER_NOT_FOUND');
      if (outcome.changed) await deps.achievements.refresh(followeeId);
      return { following: true, followers: outcome.followers };
    },

    /** Stops following; not following already changes nothing. */
    async unsubscribe(followerId: string, followeeId: string) {
      if (followerId === followeeId) throw new AppError('FOLLOW_SELF');
      const outcome = await repo.unfollow(followerId, followeeId);
      if (!outcome.found) throw new AppError('USER_NOT_FOUND');
      return { following: false, followers: outcome.followers };
    },

    /** A user's followers or followings (the viewer's when no user is named), newest first. */
    async list(
      side: 'followers' | 'following',
      userId: string | undefined,
      viewerId: string | null,
      page: PageRequest,
    ) {
      const target = userId ?? viewerId;
      if (!target || !(await deps.isActive(target))) throw new AppError('USER_NOT_FOUND');
      const rows = await repo.list(target, side, viewerId, page);
      return mapPage(rows, (row) => ({
        id: row.id,
        nickname: row.nickname,
        avatarUrl: avatarUrl(row.avatarKey),
        signature: row.signature,
        followers: row.followers,
        followedByMe: row.followedByMe,
      }));
    },
  };
}
export type FollowService = ReturnType<typeof createFollowService>;
