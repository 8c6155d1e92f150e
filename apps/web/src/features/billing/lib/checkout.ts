import type { Order } from '@turing/contract';

/**
 * Where a checkout address leads. The development provider's confirm step is a page of this app
 * (`…/#/user/product?pay=…`), followed inside the app even when the server names the app by
 * another host (localhost against 127.0.0.1), which would lose the session cookie; a route of
 * this very origin is followed inside too; anything else (Stripe) is a full-page visit.
 */
export function checkoutTarget(
  url: string,
  provider: Order['provider'],
  here: string,
): { route: string } | { href: string } {
  const target = new URL(url, here);
  const current = new URL(here);
  const sameApp = target.origin === current.origin && target.pathname === current.pathname;
  if ((provider === 'dev' || sameApp) && target.hash.startsWith('#/')) return { route: target.hash.slice(1) };
  return { href: target.href };
}
