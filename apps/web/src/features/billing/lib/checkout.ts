/**
 * Where a checkout address leads: a route of this app (the development provider's confirm page,
 * `#/user/product?pay=…`) is followed inside the app; anything else (Stripe) is a full-page visit.
 */
export function checkoutTarget(url: string, here: string): { route: string } | { href: string } {
  const target = new URL(url, here);
  const current = new URL(here);
  if (target.origin === current.origin && target.pathname === current.pathname && target.hash.startsWith('#/')) {
    return { route: target.hash.slice(1) };
  }
  return { href: target.href };
}
