import { z } from 'zod';
import { billingAdminEndpoints } from './billing.endpoints.ts';
import { CURRENCIES, ORDER_STATES, PAYMENT_PROVIDERS, order } from './billing.ts';
import { INVALID_CHAR, isStorableText, textField } from './fields.ts';
import { LIMITS } from './limits.ts';
import { page, pageQuery } from './paging.ts';
import { route } from './route.ts';

/** Cubes one grant, one code or one cube pack may carry, at most. */
export const ADMIN_CUBES_MAX = 1_000_000;
/** Characters of the reason an operator gives a grant, at most. */
export const GRANT_NOTE_MAX = 200;

export const grantBody = z
  .object({
    /** The account: user id, username, e-mail address or phone number (+country code). */
    user: z
      .string()
      .trim()
      .min(1, 'USER_NOT_FOUND')
      .max(LIMITS.accountQueryMax, 'USER_NOT_FOUND')
      .refine(isStorableText, INVALID_CHAR),
    /** Cubes to add (negative takes back; the balance never goes below zero). */
    cubes: z
      .number()
      .int('VALIDATION')
      .min(-ADMIN_CUBES_MAX, 'VALIDATION')
      .max(ADMIN_CUBES_MAX, 'VALIDATION')
      .refine((n) => n !== 0, 'VALIDATION'),
    note: textField(GRANT_NOTE_MAX).default(''),
    /** Makes a repeated command a no-op (e.g. a ticket number); random when left out. */
    key: z.string().trim().min(1).max(120).refine(isStorableText, INVALID_CHAR).optional(),
  })
  .strict();

export const grantResult = z.object({
  userId: z.string(),
  username: z.string(),
  /** False when the key was used before: nothing changed. */
  applied: z.boolean(),
  cubes: z.number().int(),
});

/** Codes an operator mints in one batch, at most. */
export const CODES_MINT_MAX = 10_000;
export const CODE_STATUSES = ['unused', 'used', 'expired', 'revoked'] as const;
/** Characters of a batch's note, at most. */
export const CODES_NOTE_MAX = 200;
/** Plan days one code may give, at most (ten years). */
export const CODES_PLAN_DAYS_MAX = 3650;
/** A batch's name: letters, digits, `_`, `.` and `-`, up to CODES_BATCH_MAX characters. */
export const CODES_BATCH_MAX = 64;
export const CODES_BATCH_PATTERN = new RegExp(`^[\\w.-]{1,${CODES_BATCH_MAX}}$`);
const batchName = z.string().trim().regex(CODES_BATCH_PATTERN, 'VALIDATION');

export const codesMintBody = z
  .object({
    count: z.number().int('VALIDATION').min(1, 'VALIDATION').max(CODES_MINT_MAX, 'VALIDATION'),
    cubes: z.number().int('VALIDATION').min(0, 'VALIDATION').max(ADMIN_CUBES_MAX, 'VALIDATION').default(0),
    planDays: z.number().int('VALIDATION').min(0, 'VALIDATION').max(CODES_PLAN_DAYS_MAX, 'VALIDATION').default(0),
    /** Redeemable until then; never expires when left out. */
    expiresAt: z.iso.datetime({ error: 'VALIDATION' }).optional(),
    /** Names the batch for listing and revoking; made up from the date when left out. */
    batch: batchName.optional(),
    /** What the batch is for (a campaign, a partner); kept with the batch's audit record. */
    note: textField(CODES_NOTE_MAX).default(''),
  })
  .strict()
  .refine((b) => b.cubes + b.planDays > 0, 'VALIDATION')
  .refine((b) => !b.expiresAt || Date.parse(b.expiresAt) > Date.now(), 'VALIDATION');

