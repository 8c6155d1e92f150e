import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test-support/fake-server.ts';
import { registerUser, type TestApp } from '../../../test-support/test-app.ts';
import {
  buildStripeTestApp,
  account,
  confirm,
  createOrder,
  deliver,
  expectBalanceMatchesLedger,
  orderOf,
  signedEvent,
} from '../../../test-support/billing-helpers.ts';

// PostgreSQL only: real concurrent connections racing to settle the same order.
let n = 0;
const stripeApi = await fakeServer(() => {
  n += 1;
  return {
    json: { id: `cs_pg_${n}`, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/cs_pg_${n}` },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await buildStripeTestApp(stripeApi.url);
});
afterAll(async () => {
  await t.close();
  await stripeApi.close();
});

describe('settling races', () => {
  it('10 concurrent deliveries of one webhook, and of distinct events for one session, credit once', async () => {
    const user = await registerUser(t);
    const { order } = (await createOrder(t, user.cookie, { productId: 'cubes-1500', currency: 'USD' })).data;
    const body = {
      id: `cs_pg_${n}`,
      client_reference_id: order.id,
      payment_status: 'paid',
      amount_total: order.amount,
      currency: 'usd',
    };
    const event = signedEvent('checkout.session.completed', body);
    const others = Array.from({ length: 10 }, () => signedEvent('checkout.session.async_payment_succeeded', body));
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver(t, event)),
      ...others.map((e) => deliver(t, e)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect((await orderOf(t, user.cookie, order.id)).state).toBe('paid');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(1520);
  });

  it('10 concurrent dev confirmations: one pays, the rest are told the order is no longer pending', async () => {
    const user = await registerUser(t);
    const { order } = (await createOrder(t, user.cookie, { productId: 'plan-month', provider: 'dev' })).data;
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(t, user.cookie, order.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'ORDER_NOT_PENDING')).toHaveLength(9);
    const acc = await account(t, user.cookie);
    expect(acc.isVip).toBe(true);
    expect(acc.planSecondsLeft).toBeGreaterThan(30 * 86_400 - 60);
    expect(acc.planSecondsLeft).toBeLessThanOrEqual(30 * 86_400);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
  });

  it('a cancel racing a payment: exactly one wins and the balance follows it', async () => {
    const user = await registerUser(t);
    const { order } = (await createOrder(t, user.cookie, { productId: 'cubes-50', provider: 'dev' })).data;
    const [paid, cancelled] = await Promise.all([
      confirm(t, user.cookie, order.id, 'paid'),
      confirm(t, user.cookie, order.id, 'cancelled'),
    ]);
    expect([paid.status, cancelled.status].filter((s) => s === 200)).toHaveLength(1);
    const state = (await orderOf(t, user.cookie, order.id)).state;
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(state === 'paid' ? 70 : 20);
  });
});
