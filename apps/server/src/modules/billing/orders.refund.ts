import type { FastifyBaseLogger } from 'fastify';
import type { Order } from '@turing/contract';
import type { OrderRow } from '../../db/schema/index.ts';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AuditChange, AuditWrite } from '../../shared/audit.ts';
import type { OrdersRepository } from './orders.repository.ts';
import { refundRequest } from './orders.reconcile.ts';
import type { OrderSettlement } from './orders.settle.ts';
import { RefundRefused, type PaymentProvider, type ProviderName } from './payments/provider.ts';

const none = { cubes: 0, planSeconds: 0 };

/** What a refund took off the account and what it left owed, as audit fields (the non-zero ones). */
const amounts = (r: { taken: typeof none; owed: typeof none }) =>
  Object.fromEntries(
    Object.entries({
      takenCubes: r.taken.cubes,
      takenPlanSeconds: r.taken.planSeconds,
      owedCubes: r.owed.cubes,
      owedPlanSeconds: r.owed.planSeconds,
    }).filter(([, n]) => n !== 0),
  );

/** What the provider said to the refund: paid back, accepted but not paid yet, refused, or not asked (dev). */
type ProviderAnswer = 'refunded' | 'pending' | 'refused' | 'none';

/**
 * The operator's refund of a paid order: the provider pays the money back first (nothing is taken
 * from the user for money that stays with us), then the order is refunded here. The provider's
 * later refund event finds it refunded and changes nothing. Whatever the provider answered is
 * recorded on the order and audited in one transaction; the provider is never asked inside one.
 */
export function createOperatorRefund(deps: {
  orders: Scoped<OrdersRepository>;
  transaction: Transactor;
  settlement: OrderSettlement;
  providerNamed: (name: ProviderName) => PaymentProvider | null;
  toOrder: (row: OrderRow) => Promise<Order>;
  log: FastifyBaseLogger;
}) {
  const repo = deps.orders.pool;

  return async function refund(id: string, audit?: AuditWrite) {
    const row = await repo.find(id);
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    if (row.state !== 'paid') throw new AppError('ORDER_NOT_REFUNDABLE');
    const provider = deps.providerNamed(row.provider as ProviderName);
    // An order paid through a provider this node does not offer cannot be paid back from here.
    if (row.provider !== 'dev' && !provider?.refund) throw new AppError('PAYMENT_UNAVAILABLE');
    const username = audit ? await repo.usernameOf(row.userId) : null;
    const change = (after: OrderRow | null, answer: ProviderAnswer, extra: object = {}): AuditChange => ({
      targetType: 'order',
      targetId: row.id,
      targetLabel: username,
      before: { state: row.state, refund: row.refundState },
      after: { ...(after ? { state: after.state, refund: after.refundState } : {}), provider: answer, ...extra },
    });

    /** Keeps the provider's answer on the order (the order stays paid), audited with it. */
    const mark = (state: 'processing' | 'refused', reason: string | null) =>
      deps.transaction(async (tx) => {
        const marked = await deps.orders.in(tx).markRefund(row.id, state, reason);
        // Refunded meanwhile by the provider's event: the answer is still the operator's to see.
        const answer = state === 'refused' ? 'refused' : 'pending';
        await audit?.(tx, change(marked, answer, reason ? { reason } : {}));
        return marked;
      });

    if (provider?.refund) {
      let outcome;
      try {
        outcome = await provider.refund(refundRequest(row));
      } catch (err) {
        if (err instanceof RefundRefused) {
          deps.log.warn({ orderId: row.id, reason: err.reason }, 'the payment provider refused the refund');
          await mark('refused', err.reason);
          throw new AppError('PAYMENT_REFUND_REFUSED', { params: { reason: err.reason } });
        }
        deps.log.error({ err, orderId: row.id }, 'the payment provider could not refund the order');
        throw new AppError('PAYMENT_UNAVAILABLE');
      }
      if (outcome.state === 'processing') {
        // Accepted, not paid yet: its confirmation (notification or reconciliation) reverses the order.
        const marked = (await mark('processing', null)) ?? row;
        return {
          order: await deps.toOrder(marked),
          userId: row.userId,
          taken: none,
          owed: none,
          providerRefunded: true,
          pending: true,
        };
      }
    }
    const answer: ProviderAnswer = provider?.refund ? 'refunded' : 'none';
    const done = await deps.settlement.refund(row, undefined, async (tx, result) => {
      await audit?.(tx, change(result.order, answer, amounts(result)));
    });
    // Refunded meanwhile by another request or the provider's event.
    if (!done) throw new AppError('ORDER_NOT_REFUNDABLE');
    return {
      order: await deps.toOrder(done.order),
      userId: done.order.userId,
      taken: done.taken,
      owed: done.owed,
      providerRefunded: Boolean(provider?.refund),
      pending: false,
    };
  };
}
