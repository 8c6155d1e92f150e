import { describe, expect, it } from 'vitest';
import { checkoutTarget, returnedOrderId } from './checkout.ts';

const here = 'http://127.0.0.1:4300/#/user/product';

describe('checkout addresses', () => {
  it('follows the development confirm page inside the app, whatever host the server calls it', () => {
    expect(checkoutTarget('http://localhost:4300/#/user/product?pay=42', 'dev', here)).toEqual({
      route: '/user/product?pay=42',
    });
    expect(checkoutTarget('/#/user/product?pay=42', 'dev', here)).toEqual({ route: '/user/product?pay=42' });
  });

  it('follows the WeChat Pay QR code page inside the app, whatever host the server calls it', () => {
    expect(checkoutTarget('http://localhost:4300/#/user/product?scan=42', 'wechatpay', here)).toEqual({
      route: '/user/product?scan=42',
    });
    expect(checkoutTarget('https://shop.example/app/#/user/product?scan=42', 'wechatpay', here)).toEqual({
      route: '/user/product?scan=42',
    });
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
    // WeChat Pay on a phone, and Alipay's cashier, are the providers' own pages.
    const h5 = 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=2&redirect_url=x';
    expect(checkoutTarget(h5, 'wechatpay', here)).toEqual({ href: h5 });
    const cashier = 'https://openapi.alipay.com/gateway.do?method=alipay.trade.page.pay&sign=abc';
    expect(checkoutTarget(cashier, 'alipay', here)).toEqual({ href: cashier });
    // Another site's app route that is not a QR step stays a visit.
    expect(checkoutTarget('http://other.test/#/user/product?order=7', 'wechatpay', here)).toEqual({
      href: 'http://other.test/#/user/product?order=7',
    });
  });
});

describe('the order a provider sent back', () => {
  it('ignores what the provider appended', () => {
    expect(returnedOrderId('8d100cf7-336e-46ba-81d0-5c5b8d3ccb01')).toBe('8d100cf7-336e-46ba-81d0-5c5b8d3ccb01');
    expect(returnedOrderId('8d100cf7-336e-46ba-81d0-5c5b8d3ccb01?charset=utf-8&out_trade_no=1')).toBe(
      '8d100cf7-336e-46ba-81d0-5c5b8d3ccb01',
    );
    expect(returnedOrderId(null)).toBeNull();
    expect(returnedOrderId('')).toBeNull();
  });
});
