import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../../test-support/fakes/ledger.memory.ts';
import { createMemoryStore, type MemoryStore } from '../../../test-support/fakes/memory-store.ts';
import { createMemoryOrders } from '../../../test-support/fakes/orders.memory.ts';
import type { ProductRow } from '../../db/schema/index.ts';
import { AppError } from '../../shared/app-error.ts';
import { createLedgerService, type LedgerService } from './ledger.service.ts';
import { createOrderService, type OrderService } from './orders.service.ts';
import type { PaymentProvider } from './payments/provider.ts';

// The order's states and what each change does to the balance, on in-memory repositories.
const WEEK = 7 * 86_400;
const product = (row: Partial<ProductRow> & Pick<ProductRow, 'id' | 'kind'>): ProductRow => ({
  cubes: 0,
  period: null,
  priceCny: 990,
  priceUsd: 149,
  nameEn: row.id,
  nameZh: row.id,
  sort: 0,
  active: true,
  updatedAt: new Date(0),
  ...row,
});
const PRODUCTS = [
  product({ id: 'cubes-50', kind: 'cubes', cubes: 50 }),
  product({ id: 'plan-week', kind: 'plan', period: 'week', priceUsd: 500 }),
];
const catalogue = {
  async forOrder(id: string) {
    const row = PRODUCTS.find((p) => p.id === id);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    return row;
  },
  adminList: async () => PRODUCTS.map((p) => ({ ...p, kind: 'cubes' as const, period: null, updatedAt: '' })),
};

interface FakeProvider extends PaymentProvider {
  closed: string[];
  refunded: string[];
  failCheckout: boolean;
  failRefund: boolean;
}
function provider(name: 'dev' | 'stripe'): FakeProvider {
  let n = 0;
  const p: FakeProvider = {
    name,
    closed: [],
    refunded: [],
    failCheckout: false,
    failRefund: false,
    async checkout(req) {
      if (p.failCheckout) throw new Error('provider down');
      return { ref: name === 'stripe' ? `cs_${++n}` : null, url: `https://pay.example/${req.orderId}` };
    },
    async resume(req) {
      return `https://pay.example/${req.orderId}`;
    },
    async close({ ref }) {
      if (ref) p.closed.push(ref);
    },
  };
  if (name === 'stripe')
    p.refund = async (req) => {
      if (p.failRefund) throw new Error('provider down');
      p.refunded.push(req.orderId);
      return { state: 'done' };
    };
  return p;
}

const BUYER = { locale: 'en', device: 'desktop', ip: '203.0.113.9' } as const;
let store: MemoryStore;
let ledgerMemory: ReturnType<typeof createMemoryLedger>;
let ordersMemory: ReturnType<typeof createMemoryOrders>;
let ledger: LedgerService;
let orders: OrderService;
let dev: FakeProvider;
let stripe: FakeProvider;
let changed: string[];

beforeEach(() => {
  store = createMemoryStore();
  ledgerMemory = createMemoryLedger(store);
  ordersMemory = createMemoryOrders(store);
  ledger = createLedgerService({
    ledger: ledgerMemory.scoped,
    transaction: store.transaction,
    welcomeCubes: 0,
    activeCap: 3,
    now: store.now,
  });
  dev = provider('dev');
  stripe = provider('stripe');
  changed = [];
  orders = createOrderService({
    orders: ordersMemory.scoped,
    ledgerRepository: ledgerMemory.scoped,
    transaction: store.transaction,
    catalogue,
    ledger,
    providers: [dev, stripe],
    onBalanceChanged: (userId) => changed.push(userId),
    log: pino({ level: 'silent' }) as FastifyBaseLogger,
    now: store.now,
  });
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: { code?: string }) => err.code,
  );
const buy = (productId = 'cubes-50', pieces = 2, via: 'dev' | 'stripe' = 'dev') =>
  orders.create('u1', { productId, pieces, currency: 'USD', provider: via }, BUYER);
const stateOf = (id: string) => ordersMemory.rows.get(id)!.state;

