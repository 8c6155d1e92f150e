import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@turing/contract';
import { appHeaders, buildTestApp, registerUser, type TestApp } from '../../../test-support/test-app.ts';
import {
  account,
  call,
  cancel,
  confirm,
  createOrder,
  expectBalanceMatchesLedger,
  orderOf,
  payAgain,
} from '../../../test-support/billing-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('catalogue and account', () => {
  it('sells cube packs and day, week and month plans in CNY and USD', async () => {
    const products = (await t.app.inject({ method: 'GET', url: '/turing/billing/products' })).json().data as Product[];
    expect(products.map((p) => p.id)).toEqual([
      'cubes-50',
      'cubes-200',
      'cubes-600',
      'cubes-1500',
      'plan-day',
      'plan-week',
      'plan-month',
    ]);
    expect(products.every((p) => p.price.CNY > 0 && p.price.USD > 0)).toBe(true);
    expect(products.find((p) => p.id === 'plan-week')).toMatchObject({ kind: 'plan', period: 'week', cubes: 0 });
  });

  it('shows a new account its welcome cubes, no plan, and the dev provider', async () => {
    const user = await registerUser(t);
    expect(await account(t, user.cookie)).toEqual({
      cubes: 20,
      debt: 0,
      planDebtSeconds: 0,
      planUntil: null,
      planSecondsLeft: 0,
      isVip: false,
      providers: ['dev'],
    });
    expect((await call(t, '', 'GET', 'account')).json().code).toBe('SESSION_EXPIRED');
  });
});

