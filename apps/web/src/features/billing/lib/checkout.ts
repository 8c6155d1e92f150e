import type { Order } from '@turing/contract';

/**
 * The providers whose checkout step can be a page of this app, and the parameter that names it:
 * the development provider's confirm step (`?pay=`), WeChat Pay's QR code on a desktop (`?scan=`).
 */
const APP_STEPS: Partial<Record<Order['provider'], string>> = { dev: 'pay', wechatpay: 'scan' };

/**
 * Where a checkout address leads. A provider's step inside this app (`…/#/user/product?scan=…`)
 * is followed inside the app even when the server names the app by another host (localhost
 * against 127.0.0.1), which would lose the session cookie; a route of this very origin is followed
 * inside too; anything else (Stripe, Alipay, WeChat Pay on a phone) is a full-page visit.
 */
export function checkoutTarget(
  url: string,
  provider: Order['provider'],
  here: string,
): { route: string } | { href: string } {
  const target = new URL(url, here);
  const current = new URL(here);
  if (!target.hash.startsWith('#/')) return { href: target.href };
  const route = target.hash.slice(1);
  const sameApp = target.origin === current.origin && target.pathname === current.pathname;
  const step = APP_STEPS[provider];
  const appStep = step !== undefined && new URL(route, 'http://route.invalid').searchParams.has(step);
  return sameApp || appStep ? { route } : { href: target.href };
}

/**
 * The order a provider sent the buyer back with (`?order=`). A provider may append its own
 * parameters to the return address; should one land inside the value, it is cut off.
 */
export const returnedOrderId = (value: string | null) => value?.split(/[?&#]/)[0] || null;
