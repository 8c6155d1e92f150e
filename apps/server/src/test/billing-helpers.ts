import Stripe from 'stripe';
import type { BillingAccount, Order } from '@turing/contract';
import { appHeaders, type TestApp } from './test-app.ts';

export const WEBHOOK_SECRET = 'whsec_test_secret_for_signatures';

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

export const account = async (t: TestApp, cookie: string) =>
  (await call(t, cookie, 'GET', 'account')).json().data as BillingAccount;

export const orderOf = async (t: TestApp, cookie: string, id: string) =>
  (await call(t, cookie, 'GET', `order/get?id=${id}`)).json().data as Order;

/** The balance the account holds equals the sum of its ledger rows. */
export async function expectBalanceMatchesLedger(t: TestApp, cookie: string, userId: string) {
  const { cubes } = await account(t, cookie);
  const sum = await t.app.services!.ledger.sumOf(userId);
  if (cubes !== sum) throw new Error(`balance ${cubes} but the ledger sums to ${sum}`);
  return cubes;
}

/** A Checkout Session event as Stripe sends it, signed with the SDK's own test helper. */
export function signedEvent(
  type: string,
  session: Record<string, unknown>,
  opts: { id?: string; secret?: string } = {},
) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    api_version: '2025-01-27',
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: 'checkout.session', ...session } },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET });
  return { payload, header };
}

export const deliver = (t: TestApp, event: { payload: string; header: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/turing/billing/webhook/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.header },
    payload: event.payload,
  });
