import { WECHATPAY_WEBHOOK_PATH } from '@turing/contract';
import { tradeNoOf } from '../src/modules/billing/payments/provider.ts';
import { createOrder } from './billing-helpers.ts';
import { FakeWechatPay, wechatPayEnv } from './providers/fake-wechatpay.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

/** A test app offering WeChat Pay against the fake (and the dev provider, explicitly, beside it). */
export const buildWechatTestApp = (fake: FakeWechatPay, env: Record<string, string> = {}, opts = {}) =>
  buildTestApp(
    { PUBLIC_URL: 'https://turing.example.com', PAYMENTS_DEV: 'true', ...wechatPayEnv(fake.url), ...env },
    opts,
  );

/** Posts a notification the fake made to the app's webhook, as WeChat Pay delivers it. */
export const notify = (t: TestApp, note: { headers: Record<string, string>; body: string }) =>
  t.app.inject({ method: 'POST', url: `/turing${WECHATPAY_WEBHOOK_PATH}`, headers: note.headers, payload: note.body });

/** A WeChat Pay order of the user (desktop unless said), with its trade number at the fake. */
export async function wechatOrder(t: TestApp, cookie: string, body: object = {}) {
  const made = await createOrder(t, cookie, { productId: 'cubes-200', provider: 'wechatpay', ...body });
  if (!made.data) throw new Error(`order not made: ${JSON.stringify(made)}`);
  const { order, checkoutUrl } = made.data as {
    order: { id: string; amount: number; currency: string; payCode: string | null; state: string };
    checkoutUrl: string;
  };
  return { order, checkoutUrl, no: tradeNoOf(order.id) };
}
