import { z } from 'zod';
import { adminConsoleEndpoints } from './admin.endpoints.ts';
import { OPERATOR_ROLES } from './admin.roles.ts';
import { INVALID_CHAR, isStorableText } from './fields.ts';
import { LIMITS } from './limits.ts';
import { cursorField, page, PAGE_LIMIT } from './paging.ts';
import { route } from './route.ts';

/** The account an operator names: user id, username, e-mail address or phone number. */
export const operatorUserField = z
  .string()
  .trim()
  .min(1, 'USER_NOT_FOUND')
  .max(LIMITS.accountQueryMax, 'USER_NOT_FOUND')
  .refine(isStorableText, INVALID_CHAR);

const role = z.enum(OPERATOR_ROLES, { error: 'VALIDATION' });

/** A 6-digit code from an authenticator app, or a recovery code (XXXXX-XXXXX). */
const codeInput = z
  .string()
  .trim()
  .min(6, 'TOTP_INVALID')
  .max(16, 'TOTP_INVALID')
  .regex(/^[\dA-Za-z -]+$/, 'TOTP_INVALID');

export const operatorMe = z.object({
  /** token: the admin token (CLI, automation), always acting as owner. */
  via: z.enum(['token', 'session']),
  role,
  user: z.object({ id: z.string(), username: z.string() }).nullable(),
  secondFactor: z.object({
    /** An authenticator app is set up for this operator. */
    enrolled: z.boolean(),
    /** This service asks every operator for one (on in production). */
    required: z.boolean(),
    /** This session has passed it (or needs none). */
    passed: z.boolean(),
    recoveryCodesLeft: z.number().int(),
  }),
});
export type OperatorMe = z.infer<typeof operatorMe>;

export const operatorSummary = z.object({
  userId: z.string(),
  username: z.string(),
  /** Shown masked, as the user's own profile shows it. */
  contact: z.string().nullable(),
  role,
  secondFactor: z.boolean(),
  grantedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type OperatorSummary = z.infer<typeof operatorSummary>;

export const AUDIT_VIA = ['token', 'session'] as const;

export const auditEntry = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  actor: z.object({ id: z.string().nullable(), name: z.string(), role, via: z.enum(AUDIT_VIA) }),
  /** The route's path under /admin, e.g. `credits/grant`. */
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const filterText = z.string().trim().max(120, 'VALIDATION').refine(isStorableText, INVALID_CHAR).optional();
const auditFilter = z.object({
  /** Operator's username or user id, or `token`. */
  actor: filterText,
  /** An action or the start of one (`orders/` matches every order action). */
  action: filterText,
  /** A target's id or label (user, order, work, code...). */
  target: filterText,
  from: z.iso.datetime({ error: 'VALIDATION' }).optional(),
  to: z.iso.datetime({ error: 'VALIDATION' }).optional(),
});
const inOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to);
export const auditQuery = auditFilter.refine(inOrder, 'AUDIT_RANGE');
export type AuditQuery = z.input<typeof auditQuery>;

/** Rows one CSV export holds at most (newest first); narrow the filter for more. */
export const AUDIT_EXPORT_MAX = 50_000;

export const adminConsoleRoutes = {
  me: route({
    ...adminConsoleEndpoints.me,
    response: operatorMe,
    summary: 'The caller as an operator: role and second factor',
  }),
  totpEnrol: route({
    ...adminConsoleEndpoints.totpEnrol,
    response: z.object({ secret: z.string(), uri: z.string() }),
    summary: 'Starts setting up an authenticator app: its secret and otpauth:// address (for the QR code)',
  }),
  totpConfirm: route({
    ...adminConsoleEndpoints.totpConfirm,
    body: z.object({ code: codeInput }).strict(),
    response: z.object({ recoveryCodes: z.array(z.string()) }),
    summary: 'Finishes the set-up with a first code; answers the recovery codes, shown this once',
  }),
  totpVerify: route({
    ...adminConsoleEndpoints.totpVerify,
    body: z.object({ code: codeInput }).strict(),
    response: operatorMe,
    summary: 'Passes the second factor for this session with a current code or a recovery code',
  }),
  operators: route({
    ...adminConsoleEndpoints.operators,
    response: z.array(operatorSummary),
    summary: 'Every operator and their role',
  }),
  operatorGrant: route({
    ...adminConsoleEndpoints.operatorGrant,
    body: z.object({ user: operatorUserField, role }).strict(),
    response: operatorSummary,
    summary: 'Makes an account an operator, or changes an operator’s role',
  }),
  operatorRevoke: route({
    ...adminConsoleEndpoints.operatorRevoke,
    body: z.object({ user: operatorUserField }).strict(),
    response: z.object({ userId: z.string(), username: z.string() }),
    summary: 'Ends an account’s operator role (never the last owner’s)',
  }),
  operatorReset: route({
    ...adminConsoleEndpoints.operatorReset,
    body: z.object({ user: operatorUserField }).strict(),
    response: operatorSummary,
    summary: 'Removes an operator’s authenticator (a lost phone): they set up a new one at their next sign-in',
  }),
  audit: route({
    ...adminConsoleEndpoints.audit,
    query: auditFilter
      .extend({
        cursor: cursorField.optional(),
        limit: z.coerce
          .number({ error: 'PAGE_LIMIT' })
          .int('PAGE_LIMIT')
          .min(PAGE_LIMIT.min, 'PAGE_LIMIT')
          .max(PAGE_LIMIT.max, 'PAGE_LIMIT')
          .default(50),
      })
      .refine(inOrder, 'AUDIT_RANGE'),
    response: page(auditEntry),
    summary: 'The audit trail, newest first, filtered',
  }),
  auditExport: route({
    ...adminConsoleEndpoints.auditExport,
    query: auditQuery,
    response: z.string(),
    summary: 'The filtered audit trail as CSV (UTF-8 with BOM, newest first)',
  }),
};
