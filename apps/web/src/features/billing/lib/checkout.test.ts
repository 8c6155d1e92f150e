import { describe, expect, it } from 'vitest';
import { checkoutTarget } from './checkout.ts';

const here = 'http://app.test/#/user/product';

describe('checkout addresses', () => {
  it('follows the development confirm page inside the app', () => {
    expect(checkoutTarget('#/user/product?pay=42', here)).toEqual({ route: '/user/product?pay=42' });
    expect(checkoutTarget('/#/user/product?pay=42', here)).toEqual({ route: '/user/product?pay=42' });
    expect(checkoutTarget('http://app.test/#/user/product?pay=7', here)).toEqual({ route: '/user/product?pay=7' });
  });

  it('leaves for a provider elsewhere', () => {
    expect(checkoutTarget('https://checkout.stripe.com/c/pay/cs_test_1', here)).toEqual({
      href: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
    expect(checkoutTarget('http://other.test/#/user/product', here)).toEqual({
      href: 'http://other.test/#/user/product',
    });
  });
});
