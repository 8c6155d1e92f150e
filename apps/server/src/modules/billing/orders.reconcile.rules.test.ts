import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../../test-support/fakes/ledger.memory.ts';
import { createMemoryStore, type MemoryStore } from '../../../test-support/fakes/memory-store.ts';
import { createMemoryOrders } from '../../../test-support/fakes/orders.memory.ts';
import type { ProductRow } from '../../db/schema/index.ts';
import { AppError } from '../../shared/app-error.ts';
import { createLedgerService } from './ledger.service.ts';
import { createOrderService, type OrderService } from './orders.service.ts';
import { RefundRefused, type PaymentProvider, type PaymentStatus, type RefundOutcome } from './payments/provider.ts';

// Reconciliation's rules on in-memory repositories: what the provider says, in any order, settles once.
const PACK: ProductRow = {
  id: 'cubes-50',
  kind: 'cubes',
  cubes: 50,
  period: null,
  priceCny: 990,
  priceUsd: 149,
  nameEn: '50 cubes',
  nameZh: '50 魔方',
  sort: 0,
  active: true,
  updatedAt: new Date(0),
};
const catalogue = {
  forOrder: async () => PACK,
  adminList: async () => [{ ...PACK, kind: 'cubes' as const, period: null, updatedAt: '' }],
};
const BUYER = { locale: 'en', device: 'desktop', ip: '203.0.113.9' } as const;

/** A provider that can be asked: what it says is set by the test. */
interface Askable extends PaymentProvider {
  status: PaymentStatus;
  closes: string[];
  refunds: string[];
  closeFails: boolean;
  refundAnswer: RefundOutcome | 'refused';
}
function askable(): Askable {
  const p: Askable = {
    name: 'wechatpay',
    cnyOnly: true,
    status: { state: 'open' },
    closes: [],
    refunds: [],
    closeFails: false,
    refundAnswer: { state: 'processing' },
    checkout: async (req) => ({ ref: null, url: `https://pay.example/${req.orderId}`, payCode: 'weixin://x' }),
    resume: async (req) => `https://pay.example/${req.orderId}`,
    async close(req) {
      if (p.closeFails) throw new AppError('ORDER_NOT_PENDING');
      p.closes.push(req.orderId);
      p.status = { state: 'closed' };
    },
    query: async () => p.status,
    async refund(req) {
      p.refunds.push(req.orderId);
      if (p.refundAnswer === 'refused') throw new RefundRefused('NOT_ENOUGH: 余额不足');
      return p.refundAnswer;
    },
    refundStatus: async () => (p.refundAnswer === 'refused' ? { state: 'processing' } : p.refundAnswer),
  };
  return p;
}

let store: MemoryStore;
let ordersMemory: ReturnType<typeof createMemoryOrders>;
let ledgerMemory: ReturnType<typeof createMemoryLedger>;
let provider: Askable;
let orders: OrderService;
const later = (minutes: number) => store.now().getTime() + minutes * 60_000;
let clock = 0;

beforeEach(() => {
  store = createMemoryStore();
  clock = 0;
  const now = () => new Date(store.now().getTime() + clock);
  ledgerMemory = createMemoryLedger(store);
  ordersMemory = createMemoryOrders(store);
  provider = askable();
  orders = createOrderService({
    orders: ordersMemory.scoped,
    ledgerRepository: ledgerMemory.scoped,
    transaction: store.transaction,
    catalogue,
    ledger: createLedgerService({
      ledger: ledgerMemory.scoped,
      transaction: store.transaction,
      welcomeCubes: 0,
      activeCap: 3,
      now,
    }),
    providers: [provider],
    onBalanceChanged: () => {},
    log: pino({ level: 'silent' }) as FastifyBaseLogger,
    payMinutes: 30,
    now,
  });
});

const buy = async () => (await orders.create('u1', { productId: 'cubes-50', pieces: 1, currency: 'USD' }, BUYER)).order;
const stateOf = (id: string) => ordersMemory.rows.get(id)!;
const balance = async () => (await orders.account('u1')).cubes;
const paid = (amount = 990): PaymentStatus => ({ state: 'paid', amount, currency: 'CNY', paymentRef: 'tx-1' });
const report = (orderId: string, id: string, amount = 990) => ({
  orderId,
  amount,
  currency: 'CNY',
  paymentRef: 'tx-1',
  event: { id, type: 'TRANSACTION.SUCCESS' },
});
const sweepLater = async (minutes: number) => {
  clock = minutes * 60_000;
  return orders.reconciler.sweep(['wechatpay']);
};

