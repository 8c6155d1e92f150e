import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type AdminOrder, type Order } from '@turing/contract';
import { orders as ordersTable } from '../../db/schema/index.ts';
import { cancel, confirm, createOrder, refundOrder } from '../../../test-support/billing-helpers.ts';
import { adminCall, makeOperator, type TestOperator } from '../../../test-support/operator-helpers.ts';
import { buildTestApp, registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { createOrderSearch } from './orders.search.ts';

let t: TestApp;
let finance: TestOperator;
let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;
/** Order ids by what they are. */
const ids: Record<string, string> = {};

async function order(who: typeof alice, body: object, then?: 'paid' | 'failed' | 'cancelled' | 'refunded') {
  const id = (await createOrder(t, who.cookie, { provider: 'dev', ...body })).data.order.id as string;
  if (then === 'paid' || then === 'refunded') await confirm(t, who.cookie, id);
  if (then === 'failed') await confirm(t, who.cookie, id, 'failed');
  if (then === 'cancelled') await cancel(t, who.cookie, id);
  if (then === 'refunded') await refundOrder(t, id);
  return id;
}

beforeAll(async () => {
  t = await buildTestApp({ CODE_IP_LIMIT: '1000' });
  finance = await makeOperator(t, 'finance');
  alice = await registerUser(t, { email: 'alice-orders@example.com' });
  bob = await registerUser(t, { email: 'bob-orders@example.com' });
  // Oldest first: the search lists newest first.
  ids.aliceRefunded = await order(alice, { productId: 'cubes-50', currency: 'CNY' }, 'refunded');
  ids.alicePending = await order(alice, { productId: 'cubes-200', currency: 'USD' });
  ids.bobPlan = await order(bob, { productId: 'plan-day', pieces: 2, currency: 'CNY' }, 'paid');
  ids.bobFailed = await order(bob, { productId: 'cubes-50', currency: 'USD' }, 'failed');
  ids.bobCancelled = await order(bob, { productId: 'cubes-600', currency: 'CNY' }, 'cancelled');
  // An Alipay order from last year, written as the provider's settlement left it.
  const [old] = await t.database.db
    .insert(ordersTable)
    .values({
      userId: bob.profile.id,
      productId: 'cubes-1500',
      kind: 'cubes',
      pieces: 1,
      cubes: 1500,
      amount: 22_800,
      currency: 'CNY',
      provider: 'alipay',
      state: 'paid',
      createdAt: new Date('2025-03-10T08:00:00Z'),
      paidAt: new Date('2025-03-10T08:01:00Z'),
    })
    .returning();
  ids.bobAlipay = old!.id;
});
afterAll(() => t.close());

type Query = Record<string, string>;
const search = (query: Query, who: TestOperator | { headers: Record<string, string> } = finance) =>
  adminCall(t, who, 'GET', '/admin/orders/search', { query }).then((r) => r.json());
const found = async (query: Query) => ((await search(query)).data.items as AdminOrder[]).map((o) => o.id);
const exported = (query: Query, headers: Record<string, string> = finance.headers) =>
  adminCall(t, { headers }, 'GET', '/admin/orders/export', { query });

describe('searching every user’s orders', () => {
  it('lists them newest first with the buyer, product, amount, provider and both states', async () => {
    const all = (await search({})).data;
    expect(all.items.map((o: AdminOrder) => o.id)).toEqual([
      ids.bobCancelled,
      ids.bobFailed,
      ids.bobPlan,
      ids.alicePending,
      ids.aliceRefunded,
      ids.bobAlipay,
    ]);
    expect(all.nextCursor).toBeNull();
    const refunded = all.items.find((o: AdminOrder) => o.id === ids.aliceRefunded) as AdminOrder;
    expect(refunded).toMatchObject({
      user: { id: alice.profile.id, username: alice.profile.username },
      productId: 'cubes-50',
      name: { en: '50 cubes', zh: '50 魔方' },
      amount: 990,
      currency: 'CNY',
      provider: 'dev',
      state: 'refunded',
      refund: null,
    });
    expect(refunded.paidAt).not.toBeNull();
    expect(Date.parse(refunded.refundedAt!)).toBeGreaterThanOrEqual(Date.parse(refunded.paidAt!));
    expect(all.items.find((o: AdminOrder) => o.id === ids.bobPlan)).toMatchObject({
      kind: 'plan',
      pieces: 2,
      amount: 2400,
      refundedAt: null,
    });
  });

  it('narrows by state, provider, currency, period and account, each alone and together', async () => {
    expect(await found({ state: 'paid' })).toEqual([ids.bobPlan, ids.bobAlipay]);
    expect(await found({ provider: 'alipay' })).toEqual([ids.bobAlipay]);
    expect(await found({ currency: 'USD' })).toEqual([ids.bobFailed, ids.alicePending]);
    expect(await found({ from: '2025-03-01T00:00:00.000Z', to: '2025-04-01T00:00:00.000Z' })).toEqual([ids.bobAlipay]);
    expect(await found({ from: '2026-01-01T00:00:00.000Z' })).not.toContain(ids.bobAlipay);
    expect(await found({ to: '2025-03-10T08:00:00.000Z' })).toEqual([]);
    expect(await found({ user: 'ALICE-orders@example.com' })).toEqual([ids.alicePending, ids.aliceRefunded]);
    expect(await found({ user: bob.profile.username, currency: 'CNY', state: 'paid' })).toEqual([
      ids.bobPlan,
      ids.bobAlipay,
    ]);
    expect(await found({ user: alice.profile.id, provider: 'alipay' })).toEqual([]);
  });

  it('pages with a cursor: no order twice, none left out', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = (await search({ limit: '4', ...(cursor ? { cursor } : {}) })).data;
      seen.push(...page.items.map((o: AdminOrder) => o.id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(await found({}));
  });

  it('answers bad filters with a localised error', async () => {
    const zh = { headers: { ...finance.headers, 'accept-language': 'zh' } };
    const cases: [Query, string][] = [
      [{ state: 'lost' }, 'VALIDATION'],
      [{ provider: 'paypal' }, 'VALIDATION'],
      [{ currency: 'EUR' }, 'VALIDATION'],
      [{ from: 'yesterday' }, 'VALIDATION'],
      [{ from: '2026-02-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' }, 'ORDERS_RANGE'],
      [{ user: 'nobody-at-all-here' }, 'USER_NOT_FOUND'],
      [{ cursor: 'not-a-cursor' }, 'CURSOR_INVALID'],
      [{ limit: '0' }, 'PAGE_LIMIT'],
    ];
    for (const [query, code] of cases) {
      expect(await search(query, zh)).toMatchObject({ code, msg: ERRORS[code as keyof typeof ERRORS].zh });
    }
  });

  it('is finance’s: support reads one user’s orders but not everyone’s, moderators neither', async () => {
    const supportOp = await makeOperator(t, 'support');
    const moderator = await makeOperator(t, 'moderator');
    for (const who of [supportOp, moderator]) {
      expect(await search({}, who)).toMatchObject({ status: 403, code: 'ADMIN_FORBIDDEN' });
      expect((await exported({}, who.headers)).json()).toMatchObject({ status: 403, code: 'ADMIN_FORBIDDEN' });
    }
    const one = await adminCall(t, supportOp, 'GET', '/admin/orders/list', { query: { user: alice.profile.id } });
    expect(one.json().data.items).toHaveLength(2);
  });
});

describe('exporting orders', () => {
  it('answers a CSV file of the filtered orders, with a byte-order mark and the columns in the operator’s language', async () => {
    const res = await exported({ user: bob.profile.id, state: 'paid' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'created,paid,order,user id,username,product id,product,pieces,amount,currency,provider,state,refund,refund note,refunded',
    );
    expect(lines.slice(1, -1)).toHaveLength(2);
    expect(lines[2]).toBe(
      [
        '2025-03-10T08:00:00.000Z',
        '2025-03-10T08:01:00.000Z',
        ids.bobAlipay,
        bob.profile.id,
        bob.profile.username,
        'cubes-1500',
        '"1,500 cubes"',
        '1',
        '228.00',
        'CNY',
        'alipay',
        'paid',
        '',
        '',
        '',
      ].join(','),
    );

    const zh = await exported({ provider: 'alipay' }, { ...finance.headers, 'accept-language': 'zh' });
    const [head, row] = zh.body.slice(1).split('\r\n');
    expect(head).toBe(
      '下单时间,支付时间,订单号,用户 ID,用户名,商品编号,商品,数量,金额,币种,支付方式,状态,退款,退款说明,退款时间',
    );
    expect(row).toContain(',1500 魔方,');
  });

  it('refuses bad filters with the error envelope instead of a file', async () => {
    const res = await exported({ from: '2026-02-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: 'ORDERS_RANGE', msg: ERRORS.ORDERS_RANGE.en });
    expect((await exported({ user: 'nobody-at-all-here' })).json()).toMatchObject({ code: 'USER_NOT_FOUND' });
  });

  it('stops at its row cap, newest first', async () => {
    const capped = createOrderSearch({
      orders: createOrdersRepository(t.database.db),
      toOrders: async (rows) =>
        rows.map((r) => ({ ...(r as unknown as Order), name: { en: r.productId, zh: r.productId }, refund: null })),
      exportMax: 3,
    });
    const lines = (await capped.exportCsv({}, 'en')).split('\r\n').slice(1, -1);
    expect(lines.map((l) => l.split(',')[2])).toEqual([ids.bobCancelled, ids.bobFailed, ids.bobPlan]);
  });
});