function stripeEvent(id: string, type: string, session: Partial<Stripe.Checkout.Session>) {
  return {
    id,
    type,
    data: { object: { payment_status: 'paid', metadata: {}, ...session } },
  } as unknown as Stripe.Event;
}

describe('a new order', () => {
  it('is pending with the price and the grant of all its pieces, and a checkout to pay it', async () => {
    const { order, checkoutUrl } = await buy('cubes-50', 3);
    expect(order).toMatchObject({ state: 'pending', cubes: 150, amount: 447, currency: 'USD', provider: 'dev' });
    expect(checkoutUrl).toBe(`https://pay.example/${order.id}`);
    const plan = await buy('plan-week', 2);
    expect(plan.order).toMatchObject({ cubes: 0, planSeconds: 2 * WEEK, amount: 1000 });
  });

  it('fails when the provider cannot open a checkout, and is never payable', async () => {
    dev.failCheckout = true;
    expect(await codeOf(buy())).toBe('PAYMENT_UNAVAILABLE');
    const [row] = [...ordersMemory.rows.values()];
    expect(row!.state).toBe('failed');
    expect(await codeOf(orders.devConfirm('u1', row!.id, 'paid'))).toBe('ORDER_NOT_PENDING');
  });

  it('is refused for a product that is not on sale', async () => {
    expect(await codeOf(buy('cubes-9000'))).toBe('PRODUCT_NOT_FOUND');
    expect(ordersMemory.rows.size).toBe(0);
  });
});

describe('paying', () => {
  it('credits the balance once and tells the session cache', async () => {
    const { order } = await buy();
    expect(await orders.devConfirm('u1', order.id, 'paid')).toMatchObject({ state: 'paid' });
    expect(await codeOf(orders.devConfirm('u1', order.id, 'paid'))).toBe('ORDER_NOT_PENDING');
    expect((await ledger.balance('u1')).cubes).toBe(100);
    expect(changed).toEqual(['u1']);
  });

  it('makes a plan running, shown as VIP with the seconds left', async () => {
    const { order } = await buy('plan-week', 1);
    await orders.devConfirm('u1', order.id, 'paid');
    expect(await orders.account('u1')).toMatchObject({ isVip: true, planSecondsLeft: WEEK, cubes: 0 });
    store.advance(WEEK * 1000);
    expect(await orders.account('u1')).toMatchObject({ isVip: false, planSecondsLeft: 0, planUntil: null });
  });

  it('leaves the order pending when the credit fails, so a retry can pay it', async () => {
    const { order } = await buy();
    const apply = ledgerMemory.repository.apply;
    ledgerMemory.repository.apply = () => Promise.reject(new Error('ledger unavailable'));
    await expect(orders.devConfirm('u1', order.id, 'paid')).rejects.toThrow('ledger unavailable');
    expect(stateOf(order.id)).toBe('pending');
    ledgerMemory.repository.apply = apply;
    await orders.devConfirm('u1', order.id, 'paid');
    expect((await ledger.balance('u1')).cubes).toBe(100);
  });

  it("is another user's order: not found", async () => {
    const { order } = await buy();
    expect(await codeOf(orders.devConfirm('u2', order.id, 'paid'))).toBe('ORDER_NOT_FOUND');
  });
});

describe('cancelling', () => {
  it('closes the checkout first, then the order; a cancelled order is neither cancelled again nor paid', async () => {
    const { order } = await buy('cubes-50', 1, 'stripe');
    expect(await orders.cancel('u1', order.id)).toMatchObject({ state: 'cancelled' });
    expect(stripe.closed).toEqual(['cs_1']);
    expect(await codeOf(orders.cancel('u1', order.id))).toBe('ORDER_NOT_PENDING');
    expect(await orders.settlement.settle(ordersMemory.rows.get(order.id)!, 'paid')).toBeNull();
    expect((await ledger.balance('u1')).cubes).toBe(0);
  });

  it('is refused for a paid order', async () => {
    const { order } = await buy();
    await orders.devConfirm('u1', order.id, 'paid');
    expect(await codeOf(orders.cancel('u1', order.id))).toBe('ORDER_NOT_PENDING');
  });
});

