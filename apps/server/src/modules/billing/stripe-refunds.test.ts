import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test-support/fake-server.ts';
import { registerUser, type TestApp } from '../../../test-support/test-app.ts';
import {
  buildStripeTestApp,
  account,
  createOrder,
  deliver,
  expectBalanceMatchesLedger,
  ledgerRows,
  orderOf,
  refundOrder,
  signedChargeEvent,
  signedEvent,
} from '../../../test-support/billing-helpers.ts';

// Stripe's API stands in locally: sessions to pay through, refunds to pay back; webhooks are verified by the real SDK.
let sessions = 0;
/** What /v1/refunds answers next (a Stripe error body), instead of a refund. */
let refundAnswer: { status: number; json: unknown } | null = null;
const stripeApi = await fakeServer((req) => {
  if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
    sessions += 1;
    const id = `cs_refund_${sessions}`;
    return { json: { id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` } };
  }
  const retrieve = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(req.url);
  if (req.method === 'GET' && retrieve) {
    return { json: { id: retrieve[1], object: 'checkout.session', payment_intent: `pi_of_${retrieve[1]}` } };
  }
  if (req.method === 'POST' && req.url === '/v1/refunds') {
    if (refundAnswer) return refundAnswer;
    const form = new URLSearchParams(req.body);
    return { json: { id: `re_${sessions}`, object: 'refund', payment_intent: form.get('payment_intent') } };
  }
  return { status: 404, json: { error: { type: 'invalid_request_error', message: 'unknown' } } };
});

let t: TestApp;
beforeAll(async () => {
  t = await buildStripeTestApp(stripeApi.url);
});
afterAll(async () => {
  await t.close();
  await stripeApi.close();
});
beforeEach(() => {
  refundAnswer = null;
});

const refundCalls = () => stripeApi.requests.filter((r) => r.url === '/v1/refunds');

/** A Stripe order of cubes-200 (¥35) paid through its checkout session, with its PaymentIntent. */
async function paidStripeOrder(cookie: string, opts: { paymentIntent?: string | null } = {}) {
  const { order } = (await createOrder(t, cookie, { productId: 'cubes-200', provider: 'stripe' })).data;
  const ref = `cs_refund_${sessions}`;
  const intent = opts.paymentIntent === undefined ? `pi_${order.id.slice(0, 8)}` : opts.paymentIntent;
  const session = {
    id: ref,
    client_reference_id: order.id,
    payment_status: 'paid',
    amount_total: order.amount,
    currency: 'cny',
    payment_intent: intent,
  };
  expect((await deliver(t, signedEvent('checkout.session.completed', session))).json().outcome).toBe('settled');
  expect((await account(t, cookie)).cubes).toBe(220);
  return { id: order.id as string, amount: order.amount as number, ref, intent };
}

describe('Stripe refunds', () => {
  it('a full refund refunds the order once, however often its event comes', async () => {
    const user = await registerUser(t);
    const order = await paidStripeOrder(user.cookie);
    const event = signedChargeEvent({ paymentIntent: order.intent, amount: order.amount });
    expect((await deliver(t, event)).json()).toMatchObject({ received: true, outcome: 'refunded' });
    for (let i = 0; i < 10; i += 1) {
      const again = await deliver(t, event);
      expect(again.statusCode).toBe(200);
      expect(again.json().outcome).toBe('unchanged');
    }
    // Another event about the same refund finds the order refunded already.
    const other = signedChargeEvent({ paymentIntent: order.intent, amount: order.amount });
    expect((await deliver(t, other)).json().outcome).toBe('unchanged');
    expect(await orderOf(t, user.cookie, order.id)).toMatchObject({ state: 'refunded' });
    expect(await ledgerRows(t, user.profile.id, 'reversal')).toMatchObject([{ cubes: -200 }]);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
    expect(refundCalls()).toHaveLength(0);
  });

  it('changes nothing on a bad signature', async () => {
    const user = await registerUser(t);
    const order = await paidStripeOrder(user.cookie);
    const forged = signedChargeEvent(
      { paymentIntent: order.intent, amount: order.amount },
      { secret: 'whsec_not_the_right_one' },
    );
    expect((await deliver(t, forged)).statusCode).toBe(400);
    expect((await orderOf(t, user.cookie, order.id)).state).toBe('paid');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(220);
  });

  it('a partial refund is only recorded; the refund that completes it refunds the order', async () => {
    const user = await registerUser(t);
    const order = await paidStripeOrder(user.cookie);
    const part = signedChargeEvent({ paymentIntent: order.intent, amount: order.amount, refunded: 1000 });
    expect((await deliver(t, part)).json().outcome).toBe('recorded');
    expect((await deliver(t, part)).json().outcome).toBe('recorded');
    const [event] = await t.database.query<{ order_id: string }>('select order_id from payment_events where id = $1', [
      JSON.parse(part.payload).id,
    ]);
    expect(event!.order_id).toBe(order.id);
    expect((await orderOf(t, user.cookie, order.id)).state).toBe('paid');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(220);

    const rest = signedChargeEvent({ paymentIntent: order.intent, amount: order.amount });
    expect((await deliver(t, rest)).json().outcome).toBe('refunded');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
  });

  it('finds the order by the charge’s metadata when no payment id was kept, and remembers unknown refunds', async () => {
    const user = await registerUser(t);
    const order = await paidStripeOrder(user.cookie, { paymentIntent: null });
    const byMeta = signedChargeEvent({ paymentIntent: 'pi_never_seen', amount: order.amount, orderId: order.id });
    expect((await deliver(t, byMeta)).json().outcome).toBe('refunded');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);

    const unknown = signedChargeEvent({ paymentIntent: 'pi_not_ours', amount: 500 });
    expect((await deliver(t, unknown)).json().outcome).toBe('unknown');
    expect((await deliver(t, unknown)).json().outcome).toBe('unknown');
    const rows = await t.database.query('select 1 from payment_events where id = $1', [JSON.parse(unknown.payload).id]);
    expect(rows).toHaveLength(1);
  });

  it('the operator’s refund asks Stripe to pay back the payment, then refunds here once', async () => {
    const user = await registerUser(t);
    const order = await paidStripeOrder(user.cookie);
    const refunded = await refundOrder(t, order.id);
    expect(refunded.data).toMatchObject({
      order: { state: 'refunded' },
      taken: { cubes: 200, planSeconds: 0 },
      cubes: 20,
      providerRefunded: true,
    });
    const [call] = refundCalls().slice(-1);
    expect(call!.method).toBe('POST');
    expect(call!.headers['idempotency-key']).toBe(`refund:${order.id}`);
    expect(Object.fromEntries(new URLSearchParams(call!.body))).toMatchObject({
      payment_intent: order.intent,
      'metadata[orderId]': order.id,
    });

    // Stripe's event about that refund then changes nothing.
    const event = signedChargeEvent({ paymentIntent: order.intent, amount: order.amount });
    expect((await deliver(t, event)).json().outcome).toBe('unchanged');
    expect((await refundOrder(t, order.id)).code).toBe('ORDER_NOT_REFUNDABLE');
    expect(await ledgerRows(t, user.profile.id, 'reversal')).toHaveLength(1);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
  });

  it('finds the payment through the checkout session when its id was not kept', async () => {
    const user = await registerUser(t);
    const order = await paidStripeOrder(user.cookie, { paymentIntent: null });
    expect((await refundOrder(t, order.id)).data.order.state).toBe('refunded');
    expect(new URLSearchParams(refundCalls().at(-1)!.body).get('payment_intent')).toBe(`pi_of_${order.ref}`);
  });

  it('takes nothing back when Stripe refuses the refund, and goes on when it was refunded there already', async () => {
    const user = await registerUser(t);
    const order = await paidStripeOrder(user.cookie);
    refundAnswer = { status: 500, json: { error: { type: 'api_error', message: 'Stripe is down' } } };
    expect((await refundOrder(t, order.id)).code).toBe('PAYMENT_UNAVAILABLE');
    expect((await orderOf(t, user.cookie, order.id)).state).toBe('paid');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(220);

    refundAnswer = {
      status: 400,
      json: {
        error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Already refunded' },
      },
    };
    expect((await refundOrder(t, order.id)).data.order.state).toBe('refunded');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
  });
});
