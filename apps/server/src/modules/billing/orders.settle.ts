import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createOrdersRepository } from './orders.repository.ts';

export type Outcome = 'paid' | 'failed' | 'cancelled';

interface ProviderEvent {
  id: string;
  provider: string;
  type: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Settling orders: a pending order becomes paid (and is fulfilled through the ledger), failed or
 * cancelled, in one transaction with the provider event that said so. A replayed event or a second
 * settlement finds the event recorded or the order no longer pending and changes nothing.
 */
export function createOrderSettlement(deps: {
  database: Database;
  ensureAccount: (userId: string) => Promise<void>;
  /** Told after a payment committed: the user's cached profile (isVip) is read again. */
  onPaid: (userId: string) => void;
  log: FastifyBaseLogger;
}) {
  async function settle(order: OrderRow, to: Outcome, event?: ProviderEvent): Promise<OrderRow | null> {
    if (to === 'paid') await deps.ensureAccount(order.userId);
    const settled = await deps.database.transaction(async (tx) => {
      const repo = createOrdersRepository(tx);
      if (event && !(await repo.recordEvent({ ...event, orderId: order.id }))) return null;
      const row = await repo.transition(order.id, 'pending', to);
      if (row && to === 'paid') {
        // Same transaction as the state change: a failing credit rolls the payment state and the
        // event record back, so the provider's retry finds the order pending again.
        await createLedgerRepository(tx).apply({
          userId: row.userId,
          kind: 'purchase',
          cubes: row.cubes,
          planSeconds: row.planSeconds,
          idempotencyKey: `order:${row.id}`,
          note: `${row.productId} × ${row.pieces}`,
        });
      }
      return row;
    });
    if (settled?.state === 'paid') deps.onPaid(settled.userId);
    return settled;
  }

  /** Records an event that changes no order, so its replays are recognised too. */
  const remember = (event: ProviderEvent, orderId: string | null) =>
    deps.database.transaction((tx) => createOrdersRepository(tx).recordEvent({ ...event, orderId }));

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

  return {
    settle,

    /** A verified Stripe event: settles the order it names, once. Throws when fulfilment fails. */
    async stripeEvent(event: Stripe.Event) {
      if (!event.type.startsWith('checkout.session.')) return 'ignored' as const;
      const session = event.data.object as Stripe.Checkout.Session;
      const meta = { provider: 'stripe', id: event.id, type: event.type };
      const orderId = session.client_reference_id ?? session.metadata?.orderId ?? '';
      const order = UUID.test(orderId) ? await createOrdersRepository(deps.database.db).find(orderId) : null;
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
      const settled = await settle(order, to, meta);
      if (!settled && to === 'paid') {
        const now = await createOrdersRepository(deps.database.db).find(order.id);
        if (now && now.state !== 'paid') {
          deps.log.error({ orderId: order.id, state: now.state }, 'Stripe reports a payment for a closed order');
        }
      }
      return settled ? ('settled' as const) : ('unchanged' as const);
    },
  };
}
export type OrderSettlement = ReturnType<typeof createOrderSettlement>;
