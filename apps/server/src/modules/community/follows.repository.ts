import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PageRequest } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import { keysetPage } from '../../db/paging.ts';
import { follows, userStats, users } from '../../db/schema/index.ts';
import { retryOnDeadlock, sqlRows } from './sql-rows.ts';

interface FollowOutcome {
  /** The followee exists (and, for a follow, is not suspended). */
  found: boolean;
  /** The statement added or removed the row (false: it was already so). */
  changed: boolean;
  followers: number;
}

/** Whether the viewer follows the user in `userColumn`; false for a visitor. */
export const followedBy = (viewerId: string | null, userColumn: SQL | typeof users.id): SQL<boolean> =>
  viewerId
    ? sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${userColumn})`
    : sql<boolean>`false`;

/**
 * Follows and the counters that go with them. Each change is one statement: the row and both
 * users' counters move together or not at all, so 50 identical requests at once add one row and
 * one follower. Counter rows are touched in user id order, so crossing follows cannot deadlock
 * more than once (and a lost statement is simply run again).
 */
export function createFollowRepository(db: Db) {
  return {
    follow: (followerId: string, followeeId: string) =>
      retryOnDeadlock(async () => {
        const [row] = await sqlRows<{ found: boolean; changed: boolean; followers: number }>(
          db,
          sql`
          with target as (
            select id from users where id = ${followeeId}::uuid and suspended_at is null
          ), added as (
            insert into follows (follower_id, followee_id)
            select ${followerId}::uuid, id from target
            on conflict do nothing
            returning follower_id, followee_id
          ), counted as (
            insert into user_stats as s (user_id, followers, following)
            select user_id, followers, following from (
              select followee_id as user_id, 1 as followers, 0 as following from added
              union all
              select follower_id, 0, 1 from added
            ) d
            order by user_id
            on conflict (user_id) do update
              set followers = s.followers + excluded.followers, following = s.following + excluded.following
            returning user_id, followers
          )
          select exists (select 1 from target) as found,
            exists (select 1 from added) as changed,
            coalesce(
              (select followers from counted where user_id = ${followeeId}::uuid),
              (select followers from user_stats where user_id = ${followeeId}::uuid),
              0
            )::int as followers`,
        );
        return row! satisfies FollowOutcome;
      }),

    unfollow: (followerId: string, followeeId: string) =>
      retryOnDeadlock(async () => {
        const [row] = await sqlRows<{ found: boolean; changed: boolean; followers: number }>(
          db,
          sql`
          with removed as (
            delete from follows where follower_id = ${followerId}::uuid and followee_id = ${followeeId}::uuid
            returning follower_id, followee_id
          ), d as (
            select followee_id as user_id, 1 as followers, 0 as following from removed
            union all
            select follower_id, 0, 1 from removed
            order by user_id
          ), counted as (
            update user_stats s
              set followers = greatest(s.followers - d.followers, 0),
                  following = greatest(s.following - d.following, 0)
            from d where s.user_id = d.user_id
            returning s.user_id, s.followers
          )
          select exists (select 1 from users where id = ${followeeId}::uuid) as found,
            exists (select 1 from removed) as changed,
            coalesce(
              (select followers from counted where user_id = ${followeeId}::uuid),
              (select followers from user_stats where user_id = ${followeeId}::uuid),
              0
            )::int as followers`,
        );
        return row! satisfies FollowOutcome;
      }),

    /**
     * One page of a user's followers (side 'followers') or of whom they follow ('following'),
     * newest follow first; suspended accounts are left out.
     */
    list(userId: string, side: 'followers' | 'following', viewerId: string | null, page: PageRequest) {
      const [own, other] =
        side === 'followers' ? [follows.followeeId, follows.followerId] : [follows.followerId, follows.followeeId];
      return keysetPage(
        { sort: follows.createdAt, id: other },
        page,
        ({ where, orderBy, limit, sortKey }) =>
          db
            .select({
              id: users.id,
              nickname: users.nickname,
              avatarKey: users.avatarKey,
              signature: users.signature,
              followers: sql<number>`coalesce(${userStats.followers}, 0)::int`,
              followedByMe: followedBy(viewerId, users.id),
              sortKey,
            })
            .from(follows)
            .innerJoin(users, eq(users.id, other))
            .leftJoin(userStats, eq(userStats.userId, users.id))
            .where(and(eq(own, userId), isNull(users.suspendedAt), where))
            .orderBy(...orderBy)
            .limit(limit),
        (row) => row.id,
      );
    },
  };
}
export type FollowRepository = ReturnType<typeof createFollowRepository>;