export const adminCode = z.object({
  /** Grouped for reading (XXXX-XXXX-XXXX); redeeming ignores case, spaces and dashes. */
  code: z.string(),
  batch: z.string(),
  cubes: z.number().int(),
  planDays: z.number().int(),
  status: z.enum(CODE_STATUSES),
  expiresAt: z.iso.datetime().nullable(),
  usedBy: z.object({ id: z.string(), username: z.string() }).nullable(),
  usedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminCode = z.infer<typeof adminCode>;

/** A catalogue entry as the operator sees it (prices in minor units: fen and cents). */
export const catalogueEntry = z.object({
  id: z.string(),
  kind: z.enum(['cubes', 'plan']),
  cubes: z.number().int(),
  period: z.enum(['day', 'week', 'month']).nullable(),
  priceCny: z.number().int(),
  priceUsd: z.number().int(),
  nameEn: z.string(),
  nameZh: z.string(),
  active: z.boolean(),
  sort: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type CatalogueEntry = z.infer<typeof catalogueEntry>;

/** A product's price in minor units (fen, cents), at most. */
export const CATALOGUE_PRICE_MAX = 100_000_000;
/** Characters of a product's name in each language, at most. */
export const CATALOGUE_NAME_MAX = 80;
const price = z.number().int('VALIDATION').min(1, 'VALIDATION').max(CATALOGUE_PRICE_MAX, 'VALIDATION');
export const catalogueUpdateBody = z
  .object({
    id: z.string().trim().min(1, 'PRODUCT_NOT_FOUND').max(64, 'PRODUCT_NOT_FOUND').refine(isStorableText, INVALID_CHAR),
    priceCny: price.optional(),
    priceUsd: price.optional(),
    /** Cubes per pack (cube packs only). */
    cubes: z.number().int('VALIDATION').min(1, 'VALIDATION').max(ADMIN_CUBES_MAX, 'VALIDATION').optional(),
    active: z.boolean().optional(),
    nameEn: z
      .string()
      .trim()
      .min(1, 'VALIDATION')
      .max(CATALOGUE_NAME_MAX, 'VALIDATION')
      .refine(isStorableText, INVALID_CHAR)
      .optional(),
    nameZh: z
      .string()
      .trim()
      .min(1, 'VALIDATION')
      .max(CATALOGUE_NAME_MAX, 'VALIDATION')
      .refine(isStorableText, INVALID_CHAR)
      .optional(),
  })
  .strict();

export const orderRefundResult = z.object({
  order,
  userId: z.string(),
  username: z.string(),
  /** What the refund took off the balance and the running plan. */
  taken: z.object({ cubes: z.number().int(), planSeconds: z.number().int() }),
  /** The rest of what the order granted (spent or used already): now owed, paid by later credits first. */
  owed: z.object({ cubes: z.number().int(), planSeconds: z.number().int() }),
  /** The user's spendable balance afterwards. */
  cubes: z.number().int(),
  /** Cubes the user owes afterwards (from this and earlier refunds). */
  debt: z.number().int(),
  /** True when the payment provider was asked to pay the money back (Stripe); false for the dev provider. */
  providerRefunded: z.boolean(),
  /**
   * True when the provider accepted the refund but has not paid it yet (WeChat Pay): the order stays
   * paid, with `order.refund` 'processing', until its confirmation reverses it here.
   */
  pending: z.boolean(),
});

/** Rows one orders CSV export holds at most (newest first); narrow the filter for more. */
export const ORDERS_EXPORT_MAX = 50_000;

const ordersFilter = z.object({
  state: z.enum(ORDER_STATES, { error: 'VALIDATION' }).optional(),
  provider: z.enum(PAYMENT_PROVIDERS, { error: 'VALIDATION' }).optional(),
  currency: z.enum(CURRENCIES, { error: 'VALIDATION' }).optional(),
  /** Orders made at or after `from` and before `to`. */
  from: z.iso.datetime({ error: 'VALIDATION' }).optional(),
  to: z.iso.datetime({ error: 'VALIDATION' }).optional(),
  /** One account's orders: user id, username, e-mail address or phone number. */
  user: grantBody.shape.user.optional(),
});
const inOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to);
export const ordersQuery = ordersFilter.refine(inOrder, 'ORDERS_RANGE');
export type OrdersQuery = z.input<typeof ordersQuery>;

/** An order as the console lists it: with its buyer and when it was refunded. */
export const adminOrder = order.extend({
  user: z.object({ id: z.string(), username: z.string() }),
  refundedAt: z.iso.datetime().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrder>;

export const billingAdminRoutes = {
  grant: route({
    ...billingAdminEndpoints.grant,
    body: grantBody,
    response: grantResult,
    summary: 'Grants (or takes back) cubes through the ledger, once per key',
  }),
  catalogue: route({
    ...billingAdminEndpoints.catalogue,
    response: z.array(catalogueEntry),
    summary: 'Every product, on sale or not',
  }),
  catalogueUpdate: route({
    ...billingAdminEndpoints.catalogueUpdate,
    body: catalogueUpdateBody,
    response: catalogueEntry,
    summary: 'Changes a product’s prices, cubes, names or whether it is on sale',
  }),
  codesMint: route({
    ...billingAdminEndpoints.codesMint,
    body: codesMintBody,
    response: z.object({
      batch: z.string(),
      cubes: z.number().int(),
      planDays: z.number().int(),
      expiresAt: z.iso.datetime().nullable(),
      note: z.string(),
      codes: z.array(z.string()),
    }),
    summary: 'Mints a batch of redemption codes worth cubes and/or plan days',
  }),
  codes: route({
    ...billingAdminEndpoints.codes,
    query: z.object({
      batch: batchName.optional(),
      status: z.enum([...CODE_STATUSES, 'all'], { error: 'VALIDATION' }).default('all'),
      limit: z.coerce.number().int('VALIDATION').min(1, 'VALIDATION').max(CODES_MINT_MAX, 'VALIDATION').default(1000),
    }),
    response: z.object({
      items: z.array(adminCode),
      total: z.number().int(),
      /** The notes of the listed batches that have one, by batch. */
      notes: z.record(z.string(), z.string()),
    }),
    summary: 'Redemption codes, newest batch first, with who used them',
  }),
  codesRevoke: route({
    ...billingAdminEndpoints.codesRevoke,
    body: z
      .object({
        code: z.string().trim().min(1).max(LIMITS.redeemCodeMax).refine(isStorableText, INVALID_CHAR).optional(),
        batch: batchName.optional(),
      })
      .strict()
      .refine((b) => (b.code === undefined) !== (b.batch === undefined), 'VALIDATION'),
    response: z.object({
      /** Codes the request named (0: no such batch). */
      matched: z.number().int(),
      /** Of those, the ones withdrawn now; used and already revoked codes stay as they were. */
      revoked: z.number().int(),
    }),
    summary: 'Withdraws unused codes, one or a whole batch',
  }),
  orders: route({
    ...billingAdminEndpoints.orders,
    query: z.object({ user: grantBody.shape.user, ...pageQuery.shape }),
    response: page(order).extend({ userId: z.string(), username: z.string() }),
    summary: 'One user’s orders, newest first (the user by id, username, e-mail or phone)',
  }),
  ordersSearch: route({
    ...billingAdminEndpoints.ordersSearch,
    query: ordersFilter.extend(pageQuery.shape).refine(inOrder, 'ORDERS_RANGE'),
    response: page(adminOrder),
    summary: 'Every user’s orders, newest first, by state, provider, currency, period and account',
  }),
  ordersExport: route({
    ...billingAdminEndpoints.ordersExport,
    query: ordersQuery,
    response: z.string(),
    summary: 'The filtered orders as CSV (UTF-8 with BOM, newest first)',
  }),
  orderRefund: route({
    ...billingAdminEndpoints.orderRefund,
    body: z.object({ orderId: z.uuid('ORDER_NOT_FOUND') }).strict(),
    response: orderRefundResult,
    summary: 'Refunds a paid order: the provider pays the money back and what the order granted is taken back',
  }),
};
