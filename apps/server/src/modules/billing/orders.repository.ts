import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { OrderState, PageRequest } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import { keysetPage, type Keyset } from '../../db/paging.ts';
import { orders, paymentEvents, users, type OrderRow } from '../../db/schema/index.ts';

export type NewOrder = typeof orders.$inferInsert;

/** What the console narrows every user's orders by (each optional). */
export interface OrderFilter {
  state?: string;
  provider?: string;
  currency?: string;
  /** Made at or after. */
  from?: Date;
  /** Made before. */
  to?: Date;
  userId?: string;
}

const newestFirst: Keyset = { sort: orders.createdAt, id: orders.id };

export function createOrdersRepository(db: Db) {
  return {
    async insert(values: NewOrder): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      return row!;
    },

    /** Keeps what the provider's checkout gave: its id (the first time) and what the payer scans. */
    async setCheckout(id: string, ref: string | null, payCode: string | null): Promise<OrderRow | null> {
      const [row] = await db
        .update(orders)
        .set({
          providerRef: sql`coalesce(${orders.providerRef}, ${ref})`,
          payCode,
          updatedAt: sql`now()`,
        })
        .where(eq(orders.id, id))
        .returning();
      return row ?? null;
    },

    async setPayCode(id: string, payCode: string): Promise<OrderRow | null> {
      const [row] = await db
        .update(orders)
        .set({ payCode, updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), eq(orders.state, 'pending')))
        .returning();
      return row ?? null;
    },

    /** A refund of a paid order asked of the provider: processing until it confirms, or refused with its reason. */
    async markRefund(id: string, state: 'processing' | 'refused', note: string | null): Promise<OrderRow | null> {
      const [row] = await db
        .update(orders)
        .set({ refundState: state, refundNote: note?.slice(0, 500) ?? null, updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), eq(orders.state, 'paid')))
        .returning();
      return row ?? null;
    },

    /**
     * Claims a payment that arrived for an order closed here (cancelled, failed) for its refund, in
     * one statement: of concurrent notifications exactly one claims it; null for the others.
     */
    async claimLateRefund(id: string): Promise<OrderRow | null> {
      const [row] = await db
        .update(orders)
        .set({ refundState: 'processing', refundNote: 'paid after the order was closed', updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), inArray(orders.state, ['cancelled', 'failed']), isNull(orders.refundState)))
        .returning();
      return row ?? null;
    },

    /** A late payment's refund confirmed: the closed order becomes refunded (it had granted nothing). */
    async lateRefundDone(id: string): Promise<OrderRow | null> {
      const [row] = await db
        .update(orders)
        .set({ state: 'refunded', refundState: null, refundedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(eq(orders.id, id), inArray(orders.state, ['cancelled', 'failed']), eq(orders.refundState, 'processing')),
        )
        .returning();
      return row ?? null;
    },

    /** A late payment's refund the provider refused: the operator must pay it back another way. */
    async markLateRefundRefused(id: string, reason: string): Promise<OrderRow | null> {
      const [row] = await db
        .update(orders)
        .set({ refundState: 'refused', refundNote: reason.slice(0, 500), updatedAt: sql`now()` })
        .where(
          and(eq(orders.id, id), inArray(orders.state, ['cancelled', 'failed']), eq(orders.refundState, 'processing')),
        )
        .returning();
      return row ?? null;
    },

    /**
     * What reconciliation asks the providers about, the longest unasked first: pending orders made
     * before `before`, refunds still processing, and orders closed here whose time limit ended
     * after `closedSince` (money may still arrive for them).
     */
    open: (providers: string[], opts: { before: Date; closedSince: Date; limit: number }): Promise<OrderRow[]> =>
      providers.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(orders)
            .where(
              and(
                inArray(orders.provider, providers),
                lt(orders.createdAt, opts.before),
                or(
                  eq(orders.state, 'pending'),
                  eq(orders.refundState, 'processing'),
                  and(
                    inArray(orders.state, ['cancelled', 'failed']),
                    isNull(orders.refundState),
                    gt(orders.expiresAt, opts.closedSince),
                  ),
                ),
              ),
            )
            .orderBy(asc(orders.updatedAt))
            .limit(opts.limit),

    /** Reconciliation asked about the order: the next run asks the others first. */
    async asked(id: string) {
      await db
        .update(orders)
        .set({ updatedAt: sql`now()` })
        .where(eq(orders.id, id));
    },

    /** Keeps the provider's payment id (a Stripe PaymentIntent) the first time it is told. */
    async setPaymentRef(id: string, ref: string) {
      await db
        .update(orders)
        .set({ paymentRef: ref, updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), sql`${orders.paymentRef} is null`));
    },

    async findByPaymentRef(provider: string, ref: string): Promise<OrderRow | null> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.provider, provider), eq(orders.paymentRef, ref)))
        .limit(1);
      return row ?? null;
    },

    async find(id: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      return row ?? null;
    },

    async findOwned(id: string, userId: string): Promise<OrderRow | null> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    listForUser: (userId: string, page: PageRequest) =>
      keysetPage(
        newestFirst,
        page,
        ({ where, orderBy, limit, sortKey }) =>
          db
            .select({ order: orders, sortKey })
            .from(orders)
            .where(and(eq(orders.userId, userId), where))
            .orderBy(...orderBy)
            .limit(limit),
        (row) => row.order.id,
      ),

    /** Every user's orders the filter keeps, newest first, with the buyer's username. */
    search: (filter: OrderFilter, page: PageRequest) =>
      keysetPage(
        newestFirst,
        page,
        ({ where, orderBy, limit, sortKey }) =>
          db
            .select({ order: orders, username: users.username, sortKey })
            .from(orders)
            .innerJoin(users, eq(users.id, orders.userId))
            .where(
              and(
                filter.userId ? eq(orders.userId, filter.userId) : undefined,
                filter.state ? eq(orders.state, filter.state) : undefined,
                filter.provider ? eq(orders.provider, filter.provider) : undefined,
                filter.currency ? eq(orders.currency, filter.currency) : undefined,
                filter.from ? gte(orders.createdAt, filter.from) : undefined,
                filter.to ? lt(orders.createdAt, filter.to) : undefined,
                where,
              ),
            )
            .orderBy(...orderBy)
            .limit(limit),
        (row) => row.order.id,
      ),

    /** The buyer's username (the audit trail names an order's buyer with it). */
    async usernameOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.username ?? null;
    },

    /**
     * Moves an order on only from the state given, in one statement: of two racing changes (a
     * replayed webhook, a double click) exactly one gets the row back; the other gets null.
     */
    async transition(id: string, from: OrderState, to: OrderState): Promise<OrderRow | null> {
      const [row] = await db
        .update(orders)
        .set({
          state: to,
          updatedAt: sql`now()`,
          ...(to === 'paid' ? { paidAt: sql`now()` } : {}),
          ...(to === 'refunded' ? { refundedAt: sql`now()`, refundState: null } : {}),
        })
        .where(and(eq(orders.id, id), eq(orders.state, from)))
        .returning();
      return row ?? null;
    },

    /** Records a provider event; false when it was recorded before (a replay). */
    async recordEvent(event: { id: string; provider: string; type: string; orderId: string | null }) {
      const rows = await db
        .insert(paymentEvents)
        .values(event)
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      return rows.length > 0;
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
