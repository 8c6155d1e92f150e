import { z } from 'zod';
import { billingAdminEndpoints, billingEndpoints } from './billing.endpoints.ts';
import { page, pageQuery } from './paging.ts';
import { textField } from './fields.ts';
import { LIMITS } from './limits.ts';
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

/** Codes an operator mints in one batch, at most. */
export const CODES_MINT_MAX = 10_000;
export const CODE_STATUSES = ['unused', 'used', 'expired', 'revoked'] as const;
const batchName = z
  .string()
  .trim()
  .regex(/^[\w.-]{1,64}$/, 'VALIDATION');

export const codesMintBody = z
  .object({
    count: z.number().int('VALIDATION').min(1, 'VALIDATION').max(CODES_MINT_MAX, 'VALIDATION'),
    cubes: z.number().int('VALIDATION').min(0, 'VALIDATION').max(1_000_000, 'VALIDATION').default(0),
    planDays: z.number().int('VALIDATION').min(0, 'VALIDATION').max(3650, 'VALIDATION').default(0),
    /** Redeemable until then; never expires when left out. */
    expiresAt: z.iso.datetime({ error: 'VALIDATION' }).optional(),
    /** Names the batch for listing and revoking; made up from the date when left out. */
    batch: batchName.optional(),
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

const price = z.number().int('VALIDATION').min(1, 'VALIDATION').max(100_000_000, 'VALIDATION');
export const catalogueUpdateBody = z
  .object({
    id: z.string().trim().min(1, 'PRODUCT_NOT_FOUND').max(64, 'PRODUCT_NOT_FOUND'),
    priceCny: price.optional(),
    priceUsd: price.optional(),
    /** Cubes per pack (cube packs only). */
    cubes: z.number().int('VALIDATION').min(1, 'VALIDATION').max(1_000_000, 'VALIDATION').optional(),
    active: z.boolean().optional(),
    nameEn: z.string().trim().min(1, 'VALIDATION').max(80, 'VALIDATION').optional(),
    nameZh: z.string().trim().min(1, 'VALIDATION').max(80, 'VALIDATION').optional(),
  })
  .strict();

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
    response: z.object({ items: z.array(adminCode), total: z.number().int() }),
    summary: 'Redemption codes, newest batch first, with who used them',
  }),
  codesRevoke: route({
    ...billingAdminEndpoints.codesRevoke,
    body: z
      .object({ code: z.string().trim().min(1).max(64).optional(), batch: batchName.optional() })
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
};

export const PRODUCT_KINDS = ['cubes', 'plan'] as const;
export const PLAN_PERIODS = ['day', 'week', 'month'] as const;
export const CURRENCIES = ['CNY', 'USD'] as const;
export const ORDER_STATES = ['pending', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export const LEDGER_KINDS = [
  'welcome',
  'charge',
  'refund',
  'purchase',
  'redemption',
  'invitation',
  'grant',
  'plan',
] as const;
export type Currency = (typeof CURRENCIES)[number];
export type OrderState = (typeof ORDER_STATES)[number];

export const product = z.object({
  id: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  /** Cubes per pack (0 for plans). */
  cubes: z.number().int(),
  period: z.enum(PLAN_PERIODS).nullable(),
  /** Minor units: fen and cents. */
  price: z.object({ CNY: z.number().int(), USD: z.number().int() }),
  name: z.object({ en: z.string(), zh: z.string() }),
});
export type Product = z.infer<typeof product>;

export const billingAccount = z.object({
  cubes: z.number().int(),
  /** End of the running (stacked) time plans; null when none runs. */
  planUntil: z.iso.datetime().nullable(),
  planSecondsLeft: z.number().int(),
  isVip: z.boolean(),
  /** Which payment providers are offered here. */
  providers: z.array(z.enum(['stripe', 'dev'])),
});
export type BillingAccount = z.infer<typeof billingAccount>;

export const order = z.object({
  id: z.string(),
  productId: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  name: z.object({ en: z.string(), zh: z.string() }),
  pieces: z.number().int(),
  period: z.enum(PLAN_PERIODS).nullable(),
  cubes: z.number().int(),
  planSeconds: z.number().int(),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  state: z.enum(ORDER_STATES),
  provider: z.enum(['stripe', 'dev']),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
});
export type Order = z.infer<typeof order>;

export const orderCreateBody = z
  .object({
    productId: z.string().min(1, 'PRODUCT_NOT_FOUND').max(64, 'PRODUCT_NOT_FOUND'),
    pieces: z.number().int('VALIDATION').min(1, 'VALIDATION').max(LIMITS.orderPiecesMax, 'VALIDATION').default(1),
    currency: z.enum(CURRENCIES, { error: 'VALIDATION' }),
    provider: z.enum(['stripe', 'dev'], { error: 'VALIDATION' }).optional(),
  })
  .strict();

export const ledgerEntry = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  cubes: z.number().int(),
  planSeconds: z.number().int(),
  note: z.string(),
  taskId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const redeemResult = z.object({ cubes: z.number().int(), planDays: z.number().int() });
export const invitation = z.object({
  /** The user's own code and the registration link that carries it. */
  code: z.string(),
  link: z.string(),
  /** Nickname of whoever invited this user, once a code was entered. */
  invitedBy: z.string().nullable(),
  invitedCount: z.number().int(),
  bonusCubes: z.number().int(),
});

const orderId = z.object({ id: z.uuid('ORDER_NOT_FOUND') });

export const billingRoutes = {
  products: route({
    ...billingEndpoints.products,
    response: z.array(product),
    summary: 'Cube packs and time plans on sale',
  }),
  account: route({
    ...billingEndpoints.account,
    response: billingAccount,
    summary: 'Cubes, plan time left and the providers offered',
  }),
  orderCreate: route({
    ...billingEndpoints.orderCreate,
    body: orderCreateBody,
    response: z.object({ order, checkoutUrl: z.string() }),
    summary: 'Creates a pending order and the provider checkout to pay it',
  }),
  orderGet: route({ ...billingEndpoints.orderGet, query: orderId, response: order, summary: 'One order of the user' }),
  orders: route({
    ...billingEndpoints.orders,
    query: pageQuery,
    response: page(order),
    summary: 'The user’s orders, newest first',
  }),
  orderCancel: route({
    ...billingEndpoints.orderCancel,
    body: orderId.strict(),
    response: order,
    summary: 'Cancels a pending order',
  }),
  devConfirm: route({
    ...billingEndpoints.devConfirm,
    body: z.object({ id: z.uuid('ORDER_NOT_FOUND'), outcome: z.enum(['paid', 'failed', 'cancelled']) }).strict(),
    response: order,
    summary: 'Development payment provider: settles a pending order (not in production)',
  }),
  ledger: route({
    ...billingEndpoints.ledger,
    query: pageQuery,
    response: page(ledgerEntry),
    summary: 'The user’s balance history, newest first',
  }),
  exchange: route({
    ...billingEndpoints.exchange,
    query: z.object({ code: z.string().trim().min(1, 'REDEEM_CODE_NOT_FOUND').max(64, 'REDEEM_CODE_NOT_FOUND') }),
    response: redeemResult,
    summary: 'Redeems a code for cubes or plan days',
  }),
  invitation: route({
    ...billingEndpoints.invitation,
    response: invitation,
    summary: 'The user’s invitation code, link and status',
  }),
  invitationBind: route({
    ...billingEndpoints.invitationBind,
    body: z
      .object({ code: z.string().trim().min(1, 'INVITE_CODE_NOT_FOUND').max(32, 'INVITE_CODE_NOT_FOUND') })
      .strict(),
    response: invitation,
    summary: 'Enters another user’s invitation code, once; both receive the bonus',
  }),
};
