import { z } from 'zod';
import { communityAdminEndpoints } from './community.endpoints.ts';
import { INVALID_CHAR, isStorableText, textField } from './fields.ts';
import { page, pageQuery } from './paging.ts';
import { route } from './route.ts';

/** The account an operator names: user id, username, e-mail address or phone number. */
const operatorUser = z
  .string()
  .trim()
  .min(1, 'USER_NOT_FOUND')
  .max(254, 'USER_NOT_FOUND')
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

export const communityAdminRoutes = {
  reports: route({
    ...communityAdminEndpoints.reports,
    query: z.object({ status: z.enum(['open', 'resolved', 'all']).default('open'), ...pageQuery.shape }),
    response: page(workReport),
    summary: 'Reported works, oldest open report first',
  }),
  hideWork: route({
    ...communityAdminEndpoints.hideWork,
    body: z.object({ id: workId, reason: textField(200).default('') }).strict(),
    response: z.object({ id: z.string(), state: z.string(), resolvedReports: z.number().int() }),
    summary: 'Hides a work from every listing (its page says so) and resolves its reports',
  }),
  restoreWork: route({
    ...communityAdminEndpoints.restoreWork,
    body: z.object({ id: workId }).strict(),
    response: z.object({ id: z.string(), state: z.string(), resolvedReports: z.number().int() }),
    summary: 'Publishes a hidden work again',
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
