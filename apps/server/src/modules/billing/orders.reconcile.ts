import type { FastifyBaseLogger } from 'fastify';
import type { Currency } from '@turing/contract';
import type { OrderRow } from '../../db/schema/index.ts';
import type { OrdersRepository } from './orders.repository.ts';
import type { OrderSettlement } from './orders.settle.ts';
import {
  RefundRefused,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderName,
  type RefundOutcome,
  type RefundRequest,
} from './payments/provider.ts';

/** A pending order is asked about once it is this old (its notification usually comes first). */
const SWEEP_AFTER_MS = 2 * 60_000;
/** A returning buyer's page polls; the provider is asked about one order at most this often. */
const ASK_EVERY_MS = 5_000;
const SWEEP_BATCH = 100;
/** A run ends well within the job's own limit (300 s) even when providers answer slowly. */
const SWEEP_DEADLINE_MS = 120_000;
/** An order closed here is watched this long past its time limit, for money that still arrives. */
const CLOSED_WATCH_MS = 15 * 60_000;

/** A provider's word on an order, verified: its signature checked, its merchant and app ours. */
interface ProviderEvent {
  id: string;
  type: string;
}

export interface PaymentReport {
  orderId: string | null;
  amount: number;
  currency: string;
  paymentRef: string;
  event: ProviderEvent;
}

export interface RefundReport {
  orderId: string | null;
  outcome: RefundOutcome | { state: 'refused'; reason: string };
  /** Minor units refunded and paid: a partial refund changes nothing here (the operator's call). */
  refunded: number;
  total: number;
  event: ProviderEvent;
}

export const refundRequest = (row: OrderRow): RefundRequest => ({
  orderId: row.id,
  paymentRef: row.paymentRef,
  checkoutRef: row.providerRef,
  amount: row.amount,
  currency: row.currency as Currency,
});

/**
 * Reconciliation with providers that can be asked (WeChat Pay, Alipay): their notifications, the
 * buyer's return, and a sweep of pending orders and unconfirmed refunds settle the same way and
 * once, whatever order they arrive in. An expired order is closed at the provider before it is
 * cancelled here; money that still arrives for an order closed here is paid back, never kept.
 */
