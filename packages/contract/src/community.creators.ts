import { z } from 'zod';
import { creatorEndpoints } from './community.endpoints.ts';
import { creatorSummary } from './community.ts';
import { thumbSet } from './upload.ts';
import { page, pageQuery } from './paging.ts';
import { route } from './route.ts';

const userId = z.uuid('USER_NOT_FOUND');
const userQuery = z.object({ userId: userId.optional() });

export const ACHIEVEMENTS = [
  'first_generation',
  'first_publication',
  'likes_10',
  'likes_100',
  'followers_10',
  'followers_100',
] as const;
export type AchievementCode = (typeof ACHIEVEMENTS)[number];

export const creatorCard = creatorSummary.extend({
  signature: z.string(),
  followers: z.number().int(),
  works: z.number().int(),
  likesReceived: z.number().int(),
  followedByMe: z.boolean(),
  /** A few of their latest works. */
  recentWorks: z.array(z.object({ id: z.string(), thumbUrl: z.string(), thumbs: thumbSet.optional() })),
});
export type CreatorCard = z.infer<typeof creatorCard>;

export const userHome = creatorSummary.extend({
  signature: z.string(),
  occupation: z.string(),
  followers: z.number().int(),
  following: z.number().int(),
  works: z.number().int(),
  likesReceived: z.number().int(),
  collectsReceived: z.number().int(),
  followedByMe: z.boolean(),
  isSelf: z.boolean(),
  joinedAt: z.iso.datetime(),
});
export type UserHome = z.infer<typeof userHome>;

export const achievement = z.object({
  code: z.enum(ACHIEVEMENTS),
  unlocked: z.boolean(),
  unlockedAt: z.iso.datetime().nullable(),
  /** Current value towards the goal (e.g. likes received) and the goal. */
  progress: z.number().int(),
  goal: z.number().int(),
});
export type Achievement = z.infer<typeof achievement>;

export const followEntry = creatorSummary.extend({
  signature: z.string(),
  followers: z.number().int(),
  followedByMe: z.boolean(),
});
export type FollowEntry = z.infer<typeof followEntry>;

export const creatorRoutes = {
  subscribe: route({
    ...creatorEndpoints.subscribe,
    query: z.object({ userId }),
    response: z.object({ following: z.boolean(), followers: z.number().int() }),
    summary: 'Follows a user (idempotent; not oneself)',
  }),
  unsubscribe: route({
    ...creatorEndpoints.unsubscribe,
    query: z.object({ userId }),
    response: z.object({ following: z.boolean(), followers: z.number().int() }),
    summary: 'Stops following a user (idempotent)',
  }),
  waterfallBlogger: route({
    ...creatorEndpoints.waterfallBlogger,
    query: z.object({ limit: z.coerce.number().int().min(1, 'PAGE_LIMIT').max(20, 'PAGE_LIMIT').default(6) }),
    response: z.array(creatorCard),
    summary: 'Recommended creators for the community page',
  }),
  achievement: route({
    ...creatorEndpoints.achievement,
    query: userQuery,
    response: z.array(achievement),
    summary: 'Achievements of a user (the caller when userId is left out), unlocked or in progress',
  }),
  home: route({
    ...creatorEndpoints.home,
    query: userQuery,
    response: userHome,
    summary: 'A user’s public home page header (the caller when userId is left out)',
  }),
  followers: route({
    ...creatorEndpoints.followers,
    query: z.object({ ...pageQuery.shape, userId: userId.optional() }),
    response: page(followEntry),
    summary: 'Who follows a user, newest first',
  }),
  following: route({
    ...creatorEndpoints.following,
    query: z.object({ ...pageQuery.shape, userId: userId.optional() }),
    response: page(followEntry),
    summary: 'Whom a user follows, newest first',
  }),
};
