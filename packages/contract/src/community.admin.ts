import { z } from 'zod';
import { communityAdminEndpoints } from './community.endpoints.ts';
import { INVALID_CHAR, isStorableText, textField } from './fields.ts';
import { LIMITS } from './limits.ts';
import { page, pageQuery } from './paging.ts';
import { route } from './route.ts';

/** The account an operator names: user id, username, e-mail address or phone number. */
const operatorUser = z
  .string()
  .trim()
  .min(1, 'USER_NOT_FOUND')
  .max(LIMITS.accountQueryMax, 'USER_NOT_FOUND')
  .refine(isStorableText, INVALID_CHAR);

const workId = z.uuid('WORK_NOT_FOUND');

export const workReport = z.object({
  id: z.string(),
  workId: z.string(),
  workTitle: z.string(),
  workState: z.string(),
  creator: z.string(),
  reporter: z.string().nullable(),
  reason: z.string(),
  details: z.string(),
  status: z.string(),
  createdAt: z.iso.datetime(),
});
export type WorkReport = z.infer<typeof workReport>;

const count = z.number().int();

/** A work's images as an operator's browser loads them (signed while the work is private or hidden). */
const moderatedWork = z.object({
  id: z.string(),
  title: z.string(),
  state: z.string(),
  imageUrl: z.string(),
  thumbUrl: z.string(),
  width: count,
  height: count,
});

/** One reported work in the moderation queue: its open reports taken together. */
export const moderationQueueItem = z.object({
  work: moderatedWork,
  author: z.object({
    id: z.string(),
    username: z.string(),
    /** Every work of theirs, whatever its state. */
    works: count,
    /** Their other works hidden by an operator now. */
    hiddenWorks: count,
    suspended: z.boolean(),
  }),
  /** Open reports of the work. */
  reports: count,
  /** How many open reports give each reason, most given first. */
  reasons: z.array(z.object({ reason: z.string(), count })),
  /** The latest reports that say more than their reason, newest first. */
  details: z.array(z.object({ reason: z.string(), text: z.string(), at: z.iso.datetime() })),
  firstReportedAt: z.iso.datetime(),
  lastReportedAt: z.iso.datetime(),
});
export type ModerationQueueItem = z.infer<typeof moderationQueueItem>;

/** A work an operator hid, with who did and why. */
export const hiddenWork = z.object({
  work: moderatedWork,
  author: z.object({ id: z.string(), username: z.string() }),
  reason: z.string().nullable(),
  /** The operator's name ("admin token" for the command line); null for works hidden before it was kept. */
  hiddenBy: z.string().nullable(),
  hiddenAt: z.iso.datetime().nullable(),
});
export type HiddenWork = z.infer<typeof hiddenWork>;

/** Characters of the note an operator leaves on a hide or a dismissal, at most. */
export const MODERATION_NOTE_MAX = 200;

export const dismissReportsBody = z.object({ workId, note: textField(MODERATION_NOTE_MAX).default('') }).strict();
export type DismissReportsBody = z.input<typeof dismissReportsBody>;

export const communityAdminRoutes = {
  reports: route({
    ...communityAdminEndpoints.reports,
    query: z.object({
      status: z.enum(['open', 'resolved', 'dismissed', 'all']).default('open'),
      ...pageQuery.shape,
    }),
    response: page(workReport),
    summary: 'Reported works, oldest open report first',
  }),
  hideWork: route({
    ...communityAdminEndpoints.hideWork,
    body: z.object({ id: workId, reason: textField(MODERATION_NOTE_MAX).default('') }).strict(),
    response: z.object({ id: z.string(), state: z.string(), resolvedReports: z.number().int() }),
    summary: 'Hides a work from every listing (its page says so) and resolves its reports',
  }),
  restoreWork: route({
    ...communityAdminEndpoints.restoreWork,
    body: z.object({ id: workId }).strict(),
    response: z.object({ id: z.string(), state: z.string(), resolvedReports: z.number().int() }),
    summary: 'Publishes a hidden work again',
  }),
  queue: route({
    ...communityAdminEndpoints.queue,
    query: pageQuery,
    response: page(moderationQueueItem),
    summary: 'Works with open reports, one item per work, the longest waiting first',
  }),
  dismissReports: route({
    ...communityAdminEndpoints.dismissReports,
    body: dismissReportsBody,
    response: z.object({ workId: z.string(), dismissedReports: count }),
    summary: 'Closes a work’s open reports as dismissed and leaves the work as it is',
  }),
  hidden: route({
    ...communityAdminEndpoints.hidden,
    query: pageQuery,
    response: page(hiddenWork),
    summary: 'Works hidden by operators, the latest hidden first',
  }),
  suspendUser: route({
    ...communityAdminEndpoints.suspendUser,
    body: z.object({ user: operatorUser }).strict(),
    response: z.object({ userId: z.string(), username: z.string(), suspended: z.boolean() }),
    summary: 'Suspends a user: signed out everywhere, cannot sign in, works leave every listing',
  }),
  unsuspendUser: route({
    ...communityAdminEndpoints.unsuspendUser,
    body: z.object({ user: operatorUser }).strict(),
    response: z.object({ userId: z.string(), username: z.string(), suspended: z.boolean() }),
    summary: 'Lifts a suspension',
  }),
};
