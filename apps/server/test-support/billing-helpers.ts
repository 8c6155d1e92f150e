import Stripe from 'stripe';
import { ADMIN_TOKEN_HEADER, type BillingAccount, type Order } from '@turing/contract';
import { appHeaders, buildTestApp, type TestApp } from './test-app.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_signatures';

/**
 * A test app with Stripe switched on against `apiUrl`, a local stand-in for Stripe's API. The dev
 * provider is switched on as well, explicitly (with Stripe it is off by default), so tests can
 * mix both; `PAYMENTS_DEV: ''` leaves it at its default.
 */
export const buildStripeTestApp = (apiUrl: string, env: Record<string, string> = {}) =>
  buildTestApp({
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: apiUrl,
    PAYMENTS_DEV: 'true',
    ...env,
  });

export const call = (t: TestApp, cookie: string, method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/turing/billing/${path}`,
    headers: { ...appHeaders(), cookie },
    ...(payload ? { payload } : {}),
  });

export const createOrder = async (t: TestApp, cookie: string, body: object) =>
  (await call(t, cookie, 'POST', 'order/create', { currency: 'CNY', ...body })).json();

export const confirm = async (t: TestApp, cookie: string, id: string, outcome = 'paid') =>
  (await call(t, cookie, 'POST', 'dev/confirm', { id, outcome })).json();

export const cancel = async (t: TestApp, cookie: string, id: string) =>
  (await call(t, cookie, 'POST', 'order/cancel', { id })).json();

export const payAgain = async (t: TestApp, cookie: string, id: string) =>
  (await call(t, cookie, 'POST', 'order/pay', { id })).json();

export const account = async (t: TestApp, cookie: string) =>
  (await call(t, cookie, 'GET', 'account')).json().data as BillingAccount;

export const orderOf = async (t: TestApp, cookie: string, id: string) =>
  (await call(t, cookie, 'GET', `order/get?id=${id}`)).json().data as Order;

/**
 * The balance the account holds (its spendable cubes less what it owes) equals the sum of its
 * ledger rows; returns that balance, below zero while a debt is owed.
 */
export async function expectBalanceMatchesLedger(t: TestApp, cookie: string, userId: string) {
  const { cubes, debt } = await account(t, cookie);
  if (cubes < 0 || debt < 0 || (cubes > 0 && debt > 0)) throw new Error(`balance ${cubes} with a debt of ${debt}`);
  const sum = await t.app.services!.ledger.sumOf(userId);
  if (cubes - debt !== sum) throw new Error(`balance ${cubes} (debt ${debt}) but the ledger sums to ${sum}`);
  return cubes - debt;
}

/** Cancels a task of the user (a queued one ends at once with its refund). */
export const cancelTask = (t: TestApp, cookie: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: '/turing/design/task/cancel',
    headers: { ...appHeaders(), cookie },
    payload: { id },
  });

/** A Stripe event about `object`, as Stripe sends it, signed with the SDK's own test helper. */
function stripeEvent(type: string, object: Record<string, unknown>, opts: { id?: string; secret?: string }) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    api_version: '2025-01-27',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET });
  return { payload, header };
}

/** A Checkout Session event. */
export const signedEvent = (
  type: string,
  session: Record<string, unknown>,
  opts: { id?: string; secret?: string } = {},
) => stripeEvent(type, { object: 'checkout.session', ...session }, opts);

/** A Charge event (`charge.refunded`): by default the whole charge of `amount` went back. */
export const signedChargeEvent = (
  charge: { paymentIntent: string | null; amount: number; refunded?: number; orderId?: string },
  opts: { id?: string; secret?: string } = {},
) => {
  const refunded = charge.refunded ?? charge.amount;
  return stripeEvent(
    'charge.refunded',
    {
      id: `ch_${Math.random().toString(36).slice(2)}`,
      object: 'charge',
      payment_intent: charge.paymentIntent,
      amount: charge.amount,
      amount_refunded: refunded,
      refunded: refunded >= charge.amount,
      currency: 'cny',
      metadata: charge.orderId ? { orderId: charge.orderId } : {},
    },
    opts,
  );
};

/** The operator's refund of an order (admin API), from the operator's address (loopback by default). */
export const refundOrder = (t: TestApp, orderId: string, token = t.app.services!.adminToken, remoteAddress?: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/turing/admin/orders/refund',
      headers: { ...appHeaders(), [ADMIN_TOKEN_HEADER]: token },
      payload: { orderId },
      ...(remoteAddress ? { remoteAddress } : {}),
    })
    .then((r) => r.json());

/** The user's ledger rows of one kind, oldest first. */
export const ledgerRows = (t: TestApp, userId: string, kind: string) =>
  t.database.query<{ cubes: number; plan_seconds: number; note: string; idempotency_key: string }>(
    'select cubes, plan_seconds, note, idempotency_key from ledger where user_id = $1 and kind = $2 order by created_at',
    [userId, kind],
  );

export const deliver = (t: TestApp, event: { payload: string; header: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/turing/billing/webhook/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.header },
    payload: event.payload,
  });
