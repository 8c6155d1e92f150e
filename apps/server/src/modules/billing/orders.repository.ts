import { and, eq, sql } from 'drizzle-orm';
import type { OrderState, PageRequest } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import { keysetPage, type Keyset } from '../../db/paging.ts';
import { orders, paymentEvents, type OrderRow } from '../../db/schema/index.ts';

export type NewOrder = typeof orders.$inferInsert;

const newestFirst: Keyset = { sort: orders.createdAt, id: orders.id };

export function createOrdersRepository(db: Db) {
  return {
    async insert(values: NewOrder): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      return row!;
    },

    async setProviderRef(id: string, ref: string) {
      await db
        .update(orders)
        .set({ providerRef: ref, updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), sql`${orders.providerRef} is null`));
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
          ...(to === 'refunded' ? { refundedAt: sql`now()` } : {}),
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
