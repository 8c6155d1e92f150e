import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import type { LedgerRepository } from './ledger.repository.ts';
import type { OrdersRepository } from './orders.repository.ts';

export type Outcome = 'paid' | 'failed' | 'cancelled';

/** Told after an order's settlement or refund committed (the process's metrics count them by provider). */
export interface PaymentMetrics {
  paymentSettled(provider: string, outcome: Outcome | 'checkout_failed'): void;
  orderRefunded(provider: string): void;
}

interface ProviderEvent {
  id: string;
  provider: string;
  type: string;
}

/** Cubes and plan seconds. */
interface Grant {
  cubes: number;
  planSeconds: number;
}

/**
 * What a refund took back: all the order granted, `taken` off the balance and the running plan,
 * and `owed` (what was spent or used already) as a debt the account pays from later credits.
 */
export interface Reversal {
  taken: Grant;
  owed: Grant;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The note purchases and their reversals carry; the web names the product from it. */
const orderNote = (order: OrderRow) => `${order.productId} × ${order.pieces}`;

/** The id of a Stripe object field that may come expanded. */
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Settling orders: a pending order becomes paid (and is fulfilled through the ledger), failed or
 * cancelled, and a paid order refunded (what it granted taken back through the ledger), each in one
 * transaction with the provider event that said so. A replayed event or a second settlement finds
 * the event recorded or the order no longer in the state it left, and changes nothing.
 */
export function createOrderSettlement(deps: {
  orders: Scoped<OrdersRepository>;
  ledger: Scoped<LedgerRepository>;
  transaction: Transactor;
  ensureAccount: (userId: string) => Promise<void>;
  /** Told after a payment or a refund committed: the user's cached profile (isVip) is read again. */
  onBalanceChanged: (userId: string) => void;
  log: FastifyBaseLogger;
  metrics?: PaymentMetrics;
}) {
  const orders = () => deps.orders.pool;

  async function settle(
    order: OrderRow,
    to: Outcome,
    event?: ProviderEvent,
    paymentRef?: string | null,
  ): Promise<OrderRow | null> {
    if (to === 'paid') await deps.ensureAccount(order.userId);
    const settled = await deps.transaction(async (tx) => {
      const repo = deps.orders.in(tx);
      if (event && !(await repo.recordEvent({ ...event, orderId: order.id }))) return null;
      const row = await repo.transition(order.id, 'pending', to);
      if (row && to === 'paid') {
        // The refund names the payment, not the checkout: keep it to find the order by.
        if (paymentRef) await repo.setPaymentRef(row.id, paymentRef);
        // Same transaction as the state change: a failing credit rolls the payment state and the
        // event record back, so the provider's retry finds the order pending again.
        await deps.ledger.in(tx).apply({
          userId: row.userId,
          kind: 'purchase',
          cubes: row.cubes,
          planSeconds: row.planSeconds,
          idempotencyKey: `order:${row.id}`,
          note: orderNote(row),
        });
      }
      return row;
    });
    if (settled?.state === 'paid') deps.onBalanceChanged(settled.userId);
    if (settled) deps.metrics?.paymentSettled(settled.provider, to);
    return settled;
  }

  /**
   * Refunds a paid order here (the provider has paid, or is paying, the money back): the order
   * becomes refunded and the ledger takes back all it granted; what the balance cannot cover
   * becomes a debt. Null when the event was seen before or the order is not paid (already
   * refunded, or never paid). `within` runs in the same transaction once the order is refunded (an
   * operator's refund writes its audit row there).
   */
  async function refund(
    order: OrderRow,
    event?: ProviderEvent,
    within?: (tx: Db, done: { order: OrderRow } & Reversal) => Promise<void>,
  ): Promise<({ order: OrderRow } & Reversal) | null> {
    await deps.ensureAccount(order.userId);
    const done = await deps.transaction(async (tx) => {
      const repo = deps.orders.in(tx);
      if (event && !(await repo.recordEvent({ ...event, orderId: order.id }))) return null;
      const row = await repo.transition(order.id, 'paid', 'refunded');
      if (!row) return null;
      const reversal = await deps.ledger.in(tx).reverse({
        userId: row.userId,
        cubes: row.cubes,
        planSeconds: row.planSeconds,
        idempotencyKey: `reversal:order:${row.id}`,
        note: orderNote(row),
      });
      const none = { cubes: 0, planSeconds: 0 };
      const result = { order: row, ...(reversal ?? { taken: none, owed: none }) };
      await within?.(tx, result);
      return result;
    });
    if (done) deps.onBalanceChanged(done.order.userId);
    if (done) deps.metrics?.orderRefunded(done.order.provider);
    return done;
  }

  /** Records an event that changes no order, so its replays are recognised too; false on a replay. */
  const remember = (event: ProviderEvent, orderId: string | null) =>
    deps.transaction((tx) => deps.orders.in(tx).recordEvent({ ...event, orderId }));

  const outcomeOf = (event: Stripe.Event, session: Stripe.Checkout.Session): Outcome | null => {
    switch (event.type) {
      case 'checkout.session.completed':
        // Wallets that settle later complete the session unpaid; async_payment_succeeded follows.
        return session.payment_status === 'unpaid' ? null : 'paid';
      case 'checkout.session.async_payment_succeeded':
        return 'paid';
      case 'checkout.session.async_payment_failed':
        return 'failed';
      case 'checkout.session.expired':
        return 'cancelled';
      default:
        return null;
    }
  };

  async function sessionEvent(event: Stripe.Event) {
    const session = event.data.object as Stripe.Checkout.Session;
    const meta = { provider: 'stripe', id: event.id, type: event.type };
    const orderId = session.client_reference_id ?? session.metadata?.orderId ?? '';
    const order = UUID.test(orderId) ? await orders().find(orderId) : null;
    if (!order || order.provider !== 'stripe' || (order.providerRef !== null && order.providerRef !== session.id)) {
      deps.log.warn({ eventId: event.id, sessionId: session.id, orderId }, 'Stripe event for no order of ours');
      await remember(meta, null);
      return 'unknown' as const;
    }
    let to = outcomeOf(event, session);
    if (
      to === 'paid' &&
      (session.amount_total !== order.amount || session.currency?.toUpperCase() !== order.currency)
    ) {
      deps.log.error(
        { orderId: order.id, amount: session.amount_total, currency: session.currency },
        'Stripe paid a different amount than the order: not fulfilled',
      );
      to = null;
    }
    if (to === null) {
      await remember(meta, order.id);
      return 'recorded' as const;
    }
    const settled = await settle(order, to, meta, idOf(session.payment_intent));
    if (!settled && to === 'paid') {
      const now = await orders().find(order.id);
      if (now && now.state !== 'paid') {
        deps.log.error({ orderId: order.id, state: now.state }, 'Stripe reports a payment for a closed order');
      }
    }
    return settled ? ('settled' as const) : ('unchanged' as const);
  }

  /** The order a Charge paid: by its PaymentIntent, else by the order id the checkout put in its metadata. */
  async function orderOfCharge(charge: Stripe.Charge, intent: string | null) {
    const byPayment = intent ? await orders().findByPaymentRef('stripe', intent) : null;
    if (byPayment) return byPayment;
    const orderId = charge.metadata?.orderId ?? '';
    const order = UUID.test(orderId) ? await orders().find(orderId) : null;
    if (!order || order.provider !== 'stripe' || (order.paymentRef !== null && order.paymentRef !== intent))
      return null;
    return order;
  }

  /** `charge.refunded`: a full refund refunds the order once; a partial one is only reported. */
  async function chargeRefunded(event: Stripe.Event) {
    const charge = event.data.object as Stripe.Charge;
    const meta = { provider: 'stripe', id: event.id, type: event.type };
    const intent = idOf(charge.payment_intent);
    const order = await orderOfCharge(charge, intent);
    if (!order) {
      deps.log.warn({ eventId: event.id, chargeId: charge.id, intent }, 'Stripe refund for no order of ours');
      await remember(meta, null);
      return 'unknown' as const;
    }
    const full = charge.refunded === true || (charge.amount > 0 && charge.amount_refunded >= charge.amount);
    if (!full) {
      // Part of the money went back: what to take back for it is the operator's call, not ours.
      if (await remember(meta, order.id)) {
        deps.log.warn(
          { orderId: order.id, refunded: charge.amount_refunded, amount: charge.amount, currency: charge.currency },
          'Stripe refunded part of an order: the order and the balance stay as they are',
        );
      }
      return 'recorded' as const;
    }
    const done = await refund(order, meta);
    if (!done) {
      const now = await orders().find(order.id);
      if (now && now.state !== 'refunded') {
        deps.log.error(
          { orderId: order.id, state: now.state },
          'Stripe refunded the payment of an order not paid here',
        );
      }
    }
    return done ? ('refunded' as const) : ('unchanged' as const);
  }

  return {
    settle,
    refund,
    remember,

    /** A verified Stripe event: settles or refunds the order it names, once. Throws when that fails. */
    async stripeEvent(event: Stripe.Event) {
      if (event.type.startsWith('checkout.session.')) return sessionEvent(event);
      if (event.type === 'charge.refunded') return chargeRefunded(event);
      return 'ignored' as const;
    },
  };
}
export type OrderSettlement = ReturnType<typeof createOrderSettlement>;
