import { describe, expect, it } from 'vitest';
import { checkoutTarget } from './checkout.ts';

const here = 'http://127.0.0.1:4300/#/user/product';

describe('checkout addresses', () => {
  it('follows the development confirm page inside the app, whatever host the server calls it', () => {
    expect(checkoutTarget('http://localhost:4300/#/user/product?pay=42', 'dev', here)).toEqual({
      route: '/user/product?pay=42',
    });
    expect(checkoutTarget('/#/user/product?pay=42', 'dev', here)).toEqual({ route: '/user/product?pay=42' });
  });

  it('follows a route of this origin inside the app', () => {
    expect(checkoutTarget('http://127.0.0.1:4300/#/user/product?order=7', 'stripe', here)).toEqual({
      route: '/user/product?order=7',
    });
  });

  it('leaves for a provider elsewhere', () => {
    expect(checkoutTarget('https://checkout.stripe.com/c/pay/cs_test_1#fidkd', 'stripe', here)).toEqual({
      href: 'https://checkout.stripe.com/c/pay/cs_test_1#fidkd',
    });
    expect(checkoutTarget('http://other.test/#/user/product', 'stripe', here)).toEqual({
      href: 'http://other.test/#/user/product',
    });
  });
});
