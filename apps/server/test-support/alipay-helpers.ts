import { ALIPAY_WEBHOOK_PATH } from '@turing/contract';
import { tradeNoOf } from '../src/modules/billing/payments/provider.ts';
import { createOrder } from './billing-helpers.ts';
import { alipayEnv, type FakeAlipay } from './providers/fake-alipay.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

/** A test app offering Alipay against the double (and the dev provider, explicitly, beside it). */
export const buildAlipayTestApp = (fake: FakeAlipay, env: Record<string, string> = {}, opts = {}) =>
  buildTestApp(
    { PUBLIC_URL: 'https://turing.example.com', PAYMENTS_DEV: 'true', ...alipayEnv(fake.url), ...env },
    opts,
  );

/** Posts a notification form to the app's webhook, as Alipay delivers it. */
export const notify = (t: TestApp, body: string) =>
  t.app.inject({
    method: 'POST',
    url: `/turing${ALIPAY_WEBHOOK_PATH}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: body,
  });

/** Hands the double's notifications to the app (its notify_url is PUBLIC_URL's, not reachable from tests). */
export const deliverTo = (t: TestApp) => async (url: string, body: string) => {
  if (new URL(url).pathname !== `/turing${ALIPAY_WEBHOOK_PATH}`) throw new Error(`notified at ${url}`);
  return notify(t, body);
};

/** An Alipay order of the user (desktop unless said), with its trade number at the double. */
export async function alipayOrder(t: TestApp, cookie: string, body: object = {}) {
  const made = await createOrder(t, cookie, { productId: 'cubes-200', provider: 'alipay', ...body });
  if (!made.data) throw new Error(`order not made: ${JSON.stringify(made)}`);
  const { order, checkoutUrl } = made.data as {
    order: { id: string; amount: number; currency: string; state: string; expiresAt: string | null };
    checkoutUrl: string;
  };
  return { order, checkoutUrl, no: tradeNoOf(order.id) };
}

/** The browser opens the checkout address: the double's cashier page (or its error page). */
export const openCashier = (checkoutUrl: string) => fetch(checkoutUrl, { redirect: 'manual' });

/** The buyer presses Pay on the double's cashier: the answer is its redirect back to return_url. */
export const payAtCashier = (fake: FakeAlipay, no: string) =>
  fetch(`${fake.url}/cashier/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ out_trade_no: no }).toString(),
    redirect: 'manual',
  });