describe("the provider's events", () => {
  it('an expired checkout cancels the order once; a late payment of it credits nothing', async () => {
    const { order } = await buy('cubes-50', 1, 'stripe');
    const session = { id: 'cs_1', client_reference_id: order.id, amount_total: 149, currency: 'usd' };
    expect(await orders.settlement.stripeEvent(stripeEvent('evt_1', 'checkout.session.expired', session))).toBe(
      'settled',
    );
    expect(stateOf(order.id)).toBe('cancelled');
    expect(await orders.settlement.stripeEvent(stripeEvent('evt_1', 'checkout.session.expired', session))).toBe(
      'unchanged',
    );
    expect(await orders.settlement.stripeEvent(stripeEvent('evt_2', 'checkout.session.completed', session))).toBe(
      'unchanged',
    );
    expect((await ledger.balance('u1')).cubes).toBe(0);
  });

  it('a completed checkout pays the order, unless the amount differs from the price', async () => {
    const a = (await buy('cubes-50', 1, 'stripe')).order;
    const b = (await buy('cubes-50', 1, 'stripe')).order;
    const paid = { id: 'cs_1', client_reference_id: a.id, amount_total: 149, currency: 'usd' };
    const short = { id: 'cs_2', client_reference_id: b.id, amount_total: 1, currency: 'usd' };
    expect(await orders.settlement.stripeEvent(stripeEvent('evt_a', 'checkout.session.completed', paid))).toBe(
      'settled',
    );
    expect(await orders.settlement.stripeEvent(stripeEvent('evt_b', 'checkout.session.completed', short))).toBe(
      'recorded',
    );
    expect([stateOf(a.id), stateOf(b.id)]).toEqual(['paid', 'pending']);
    expect((await ledger.balance('u1')).cubes).toBe(50);
  });
});

describe('refunding', () => {
  it('is refused for an order that was not paid', async () => {
    const { order } = await buy();
    expect(await codeOf(orders.refund(order.id))).toBe('ORDER_NOT_REFUNDABLE');
  });

  it('takes back all the order granted, once; what was spent already becomes a debt', async () => {
    const { order } = await buy('cubes-50', 2);
    await orders.devConfirm('u1', order.id, 'paid');
    await ledger.grant({ userId: 'u1', kind: 'grant', cubes: -70, idempotencyKey: 'spent' });
    const done = await orders.refund(order.id);
    expect(done).toMatchObject({
      order: { state: 'refunded' },
      taken: { cubes: 30, planSeconds: 0 },
      owed: { cubes: 70, planSeconds: 0 },
      providerRefunded: false,
    });
    expect(await ledger.balance('u1')).toMatchObject({ cubes: 0, debt: 70 });
    expect(await codeOf(orders.refund(order.id))).toBe('ORDER_NOT_REFUNDABLE');
  });

  it('asks the provider to pay the money back first; when it cannot, the order stays paid', async () => {
    const { order } = await buy('cubes-50', 1, 'stripe');
    await orders.settlement.stripeEvent(
      stripeEvent('evt_p', 'checkout.session.completed', {
        id: 'cs_1',
        client_reference_id: order.id,
        amount_total: 149,
        currency: 'usd',
      }),
    );
    stripe.failRefund = true;
    expect(await codeOf(orders.refund(order.id))).toBe('PAYMENT_UNAVAILABLE');
    expect(stateOf(order.id)).toBe('paid');
    stripe.failRefund = false;
    expect(await orders.refund(order.id)).toMatchObject({ providerRefunded: true, taken: { cubes: 50 } });
    expect(stripe.refunded).toEqual([order.id]);
  });

  it('of a running plan takes its time back, leaving the part already used as a plan debt', async () => {
    const { order } = await buy('plan-week', 1);
    await orders.devConfirm('u1', order.id, 'paid');
    store.advance(86_400_000);
    const done = await orders.refund(order.id);
    expect(done).toMatchObject({ taken: { planSeconds: WEEK - 86_400 }, owed: { planSeconds: 86_400 } });
    expect(await orders.account('u1')).toMatchObject({ isVip: false, planDebtSeconds: 86_400 });
  });
});
