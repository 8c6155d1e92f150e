import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * What can be bought: cube packs (cubes never expire) and time plans (a day, a week or a month of
 * generation without cubes). Prices in minor units (fen, cents); operators change them.
 */
export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    cubes: integer('cubes').notNull().default(0),
    /** day, week or month for plans; null for cube packs. */
    period: text('period'),
    priceCny: integer('price_cny').notNull(),
    priceUsd: integer('price_usd').notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_kind', sql`${t.kind} in ('cubes', 'plan')`),
    check('products_prices_positive', sql`${t.priceCny} > 0 and ${t.priceUsd} > 0`),
  ],
);
export type ProductRow = typeof products.$inferSelect;

/**
 * An order: created by the user, paid through a provider, fulfilled by the ledger exactly once
 * (the ledger key `order:<id>`) and, if refunded, reversed exactly once (`reversal:order:<id>`).
 * state: pending, paid, failed, cancelled, refunded.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    kind: text('kind').notNull(),
    /** How many of the product (packs or periods). */
    pieces: integer('pieces').notNull(),
    period: text('period'),
    /** What fulfilment grants in all: cubes and plan seconds. */
    cubes: integer('cubes').notNull().default(0),
    planSeconds: integer('plan_seconds').notNull().default(0),
    /** The price charged in minor units of the currency, fixed when the order is made. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    state: text('state').notNull().default('pending'),
    provider: text('provider').notNull(),
    /** The provider's checkout session id (Stripe) once created. */
    providerRef: text('provider_ref'),
    /** The provider's payment id (a Stripe PaymentIntent), stored when the payment completes. */
    paymentRef: text('payment_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** What the payer scans (WeChat Pay's code_url) while a desktop order is pending. */
    payCode: text('pay_code'),
    /** When a pending order stops being payable at the provider (WeChat Pay, Alipay). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** A refund asked of the provider: 'processing' until it confirms, 'refused' (reason in refund_note). */
    refundState: text('refund_state'),
    refundNote: text('refund_note'),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('orders_provider_ref_idx').on(t.provider, t.providerRef),
    // A refund names the payment, not the checkout: this finds its order.
    uniqueIndex('orders_payment_ref_idx').on(t.provider, t.paymentRef),
    check('orders_pieces_positive', sql`${t.pieces} > 0`),
    // Reconciliation looks for pending orders and unconfirmed refunds of the providers it can ask.
    index('orders_open_idx')
      .on(t.provider, t.createdAt)
      .where(sql`${t.state} = 'pending' or ${t.refundState} = 'processing'`),
    // ...and orders closed here that money may still arrive for until their time limit.
    index('orders_closed_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} in ('cancelled', 'failed') and ${t.refundState} is null and ${t.expiresAt} is not null`),
    // The console: every order newest first (orders/search), and the dashboard's revenue by day.
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/** Payment-provider events already handled: a replayed webhook changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  orderId: uuid('order_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Redemption codes: each grants cubes and/or plan days once. Redeeming is one conditional update
 * (unused, not revoked, not expired) so concurrent attempts on one code let exactly one through.
 */
export const redemptionCodes = pgTable(
  'redemption_codes',
  {
    code: text('code').primaryKey(),
    batch: text('batch').notNull(),
    cubes: integer('cubes').notNull().default(0),
    planDays: integer('plan_days').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The operator's note on the batch (who it was for), kept with each of its codes. */
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('redemption_codes_batch_idx').on(t.batch, t.createdAt),
    check('redemption_codes_grants', sql`${t.cubes} >= 0 and ${t.planDays} >= 0 and ${t.cubes} + ${t.planDays} > 0`),
  ],
);

/**
 * The pairs of accounts an invitation bonus was paid for, whichever way round: the lower user id
 * first, so Q entering P's code and P entering Q's claim the same row and only one pays.
 */
export const invitationBonuses = pgTable(
  'invitation_bonuses',
  {
    userLow: uuid('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: uuid('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userLow, t.userHigh] }),
    check('invitation_bonuses_ordered', sql`${t.userLow} < ${t.userHigh}`),
  ],
);
