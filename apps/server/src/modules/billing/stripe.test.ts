import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test-support/fake-server.ts';
import { registerUser, type TestApp } from '../../../test-support/test-app.ts';
import {
  buildStripeTestApp,
  account,
  cancel,
  confirm,
  createOrder,
  deliver,
  expectBalanceMatchesLedger,
  orderOf,
  payAgain,
  signedEvent,
} from '../../../test-support/billing-helpers.ts';

// Stripe's API stands in locally for creating and expiring sessions; webhooks are verified by the real SDK.
let sessions = 0;
const expireRefused = new Set<string>();
const stripeApi = await fakeServer((req) => {
  const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(req.url);
  if (expire) {
    if (expireRefused.has(expire[1]!)) {
      return { status: 400, json: { error: { type: 'invalid_request_error', message: 'Session is complete' } } };
    }
    return { json: { id: expire[1], object: 'checkout.session', status: 'expired' } };
  }
  const get = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(req.url);
  if (req.method === 'GET' && get) {
    const id = get[1]!;
    const status = expireRefused.has(id) ? 'complete' : 'open';
    return { json: { id, object: 'checkout.session', status, url: `https://checkout.stripe.com/c/pay/${id}` } };
  }
  if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
    sessions += 1;
    const id = `cs_test_${sessions}`;
    return { json: { id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` } };
  }
  return { status: 404, json: { error: { type: 'invalid_request_error', message: 'unknown' } } };
});

let t: TestApp;
beforeAll(async () => {
  t = await buildStripeTestApp(stripeApi.url, { PUBLIC_URL: 'https://turing.example.com' });
});
afterAll(async () => {
  await t.close();
  await stripeApi.close();
});

const lastForm = () => new URLSearchParams(stripeApi.requests.at(-1)!.body);

async function stripeOrder(cookie: string, body: object) {
  const made = await createOrder(t, cookie, body);
  expect(made.status).toBe(200);
  return made.data as { order: { id: string; amount: number }; checkoutUrl: string };
}

const session = (orderId: string, ref: string, extra: object = {}) => ({
  id: ref,
  client_reference_id: orderId,
  metadata: { orderId },
  payment_status: 'paid',
  status: 'complete',
  ...extra,
});

const eventRows = (id: string) =>
  t.database.query<{ id: string }>('select id from payment_events where id = $1', [id]).then((r) => r.length);

describe('Stripe Checkout', () => {
  it('opens a session in the order’s currency with ways back built from PUBLIC_URL', async () => {
    const user = await registerUser(t);
    expect((await account(t, user.cookie)).providers).toEqual(['stripe', 'dev']);
    const { order, checkoutUrl } = await stripeOrder(user.cookie, { productId: 'cubes-600', pieces: 2 });
    expect(checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/cs_test_${sessions}`);
    const form = lastForm();
    expect(stripeApi.requests.at(-1)!.headers['idempotency-key']).toBe(`checkout:${order.id}`);
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'payment',
      client_reference_id: order.id,
      'metadata[orderId]': order.id,
      'line_items[0][price_data][currency]': 'cny',
      'line_items[0][price_data][unit_amount]': '19600',
      'line_items[0][quantity]': '1',
      'payment_method_types[0]': 'card',
      'payment_method_types[1]': 'alipay',
      'payment_method_types[2]': 'wechat_pay',
      'payment_method_options[wechat_pay][client]': 'web',
      success_url: `https://turing.example.com/#/user/product?order=${order.id}`,
      cancel_url: `https://turing.example.com/#/user/product?order=${order.id}`,
    });
    expect((await orderOf(t, user.cookie, order.id)).provider).toBe('stripe');
    // A Stripe order is never settled through the dev provider's page.
    expect((await confirm(t, user.cookie, order.id)).code).toBe('ORDER_NOT_FOUND');
  });

  it('credits a paid session once, however often the webhook is replayed', async () => {
    const user = await registerUser(t);
    const { order } = await stripeOrder(user.cookie, { productId: 'cubes-200', currency: 'USD' });
    const ref = `cs_test_${sessions}`;
    const event = signedEvent(
      'checkout.session.completed',
      session(order.id, ref, { amount_total: 499, currency: 'usd' }),
    );
    for (let i = 0; i < 10; i += 1) expect((await deliver(t, event)).statusCode).toBe(200);
    // The same payment told by a second event (another id) is still credited only once.
    const second = signedEvent(
      'checkout.session.async_payment_succeeded',
      session(order.id, ref, { amount_total: 499, currency: 'usd' }),
    );
    expect((await deliver(t, second)).statusCode).toBe(200);
    expect(await orderOf(t, user.cookie, order.id)).toMatchObject({ state: 'paid' });
    expect((await account(t, user.cookie)).cubes).toBe(220);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(220);
    expect((await cancel(t, user.cookie, order.id)).code).toBe('ORDER_NOT_PENDING');
  });

  it('changes nothing on a bad signature, a forged body or a missing header', async () => {
    const user = await registerUser(t);
    const { order } = await stripeOrder(user.cookie, { productId: 'cubes-50' });
    const body = session(order.id, `cs_test_${sessions}`, { amount_total: 990, currency: 'cny' });
    const forged = signedEvent('checkout.session.completed', body, { secret: 'whsec_not_the_right_one' });
    const bad = await deliver(t, forged);
    expect(bad.statusCode).toBe(400);
    const good = signedEvent('checkout.session.completed', body);
    const tampered = { header: good.header, payload: good.payload.replace('"paid"', '"paid" ') };
    expect((await deliver(t, tampered)).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/turing/billing/webhook/stripe',
      headers: { 'content-type': 'application/json' },
      payload: good.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await orderOf(t, user.cookie, order.id)).toMatchObject({ state: 'pending' });
    expect((await account(t, user.cookie)).cubes).toBe(20);
    expect(await eventRows(JSON.parse(good.payload).id)).toBe(0);
  });

  it('does not credit a session paid with another amount or currency', async () => {
    const user = await registerUser(t);
    const { order } = await stripeOrder(user.cookie, { productId: 'cubes-50' });
    const ev = signedEvent(
      'checkout.session.completed',
      session(order.id, `cs_test_${sessions}`, { amount_total: 1, currency: 'cny' }),
    );
    expect((await deliver(t, ev)).statusCode).toBe(200);
    expect((await orderOf(t, user.cookie, order.id)).state).toBe('pending');
    expect((await account(t, user.cookie)).cubes).toBe(20);
  });

  it('ends an expired session cancelled and an unpaid completion stays pending until its wallet settles', async () => {
    const user = await registerUser(t);
    const a = (await stripeOrder(user.cookie, { productId: 'plan-day' })).order;
    const refA = `cs_test_${sessions}`;
    expect(
      (await deliver(t, signedEvent('checkout.session.expired', session(a.id, refA, { payment_status: 'unpaid' }))))
        .statusCode,
    ).toBe(200);
    expect((await orderOf(t, user.cookie, a.id)).state).toBe('cancelled');

    const b = (await stripeOrder(user.cookie, { productId: 'plan-day' })).order;
    const refB = `cs_test_${sessions}`;
    const unpaid = session(b.id, refB, { payment_status: 'unpaid', amount_total: 1200, currency: 'cny' });
    await deliver(t, signedEvent('checkout.session.completed', unpaid));
    expect((await orderOf(t, user.cookie, b.id)).state).toBe('pending');
    await deliver(t, signedEvent('checkout.session.async_payment_failed', unpaid));
    expect((await orderOf(t, user.cookie, b.id)).state).toBe('failed');
    expect((await account(t, user.cookie)).isVip).toBe(false);
  });

  it('cancels by expiring the session first, and refuses when Stripe says it was completed', async () => {
    const user = await registerUser(t);
    const open = (await stripeOrder(user.cookie, { productId: 'cubes-50' })).order;
    expect((await cancel(t, user.cookie, open.id)).data.state).toBe('cancelled');
    expect(stripeApi.requests.at(-1)!.url).toBe(`/v1/checkout/sessions/cs_test_${sessions}/expire`);

    const paidThere = (await stripeOrder(user.cookie, { productId: 'cubes-50' })).order;
    expireRefused.add(`cs_test_${sessions}`);
    expect((await cancel(t, user.cookie, paidThere.id)).code).toBe('ORDER_NOT_PENDING');
    expect((await orderOf(t, user.cookie, paidThere.id)).state).toBe('pending');
  });

  it('resumes a pending order at its open session, and not once Stripe says it was completed', async () => {
    const user = await registerUser(t);
    const made = await stripeOrder(user.cookie, { productId: 'cubes-50' });
    const ref = `cs_test_${sessions}`;
    const again = await payAgain(t, user.cookie, made.order.id);
    expect(again.data.checkoutUrl).toBe(made.checkoutUrl);
    expect(stripeApi.requests.at(-1)!.url).toBe(`/v1/checkout/sessions/${ref}`);
    expireRefused.add(ref);
    expect((await payAgain(t, user.cookie, made.order.id)).code).toBe('ORDER_NOT_PENDING');
  });

  it('answers 500 and records nothing when fulfilment fails, so Stripe’s retry credits it', async () => {
    const user = await registerUser(t);
    const { order } = await stripeOrder(user.cookie, { productId: 'cubes-50' });
    const ev = signedEvent(
      'checkout.session.completed',
      session(order.id, `cs_test_${sessions}`, { amount_total: 990, currency: 'cny' }),
    );
    await t.database.query(`create or replace function refuse_purchase() returns trigger language plpgsql as $$
      begin raise exception 'ledger unavailable'; end $$`);
    await t.database.query(`create trigger refuse_purchase before insert on ledger for each row
      when (new.kind = 'purchase') execute function refuse_purchase()`);
    try {
      expect((await deliver(t, ev)).statusCode).toBe(500);
    } finally {
      await t.database.query('drop trigger refuse_purchase on ledger');
    }
    expect(await eventRows(JSON.parse(ev.payload).id)).toBe(0);
    expect((await orderOf(t, user.cookie, order.id)).state).toBe('pending');
    expect((await account(t, user.cookie)).cubes).toBe(20);

    expect((await deliver(t, ev)).statusCode).toBe(200);
    expect((await account(t, user.cookie)).cubes).toBe(70);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(70);
  });

  it('needs neither a session nor the app header, and ignores other event types', async () => {
    const ev = signedEvent('customer.created', { id: 'cus_1', object: 'customer' });
    const res = await deliver(t, ev);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, outcome: 'ignored' });
  });

  it('answers PAYMENT_UNAVAILABLE and leaves a failed order when Stripe cannot open a session', async () => {
    const before = sessions;
    const broken = await buildStripeTestApp('http://127.0.0.1:9');
    try {
      const other = await registerUser(broken);
      const made = await createOrder(broken, other.cookie, { productId: 'cubes-50', provider: 'stripe' });
      expect(made.code).toBe('PAYMENT_UNAVAILABLE');
      const rows = await broken.database.query<{ state: string }>('select state from orders');
      expect(rows).toEqual([{ state: 'failed' }]);
    } finally {
      await broken.close();
    }
    expect(sessions).toBe(before);
  });
});