export function createReconciler(deps: {
  orders: OrdersRepository;
  settlement: OrderSettlement;
  providerNamed: (name: ProviderName) => PaymentProvider | null;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { orders, settlement, log } = deps;
  const asked = new Map<string, number>();

  const providerOf = (row: OrderRow) => deps.providerNamed(row.provider as ProviderName);

  /** Paid here: the amount and currency must be the order's, or nothing is fulfilled. */
  async function paid(
    row: OrderRow,
    status: { amount: number; currency: string; paymentRef: string },
    event?: ProviderEvent,
  ): Promise<'settled' | 'mismatch' | 'unchanged' | 'refunding'> {
    if (status.amount !== row.amount || status.currency !== row.currency) {
      log.error(
        { orderId: row.id, amount: status.amount, currency: status.currency, expected: row.amount },
        'the provider reports a payment of another amount than the order: not fulfilled',
      );
      return 'mismatch';
    }
    const meta = event ? { ...event, provider: row.provider } : undefined;
    const settled = await settlement.settle(row, 'paid', meta, status.paymentRef);
    if (settled) return 'settled';
    const now = await orders.find(row.id);
    if (now && (now.state === 'cancelled' || now.state === 'failed')) {
      if (!now.paymentRef && status.paymentRef) await orders.setPaymentRef(now.id, status.paymentRef);
      await refundLatePayment(now.id);
      return 'refunding';
    }
    return 'unchanged';
  }

  /** Money for an order closed here goes back: claimed once, then asked of the provider. */
  async function refundLatePayment(id: string) {
    const claimed = await orders.claimLateRefund(id);
    if (!claimed) return;
    log.error({ orderId: id, provider: claimed.provider }, 'a payment arrived for a closed order: refunding it');
    await askRefund(claimed);
  }

  async function askRefund(row: OrderRow) {
    const provider = providerOf(row);
    if (!provider?.refund) return;
    try {
      const outcome = await provider.refund(refundRequest(row));
      if (outcome.state === 'done') await refundDone(row);
    } catch (err) {
      // Unreachable: it stays processing and the sweep asks again. Refused: the operator must pay
      // it back another way, and the order says so.
      if (err instanceof RefundRefused) await orders.markLateRefundRefused(row.id, err.reason);
      log.error({ err, orderId: row.id }, 'the refund of a payment for a closed order did not go through');
    }
  }

  /** The provider paid a refund back: a paid order is reversed once; a closed one becomes refunded. */
  async function refundDone(row: OrderRow, event?: ProviderEvent) {
    if (row.state === 'paid') {
      const done = await settlement.refund(row, event ? { ...event, provider: row.provider } : undefined);
      return done ? 'refunded' : 'unchanged';
    }
    return (await orders.lateRefundDone(row.id)) ? 'refunded' : 'unchanged';
  }

  /** What the provider says of a pending order, applied: paid, still open (closed once expired), or closed. */
  async function apply(row: OrderRow, provider: PaymentProvider, status: PaymentStatus) {
    if (status.state === 'paid') {
      const outcome = await paid(row, status);
      // Paid, but not what the order costs: nothing is fulfilled, and the operator settles it
      // with the payer (the log says so); asking again every minute would change nothing.
      if (outcome === 'mismatch') await settlement.settle(row, 'failed');
      return outcome;
    }
    const expired = row.expiresAt !== null && row.expiresAt <= deps.now();
    // Just made: a provider that does not know it yet is catching up, not saying it is closed.
    const young = deps.now().getTime() - row.createdAt.getTime() < SWEEP_AFTER_MS;
    if (status.state === 'closed' && young && !expired) return 'open';
    if (status.state === 'open' && !expired) return 'open';
    if (status.state === 'open') {
      try {
        await provider.close({ orderId: row.id, ref: row.providerRef });
      } catch (err) {
        // Paid in the meantime (the provider will not close it): settle what it says now.
        const again = await provider.query!({ orderId: row.id, ref: row.providerRef });
        if (again.state === 'paid') return paid(row, again);
        throw err;
      }
    }
    await settlement.settle(row, 'cancelled');
    return 'cancelled';
  }

  /**
   * An order closed here (cancelled, or its checkout failed) while the provider may still take its
   * money until the time limit (a cashier page opened before the close, a close that raced a
   * payment): asked again until then. Paid: refunded. Payable after all: closed there again.
   */
  async function recheckClosed(row: OrderRow, provider: PaymentProvider) {
    const status = await provider.query!({ orderId: row.id, ref: row.providerRef });
    if (status.state === 'paid') return paid(row, status);
    if (status.state === 'open') await provider.close({ orderId: row.id, ref: row.providerRef }).catch(() => {});
    return 'closed';
  }

  async function check(row: OrderRow) {
    const provider = providerOf(row);
    if (!provider?.query) return 'skipped';
    if (row.state === 'pending') {
      return apply(row, provider, await provider.query({ orderId: row.id, ref: row.providerRef }));
    }
    if (row.state !== 'paid' && row.refundState === null) return recheckClosed(row, provider);
    if (row.refundState === 'processing' && provider.refundStatus) {
      try {
        const outcome = await provider.refundStatus(refundRequest(row));
        if (outcome.state === 'done') return refundDone(row);
        return 'processing';
      } catch (err) {
        if (!(err instanceof RefundRefused)) throw err;
        if (row.state === 'paid') await orders.markRefund(row.id, 'refused', err.reason);
        else {
          await orders.markLateRefundRefused(row.id, err.reason);
          log.error({ orderId: row.id, reason: err.reason }, 'the refund of a late payment was refused');
        }
        return 'refused';
      }
    }
    return 'skipped';
  }

  return {
    /** A verified payment notification: fulfils its order once; a late one for a closed order is paid back. */
    async paymentReported(provider: ProviderName, report: PaymentReport) {
      const row = report.orderId ? await orders.find(report.orderId) : null;
      if (!row || row.provider !== provider) {
        log.warn(
          { provider, eventId: report.event.id, orderId: report.orderId },
          'payment notification for no order of ours',
        );
        await settlement.remember({ ...report.event, provider }, null);
        return 'unknown' as const;
      }
      const outcome = await paid(row, report, report.event);
      if (outcome !== 'settled') await settlement.remember({ ...report.event, provider }, row.id);
      return outcome;
    },

    /** A verified refund notification: a full refund's success reverses the order once. */
    async refundReported(provider: ProviderName, report: RefundReport) {
      const row = report.orderId ? await orders.find(report.orderId) : null;
      if (!row || row.provider !== provider) {
        log.warn(
          { provider, eventId: report.event.id, orderId: report.orderId },
          'refund notification for no order of ours',
        );
        return 'unknown' as const;
      }
      const { outcome } = report;
      if (outcome.state === 'refused') {
        if (row.state === 'paid') await orders.markRefund(row.id, 'refused', outcome.reason);
        log.error({ orderId: row.id, reason: outcome.reason }, 'the provider reports a refund that failed');
        return 'refused' as const;
      }
      if (outcome.state === 'processing') return 'processing' as const;
      if (report.refunded < report.total) {
        log.warn(
          { orderId: row.id, refunded: report.refunded, total: report.total },
          'part of an order was refunded at the provider: the order stays as it is',
        );
        return 'partial' as const;
      }
      return refundDone(row, report.event);
    },

    /** The buyer's return (the page polls): asks the provider about a pending order, at most every few seconds. */
    async checkSoon(row: OrderRow): Promise<OrderRow> {
      const provider = providerOf(row);
      const last = asked.get(row.id) ?? 0;
      if (!provider?.query || deps.now().getTime() - last < ASK_EVERY_MS) return row;
      asked.set(row.id, deps.now().getTime());
      if (asked.size > 10_000) asked.delete(asked.keys().next().value!);
      try {
        await check(row);
      } catch (err) {
        log.warn({ err, orderId: row.id }, 'the payment provider could not be asked about an order');
      }
      return (await orders.find(row.id)) ?? row;
    },

    /** Closes an order at the provider after its checkout failed here; a failure only logs. */
    async closeQuietly(provider: PaymentProvider, row: OrderRow) {
      await provider.close({ orderId: row.id, ref: row.providerRef }).catch((err: unknown) => {
        log.warn({ err, orderId: row.id }, 'an order whose checkout failed could not be closed at the provider');
      });
    },

    /**
     * Every minute: pending orders a few minutes old, unconfirmed refunds and orders closed here
     * within their time limit, asked of their providers, the longest unasked first. A provider
     * that does not answer is not asked again in this run, and the run stops at its deadline, so
     * one that hangs never holds up the others or the next minute's run.
     */
    async sweep(providers: ProviderName[], deadlineMs = SWEEP_DEADLINE_MS) {
      const started = deps.now().getTime();
      const began = Date.now();
      const rows = await orders.open(providers, {
        before: new Date(started - SWEEP_AFTER_MS),
        closedSince: new Date(started - CLOSED_WATCH_MS),
        limit: SWEEP_BATCH,
      });
      const counts: Record<string, number> = {};
      const down = new Set<string>();
      for (const row of rows) {
        let outcome: string;
        if (down.has(row.provider) || Date.now() - began > deadlineMs) outcome = 'later';
        else {
          try {
            outcome = await check(row);
          } catch (err) {
            log.warn({ err, orderId: row.id, provider: row.provider }, 'reconciliation could not ask the provider');
            down.add(row.provider);
            outcome = 'unreachable';
          }
          await orders.asked(row.id);
        }
        counts[outcome] = (counts[outcome] ?? 0) + 1;
      }
      return counts;
    },
  };
}
export type Reconciler = ReturnType<typeof createReconciler>;
