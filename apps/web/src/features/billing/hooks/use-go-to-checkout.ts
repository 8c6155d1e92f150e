import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Order } from '@turing/contract';
import { checkoutTarget } from '../lib/checkout.ts';

/** Leaves for an order's checkout: a route of this app (the dev provider), or the provider's page. */
export function useGoToCheckout() {
  const navigate = useNavigate();
  return useCallback(
    (checkoutUrl: string, provider: Order['provider']) => {
      const target = checkoutTarget(checkoutUrl, provider, window.location.href);
      if ('route' in target) void navigate(target.route);
      else window.location.assign(target.href);
    },
    [navigate],
  );
}
