import { z } from 'zod';
import { billingEndpoints } from './billing.endpoints.ts';
import { QUALITIES, RENDER_MODES, TASK_MODES } from './design.constants.ts';
import { page, pageQuery } from './paging.ts';
import { INVALID_CHAR, isStorableText } from './fields.ts';
import { LIMITS } from './limits.ts';
import { route } from './route.ts';

export const PRODUCT_KINDS = ['cubes', 'plan'] as const;
export const PLAN_PERIODS = ['day', 'week', 'month'] as const;
export const CURRENCIES = ['CNY', 'USD'] as const;
export const ORDER_STATES = ['pending', 'paid', 'failed', 'cancelled', 'refunded'] as const;
/**
 * Payment providers: Stripe Checkout, WeChat Pay and Alipay as the merchant's own (they charge the
 * CNY price), and the development provider outside production.
 */
export const PAYMENT_PROVIDERS = ['stripe', 'wechatpay', 'alipay', 'dev'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** Providers that take yuan only: an order through them is priced in CNY whatever was asked. */
export const CNY_ONLY_PROVIDERS: readonly PaymentProviderName[] = ['wechatpay', 'alipay'];
/** Where the buyer pays: a desktop browser (a QR code, the provider's page) or a phone browser (its app). */
export const CHECKOUT_DEVICES = ['desktop', 'phone'] as const;
export type CheckoutDevice = (typeof CHECKOUT_DEVICES)[number];
export const LEDGER_KINDS = [
  'welcome',
  'charge',
  'refund',
  'purchase',
  'redemption',
  'invitation',
  'grant',
  'plan',
  /** What a refunded order had granted, taken back (what the balance cannot cover is owed). */
  'reversal',
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
  /** Cubes the user may spend (never below zero). */
  cubes: z.number().int(),
  /**
   * Cubes owed: a refunded order took back cubes that were spent or held by tasks already. Later
   * credits (task refunds, purchases, codes) pay it first; 0 when nothing is owed.
   */
  debt: z.number().int(),
  /** Plan time owed the same way: later plan time pays it first. */
  planDebtSeconds: z.number().int(),
  /** End of the running (stacked) time plans; null when none runs. */
  planUntil: z.iso.datetime().nullable(),
  planSecondsLeft: z.number().int(),
  isVip: z.boolean(),
  /** Which payment providers are offered here. */
  providers: z.array(z.enum(PAYMENT_PROVIDERS)),
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
  provider: z.enum(PAYMENT_PROVIDERS),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  /**
   * What the WeChat Pay app scans to pay a pending desktop order (its `code_url`), shown as a QR
   * code in the app; null otherwise.
   */
  payCode: z.string().nullable(),
  /** When a pending order stops being payable (it is then closed at the provider and cancelled). */
  expiresAt: z.iso.datetime().nullable(),
  /**
   * A refund asked of the provider that it has not confirmed yet ('processing'), or one it refused
   * ('refused', with the provider's reason in `refundNote`); null when none was asked or it is done.
   */
  refund: z.enum(['processing', 'refused']).nullable(),
  refundNote: z.string().nullable(),
});
export type Order = z.infer<typeof order>;

export const orderCreateBody = z
  .object({
    productId: z.string().min(1, 'PRODUCT_NOT_FOUND').max(64, 'PRODUCT_NOT_FOUND').refine(isStorableText, INVALID_CHAR),
    pieces: z.number().int('VALIDATION').min(1, 'VALIDATION').max(LIMITS.orderPiecesMax, 'VALIDATION').default(1),
    currency: z.enum(CURRENCIES, { error: 'VALIDATION' }),
    provider: z.enum(PAYMENT_PROVIDERS, { error: 'VALIDATION' }).optional(),
    /** Phone browsers pay in the provider's app (WeChat Pay H5, Alipay's phone page). */
    device: z.enum(CHECKOUT_DEVICES, { error: 'VALIDATION' }).default('desktop'),
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

/**
 * A ledger entry as its owner reads it, with what it was for: the generation behind a charge or a
 * refund, the product behind a purchase or a refunded order. The history and its export name the
 * row from these; each is null when the row is of another kind (or its task is no longer kept).
 */
export const ledgerItem = ledgerEntry.extend({
  task: z
    .object({
      mode: z.enum(TASK_MODES),
      count: z.number().int(),
      quality: z.enum(QUALITIES),
      renderMode: z.enum(RENDER_MODES).nullable(),
      upscale: z.number().int().nullable(),
    })
    .nullable(),
  /** The product as the catalogue names it now (also one no longer on sale), and how many. */
  product: product
    .pick({ id: true, kind: true, period: true, name: true })
    .extend({ pieces: z.number().int() })
    .nullable(),
});
export type LedgerItem = z.infer<typeof ledgerItem>;

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
  orderPay: route({
    ...billingEndpoints.orderPay,
    body: z
      .object({
        id: z.uuid('ORDER_NOT_FOUND'),
        device: z.enum(CHECKOUT_DEVICES, { error: 'VALIDATION' }).default('desktop'),
      })
      .strict(),
    response: z.object({ order, checkoutUrl: z.string() }),
    summary: 'The checkout of a pending order again, to finish paying it',
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
    response: page(ledgerItem),
    summary: 'The user’s balance history, newest first, each entry with the task or product it was for',
  }),
  exchange: route({
    ...billingEndpoints.exchange,
    query: z.object({
      code: z
        .string()
        .trim()
        .min(1, 'REDEEM_CODE_NOT_FOUND')
        .max(LIMITS.redeemCodeMax, 'REDEEM_CODE_NOT_FOUND')
        .refine(isStorableText, INVALID_CHAR),
    }),
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
      .object({
        code: z
          .string()
          .trim()
          .min(1, 'INVITE_CODE_NOT_FOUND')
          .max(LIMITS.inviteCodeMax, 'INVITE_CODE_NOT_FOUND')
          .refine(isStorableText, INVALID_CHAR),
      })
      .strict(),
    response: invitation.extend({
      /**
       * False when the code only linked the accounts: the two had earned a bonus between them
       * before (either way round), or the inviter's bonus-paying invitations reached the limit.
       */
      bonusPaid: z.boolean(),
    }),
    summary:
      'Enters another user’s invitation code, once; both receive the bonus (once per pair, up to a limit per inviter)',
  }),
};
