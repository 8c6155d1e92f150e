import { z } from 'zod';
import { OPERATOR_ROLES } from './admin.roles.ts';
import { operatorUserField } from './admin.ts';
import { adminUsersEndpoints } from './admin.users.endpoints.ts';
import { ledgerEntry } from './billing.ts';
import { TASK_MODES, TASK_STATES } from './design.constants.ts';
import { INVALID_CHAR, isStorableText } from './fields.ts';
import { LIMITS } from './limits.ts';
import { page, pageQuery } from './paging.ts';
import { route } from './route.ts';

export { adminUsersEndpoints, CONTACT_READERS, seesContacts, USER_READERS } from './admin.users.endpoints.ts';

export const ADMIN_WORK_STATES = ['published', 'unpublished', 'hidden'] as const;
/** Report statuses to list: open ones wait for a moderator; resolved (the work hidden) and dismissed ones are done. */
export const ADMIN_REPORT_STATUSES = ['open', 'resolved', 'dismissed', 'all'] as const;

/** One account in a list of users. E-mail and phone are masked unless the role sees contacts. */
export const adminUserSummary = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When an operator suspended the account; null while it is not suspended. */
  suspendedAt: z.iso.datetime().nullable(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;

export const adminUserDetail = z.object({
  user: adminUserSummary.extend({
    avatarUrl: z.string().nullable(),
    occupation: z.string(),
    isVip: z.boolean(),
    wechatBound: z.boolean(),
    /** The newest sign-in still on record (sessions end on sign-out and suspension); null when none is. */
    lastSignInAt: z.iso.datetime().nullable(),
    invitedBy: z.object({ id: z.string(), username: z.string() }).nullable(),
    /** The account's own console role, when it is an operator. */
    operatorRole: z.enum(OPERATOR_ROLES).nullable(),
  }),
  /** True when e-mail and phone are shown masked (every role but owner and support). */
  contactsMasked: z.boolean(),
  balance: z.object({
    /** Cubes the user may spend (never below zero). */
    cubes: z.number().int(),
    /** Cubes owed after refunded orders: later credits pay it first. */
    debt: z.number().int(),
    planDebtSeconds: z.number().int(),
    /** End of the running time plan; null when none runs. */
    planUntil: z.iso.datetime().nullable(),
  }),
  counts: z.object({
    tasks: z.number().int(),
    works: z.number().int(),
    orders: z.number().int(),
    /** Reports against the user's works that no moderator has dealt with yet. */
    openReports: z.number().int(),
  }),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const adminUserTask = z.object({
  id: z.string(),
  state: z.enum(TASK_STATES),
  mode: z.enum(TASK_MODES),
  /** The model and quality asked for (null for tasks whose parameters name none). */
  model: z.string().nullable(),
  quality: z.string().nullable(),
  /** Images asked for. */
  count: z.number().int(),
  engine: z.string(),
  cost: z.object({
    cubes: z.number().int(),
    coveredByPlan: z.boolean(),
    refunded: z.boolean(),
    /** Cubes given back for images a completed task did not deliver. */
    refundedCubes: z.number().int(),
  }),
  errorCode: z.string().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type AdminUserTask = z.infer<typeof adminUserTask>;

export const adminUserWork = z.object({
  id: z.string(),
  title: z.string(),
  state: z.enum(ADMIN_WORK_STATES),
  hiddenReason: z.string().nullable(),
  hiddenBy: z.string().nullable(),
  likes: z.number().int(),
  collects: z.number().int(),
  reports: z.object({ open: z.number().int(), total: z.number().int() }),
  publishedAt: z.iso.datetime(),
});
export type AdminUserWork = z.infer<typeof adminUserWork>;

/** A report against one of the account's works. */
export const adminUserReport = z.object({
  id: z.string(),
  workId: z.string(),
  workTitle: z.string(),
  workState: z.string(),
  /** The reporter's username; null for an anonymous report or a deleted account. */
  reporter: z.string().nullable(),
  reason: z.string(),
  details: z.string(),
  status: z.string(),
  createdAt: z.iso.datetime(),
});
export type AdminUserReport = z.infer<typeof adminUserReport>;

/**
 * Free text matching a user id exactly, the start of a username or nickname (any case), or an
 * e-mail address or phone number (E.164 or digits). Empty lists the newest accounts.
 */
const searchText = z
  .string()
  .trim()
  .max(LIMITS.accountQueryMax, 'VALIDATION')
  .refine(isStorableText, INVALID_CHAR)
  .default('');
const userPage = z.object({ user: operatorUserField, ...pageQuery.shape });

export const adminUsersRoutes = {
  search: route({
    ...adminUsersEndpoints.search,
    query: z.object({ q: searchText, ...pageQuery.shape }),
    response: page(adminUserSummary).extend({ contactsMasked: z.boolean() }),
    summary: 'Finds accounts by id, username, nickname, e-mail or phone, newest first',
  }),
  detail: route({
    ...adminUsersEndpoints.detail,
    query: z.object({ user: operatorUserField }),
    response: adminUserDetail,
    summary: 'One account: profile, balance with debt, and how many tasks, works, orders and open reports it has',
  }),
  ledger: route({
    ...adminUsersEndpoints.ledger,
    query: userPage,
    response: page(ledgerEntry),
    summary: 'One account’s ledger, newest first',
  }),
  tasks: route({
    ...adminUsersEndpoints.tasks,
    query: userPage,
    response: page(adminUserTask),
    summary: 'One account’s generation tasks, newest first',
  }),
  works: route({
    ...adminUsersEndpoints.works,
    query: userPage,
    response: page(adminUserWork),
    summary: 'One account’s community works in every state, with their reports, newest first',
  }),
  reports: route({
    ...adminUsersEndpoints.reports,
    query: userPage.extend({ status: z.enum(ADMIN_REPORT_STATUSES, { error: 'VALIDATION' }).default('all') }),
    response: page(adminUserReport),
    summary: 'Reports against one account’s works, newest first',
  }),
};