describe('orders with the dev provider', () => {
  it('fix the price at creation and credit a paid order once', async () => {
    const user = await registerUser(t);
    const made = await createOrder(t, user.cookie, { productId: 'cubes-200', pieces: 2 });
    expect(made.status).toBe(200);
    const { order, checkoutUrl } = made.data;
    expect(order).toMatchObject({
      productId: 'cubes-200',
      kind: 'cubes',
      pieces: 2,
      cubes: 400,
      planSeconds: 0,
      amount: 7000,
      currency: 'CNY',
      state: 'pending',
      provider: 'dev',
      paidAt: null,
      name: { en: '200 cubes', zh: '200 魔方' },
    });
    expect(checkoutUrl).toBe(`${t.config.publicUrl}/#/user/product?pay=${order.id}`);

    // A later price change does not touch the order already made.
    await t.app.services!.products.adminUpdate('cubes-200', { priceCny: 9999 });
    const paid = await confirm(t, user.cookie, order.id);
    expect(paid.data).toMatchObject({ state: 'paid', amount: 7000 });
    expect(paid.data.paidAt).not.toBeNull();
    expect((await account(t, user.cookie)).cubes).toBe(420);

    const again = await confirm(t, user.cookie, order.id);
    expect(again.code).toBe('ORDER_NOT_PENDING');
    expect((await account(t, user.cookie)).cubes).toBe(420);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(420);
    await t.app.services!.products.adminUpdate('cubes-200', { priceCny: 3500 });
  });

  it('resume paying an order left pending, only while it is pending and only for its owner', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const { order } = (await createOrder(t, user.cookie, { productId: 'cubes-50' })).data;

    const again = await payAgain(t, user.cookie, order.id);
    expect(again.data.checkoutUrl).toBe(`${t.config.publicUrl}/#/user/product?pay=${order.id}`);
    expect(again.data.order).toMatchObject({ id: order.id, state: 'pending', amount: order.amount });
    expect((await payAgain(t, other.cookie, order.id)).code).toBe('ORDER_NOT_FOUND');

    await confirm(t, user.cookie, order.id);
    expect((await payAgain(t, user.cookie, order.id)).code).toBe('ORDER_NOT_PENDING');
    expect((await account(t, user.cookie)).cubes).toBe(70);
  });

  it('allow only pending → paid, failed or cancelled; every other move is refused', async () => {
    const user = await registerUser(t);
    const mk = async () =>
      (await createOrder(t, user.cookie, { productId: 'cubes-50', currency: 'USD' })).data.order.id;

    const failed = await mk();
    expect((await confirm(t, user.cookie, failed, 'failed')).data.state).toBe('failed');
    const cancelled = await mk();
    expect((await cancel(t, user.cookie, cancelled)).data.state).toBe('cancelled');
    const viaConfirm = await mk();
    expect((await confirm(t, user.cookie, viaConfirm, 'cancelled')).data.state).toBe('cancelled');
    const paid = await mk();
    expect((await confirm(t, user.cookie, paid, 'paid')).data.state).toBe('paid');

    for (const id of [failed, cancelled, viaConfirm, paid]) {
      const before = (await orderOf(t, user.cookie, id)).state;
      for (const outcome of ['paid', 'failed', 'cancelled']) {
        expect((await confirm(t, user.cookie, id, outcome)).code).toBe('ORDER_NOT_PENDING');
      }
      expect((await cancel(t, user.cookie, id)).code).toBe('ORDER_NOT_PENDING');
      expect((await orderOf(t, user.cookie, id)).state).toBe(before);
    }
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(70);
  });

  it('refuse products off sale, too many pieces, and other people’s orders', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    expect((await createOrder(t, user.cookie, { productId: 'nope' })).code).toBe('PRODUCT_NOT_FOUND');
    await t.app.services!.products.adminUpdate('cubes-600', { active: false });
    expect((await createOrder(t, user.cookie, { productId: 'cubes-600' })).code).toBe('PRODUCT_NOT_FOUND');
    await t.app.services!.products.adminUpdate('cubes-600', { active: true });
    expect((await createOrder(t, user.cookie, { productId: 'cubes-600', pieces: 13 })).code).toBe('VALIDATION');
    expect((await createOrder(t, user.cookie, { productId: 'cubes-600', currency: 'EUR' })).code).toBe('VALIDATION');

    const id = (await createOrder(t, user.cookie, { productId: 'cubes-600' })).data.order.id;
    expect((await confirm(t, other.cookie, id)).code).toBe('ORDER_NOT_FOUND');
    expect((await cancel(t, other.cookie, id)).code).toBe('ORDER_NOT_FOUND');
    expect((await call(t, other.cookie, 'GET', `order/get?id=${id}`)).json().code).toBe('ORDER_NOT_FOUND');
    expect((await orderOf(t, user.cookie, id)).state).toBe('pending');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
  });

  it('need the app header to change anything', async () => {
    const user = await registerUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/turing/billing/order/create',
      headers: { cookie: user.cookie },
      payload: { productId: 'cubes-50', currency: 'CNY' },
    });
    expect(res.json().code).toBe('APP_HEADER_MISSING');
  });

  it('list the user’s orders newest first, page by page', async () => {
    const user = await registerUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1)
      ids.push((await createOrder(t, user.cookie, { productId: 'plan-day' })).data.order.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await call(t, user.cookie, 'GET', `order/list?limit=2${query}`)).json().data;
      seen.push(...page.items.map((o: { id: string }) => o.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });
});

describe('time plans', () => {
  it('stack, make the user a VIP while they run, and leave cubes alone', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 2; i += 1) {
      const id = (await createOrder(t, user.cookie, { productId: 'plan-day' })).data.order.id;
      expect((await confirm(t, user.cookie, id)).data).toMatchObject({ state: 'paid', planSeconds: 86_400 });
    }
    const acc = await account(t, user.cookie);
    expect(acc.cubes).toBe(20);
    expect(acc.isVip).toBe(true);
    expect(Math.abs(Date.parse(acc.planUntil!) - (Date.now() + 2 * 86_400_000))).toBeLessThan(60_000);
    expect(acc.planSecondsLeft).toBeGreaterThan(2 * 86_400 - 60);

    const info = await t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie: user.cookie } });
    expect(info.json().data.isVip).toBe(true);
    const week = await createOrder(t, user.cookie, { productId: 'plan-week', pieces: 2 });
    expect(week.data.order).toMatchObject({ planSeconds: 14 * 86_400, period: 'week', amount: 11_600 });
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
  });

  it('a user without a running plan is not a VIP, whatever the stored flag says', async () => {
    const user = await registerUser(t);
    const { users } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(users).set({ isVip: true }).where(eq(users.id, user.profile.id));
    const login = await t.app.inject({
      method: 'POST',
      url: '/turing/unauthorized/login',
      headers: appHeaders(),
      payload: { email: user.email, password: user.password },
    });
    expect(login.json().data.isVip).toBe(false);
  });
});
