import { z } from 'zod';
import { billingAdminEndpoints } from './billing.endpoints.ts';
import { textField } from './fields.ts';
import { route } from './route.ts';

export const grantBody = z
  .object({
    /** The account: user id, username, e-mail address or phone number (+country code). */
    user: z.string().trim().min(1, 'USER_NOT_FOUND').max(254, 'USER_NOT_FOUND'),
    /** Cubes to add (negative takes back; the balance never goes below zero). */
    cubes: z
      .number()
      .int('VALIDATION')
      .min(-1_000_000, 'VALIDATION')
      .max(1_000_000, 'VALIDATION')
      .refine((n) => n !== 0, 'VALIDATION'),
    note: textField(200).default(''),
    /** Makes a repeated command a no-op (e.g. a ticket number); random when left out. */
    key: z.string().trim().min(1).max(120).optional(),
  })
  .strict();

export const grantResult = z.object({
  userId: z.string(),
  username: z.string(),
  /** False when the key was used before: nothing changed. */
  applied: z.boolean(),
  cubes: z.number().int(),
});

export const billingAdminRoutes = {
  grant: route({
    ...billingAdminEndpoints.grant,
    body: grantBody,
    response: grantResult,
    summary: 'Grants (or takes back) cubes through the ledger, once per key',
  }),
};