describe('reconciliation', () => {
  it('prices a CNY-only provider’s order in yuan and gives it a time limit', async () => {
    const order = await buy();
    expect(order).toMatchObject({ currency: 'CNY', amount: 990, payCode: 'weixin://x' });
    expect(Date.parse(order.expiresAt!)).toBe(later(30));
  });

  it('leaves a young order to its notification, then settles it once when the provider says paid', async () => {
    const order = await buy();
    provider.status = paid();
    expect(await sweepLater(1)).toEqual({});
    expect(await sweepLater(3)).toEqual({ settled: 1 });
    await orders.reconciler.paymentReported('wechatpay', report(order.id, 'ev-1'));
    expect(await balance()).toBe(50);
  });

  it('keeps a just-made order the provider does not know yet, and cancels one it has closed since', async () => {
    const order = await buy();
    provider.status = { state: 'closed' };
    expect((await orders.get('u1', order.id)).state).toBe('pending');
    expect(await sweepLater(3)).toEqual({ cancelled: 1 });
  });

  it('fulfils nothing when the provider reports another amount', async () => {
    const order = await buy();
    expect(await orders.reconciler.paymentReported('wechatpay', report(order.id, 'ev-1', 1))).toBe('mismatch');
    provider.status = paid(1);
    // Asking again would change nothing: it leaves the sweep as failed, for the operator (logged).
    expect(await sweepLater(5)).toEqual({ mismatch: 1 });
    expect(stateOf(order.id).state).toBe('failed');
    expect(await balance()).toBe(0);
  });

  it('closes an expired order at the provider before cancelling it', async () => {
    const order = await buy();
    expect(await sweepLater(29)).toEqual({ open: 1 });
    expect(await sweepLater(31)).toEqual({ cancelled: 1 });
    expect(provider.closes).toEqual([order.id]);
    expect(stateOf(order.id).state).toBe('cancelled');
  });

  it('settles an expired order that the provider will not close because it was paid', async () => {
    const order = await buy();
    provider.closeFails = true;
    // Open when asked, paid by the time the close arrives.
    let asked = 0;
    provider.query = async () => (++asked === 1 ? { state: 'open' } : paid());
    await sweepLater(31);
    expect(stateOf(order.id).state).toBe('paid');
    expect(await balance()).toBe(50);
  });

  it('refunds a payment for a cancelled order once, however often it is reported', async () => {
    const order = await buy();
    await orders.cancel('u1', order.id);
    await Promise.all(
      [1, 2, 3].map((n) => orders.reconciler.paymentReported('wechatpay', report(order.id, `ev-${n}`))),
    );
    expect(provider.refunds).toEqual([order.id]);
    expect(stateOf(order.id)).toMatchObject({ state: 'cancelled', refundState: 'processing' });
    provider.refundAnswer = { state: 'done' };
    await sweepLater(5);
    expect(stateOf(order.id)).toMatchObject({ state: 'refunded', refundState: null });
    expect(await balance()).toBe(0);
  });

  it('finds money paid for a cancelled order without any notification, and pays it back', async () => {
    const order = await buy();
    // Cancelled here while the buyer's cashier page was open; the close could not stop it.
    provider.closeFails = false;
    await orders.cancel('u1', order.id);
    provider.status = paid();
    expect(await sweepLater(3)).toEqual({ refunding: 1 });
    expect(provider.refunds).toEqual([order.id]);
    // Past its time limit (and a margin), a closed order is no longer asked about.
    provider.refundAnswer = { state: 'done' };
    await sweepLater(4);
    expect(stateOf(order.id).state).toBe('refunded');
    expect(await sweepLater(60)).toEqual({});
  });

  it('marks a refused refund of a late payment refused, for the operator', async () => {
    const order = await buy();
    await orders.cancel('u1', order.id);
    provider.refundAnswer = 'refused';
    await orders.reconciler.paymentReported('wechatpay', report(order.id, 'ev-1'));
    expect(stateOf(order.id)).toMatchObject({ state: 'cancelled', refundState: 'refused' });
    expect(await sweepLater(5)).toEqual({});
  });

  it('stops asking a provider that does not answer for the rest of the run', async () => {
    const first = await buy();
    await buy();
    let calls = 0;
    provider.query = async () => {
      calls += 1;
      throw new Error('unreachable');
    };
    expect(await sweepLater(3)).toEqual({ unreachable: 1, later: 1 });
    expect(calls).toBe(1);
    // The next run starts with the order not asked last time.
    calls = 0;
    provider.query = async (req) => {
      calls += 1;
      if (req.orderId === first.id) throw new Error('unreachable');
      return { state: 'open' };
    };
    expect(await sweepLater(4)).toEqual({ open: 1, unreachable: 1 });
  });

  it('reverses an operator’s refund only once the provider confirms it', async () => {
    const order = await buy();
    await orders.reconciler.paymentReported('wechatpay', report(order.id, 'ev-1'));
    expect(await orders.refund(order.id)).toMatchObject({
      pending: true,
      order: { state: 'paid', refund: 'processing' },
    });
    expect(await balance()).toBe(50);
    expect(await sweepLater(5)).toEqual({ processing: 1 });
    provider.refundAnswer = { state: 'done' };
    expect(await sweepLater(6)).toEqual({ refunded: 1 });
    expect(await balance()).toBe(0);
  });

  it('keeps a refused refund paid, with the provider’s reason', async () => {
    const order = await buy();
    await orders.reconciler.paymentReported('wechatpay', report(order.id, 'ev-1'));
    provider.refundAnswer = 'refused';
    const err = await orders.refund(order.id).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'PAYMENT_REFUND_REFUSED', params: { reason: 'NOT_ENOUGH: 余额不足' } });
    expect(stateOf(order.id)).toMatchObject({
      state: 'paid',
      refundState: 'refused',
      refundNote: 'NOT_ENOUGH: 余额不足',
    });
    expect(await balance()).toBe(50);
  });

  it('a partial refund made at the provider changes nothing here', async () => {
    const order = await buy();
    await orders.reconciler.paymentReported('wechatpay', report(order.id, 'ev-1'));
    const outcome = await orders.reconciler.refundReported('wechatpay', {
      orderId: order.id,
      outcome: { state: 'done' },
      refunded: 100,
      total: 990,
      event: { id: 'ev-r', type: 'REFUND.SUCCESS' },
    });
    expect(outcome).toBe('partial');
    expect(stateOf(order.id).state).toBe('paid');
  });
});
