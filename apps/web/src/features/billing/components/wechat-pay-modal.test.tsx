import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import * as toastModule from '../../../shared/ui/toast.ts';
import { mockApi, renderInApp, type ApiAnswer } from '../../../test/render-app.tsx';
import { ProductPage } from '../pages/product-page.tsx';

const ID = '8d100cf7-336e-46ba-81d0-5c5b8d3ccb01';
const NEXT = '9e200cf7-336e-46ba-81d0-5c5b8d3ccb02';
const CODE = 'weixin://wxpay/bizpayurl?pr=AbCdEf1';

const order = (more: Partial<Order> = {}): Order => ({
  id: ID,
  productId: 'cubes-50',
  kind: 'cubes',
  name: { en: '50 cubes', zh: '50 魔方' },
  pieces: 2,
  period: null,
  cubes: 50,
  planSeconds: 0,
  amount: 1980,
  currency: 'CNY',
  state: 'pending',
  provider: 'wechatpay',
  createdAt: new Date().toISOString(),
  paidAt: null,
  payCode: CODE,
  expiresAt: new Date(Date.now() + 29 * 60_000 + 30_000).toISOString(),
  refund: null,
  refundNote: null,
  ...more,
});

/** The product page's other reads, answered plainly. */
const page = (table: Record<string, ApiAnswer | ((body: unknown) => ApiAnswer)>) =>
  mockApi({
    '/billing/account': {
      data: {
        cubes: 3,
        debt: 0,
        planDebtSeconds: 0,
        planUntil: null,
        planSecondsLeft: 0,
        isVip: false,
        providers: ['wechatpay'],
      },
    },
    '/billing/products': { data: [] },
    '/billing/order/list': { data: { items: [], nextCursor: null } },
    '/billing/ledger': { data: { items: [], nextCursor: null } },
    '/user/info': { status: 401, msg: 'Not signed in' },
    ...table,
  });

const dialog = () => screen.findByRole('dialog', { name: 'Pay with WeChat Pay' });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('paying by WeChat Pay on a desktop', () => {
  it('shows the order’s QR code, polls until it is paid, then announces it once', async () => {
    const states: Order['state'][] = ['pending', 'pending', 'paid'];
    const api = page({ '/billing/order/get': () => ({ data: order({ state: states.shift() ?? 'paid' }) }) });
    const success = vi.spyOn(toastModule.toast, 'success');
    const { router } = renderInApp(<ProductPage />, { path: `/user/product?scan=${ID}` });
    const modal = within(await dialog());
    const qr = await modal.findByRole('img', { name: 'WeChat Pay QR code for CN¥19.80' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(modal.getByText('50 cubes × 2')).toBeInTheDocument();
    expect(modal.getByText('Open WeChat and scan the code to pay')).toBeInTheDocument();
    expect(modal.getByRole('timer')).toHaveTextContent(/Time left to pay: 29:[23]\d/);
    expect(modal.getByRole('status')).toHaveTextContent('Waiting for your payment…');

    await waitFor(() => expect(router.state.location.search).toBe(''), { timeout: 8_000 });
    expect(success).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith('Payment received: your balance has been updated');
    expect(api.to('/billing/order/get').length).toBeGreaterThanOrEqual(3);
    // The balance is read again once paid.
    expect(api.to('/billing/account').length).toBeGreaterThanOrEqual(2);
  });

  it('asks for a fresh code when the order no longer carries one', async () => {
    const api = page({
      '/billing/order/get': { data: order({ payCode: null }) },
      '/billing/order/pay': { data: { order: order(), checkoutUrl: `http://localhost:9/#/user/product?scan=${ID}` } },
    });
    renderInApp(<ProductPage />, { path: `/user/product?scan=${ID}` });
    const modal = within(await dialog());
    expect(await modal.findByRole('img', { name: /WeChat Pay QR code/ })).toBeInTheDocument();
    expect(api.to('/billing/order/pay').map((c) => c.body)).toEqual([{ id: ID, device: 'desktop' }]);
  });

  it('cancels the order at the provider', async () => {
    const api = page({
      '/billing/order/get': { data: order() },
      '/billing/order/cancel': { data: order({ state: 'cancelled', payCode: null, expiresAt: null }) },
    });
    const success = vi.spyOn(toastModule.toast, 'success');
    const { router } = renderInApp(<ProductPage />, { path: `/user/product?scan=${ID}` });
    const modal = within(await dialog());
    await userEvent.setup().click(await modal.findByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(api.to('/billing/order/cancel').map((c) => c.body)).toEqual([{ id: ID }]);
    expect(success).toHaveBeenCalledWith('Order cancelled');
  });

  it('closes keeping the order pending', async () => {
    const api = page({ '/billing/order/get': { data: order() } });
    const { router } = renderInApp(<ProductPage />, { path: `/user/product?scan=${ID}` });
    const modal = within(await dialog());
    await modal.findByRole('img', { name: /WeChat Pay QR code/ });
    expect(modal.getByText(/pay it later from your order history/)).toBeInTheDocument();
    await userEvent.setup().click(modal.getByTestId('scan-close'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(api.to('/billing/order/cancel')).toHaveLength(0);
  });

  it('says when the order is closed and buys the same again', async () => {
    const api = page({
      '/billing/order/get': { data: order({ state: 'cancelled', payCode: null, expiresAt: null }) },
      '/billing/order/create': {
        data: { order: order({ id: NEXT }), checkoutUrl: `http://localhost:9/#/user/product?scan=${NEXT}` },
      },
    });
    const { router } = renderInApp(<ProductPage />, { path: `/user/product?scan=${ID}` });
    const modal = within(await dialog());
    await waitFor(() => expect(modal.getByRole('status')).toHaveTextContent('This order was cancelled'));
    expect(modal.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    await userEvent.setup().click(modal.getByRole('button', { name: 'Buy again' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?scan=${NEXT}`));
    expect(api.to('/billing/order/create').map((c) => c.body)).toEqual([
      { productId: 'cubes-50', pieces: 2, currency: 'CNY', provider: 'wechatpay', device: 'desktop' },
    ]);
  });

  it('reads an order past its deadline as expired, and offers to buy again once the server closed it', async () => {
    page({ '/billing/order/get': { data: order({ expiresAt: new Date(Date.now() - 1_000).toISOString() }) } });
    renderInApp(<ProductPage />, { path: `/user/product?scan=${ID}` });
    const modal = within(await dialog());
    await waitFor(() => expect(modal.getByRole('status')).toHaveTextContent('The time to pay this order has run out'));
    // The browser's clock alone is not enough: the order may still be payable at the server.
    expect(modal.queryByRole('button', { name: 'Buy again' })).toBeNull();
  });

  it('offers to buy again once the server cancelled the order', async () => {
    page({ '/billing/order/get': { data: order({ state: 'cancelled', expiresAt: null }) } });
    renderInApp(<ProductPage />, { path: `/user/product?scan=${ID}` });
    const modal = within(await dialog());
    expect(await modal.findByRole('button', { name: 'Buy again' })).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    page({ '/billing/order/get': { data: order() } });
    renderInApp(<ProductPage />, { path: `/user/product?scan=${ID}` });
    const modal = within(await screen.findByRole('dialog', { name: '微信支付' }));
    expect(await modal.findByRole('img', { name: '微信支付二维码，金额 ¥19.80' })).toBeInTheDocument();
    expect(modal.getByText('请打开微信扫一扫完成支付')).toBeInTheDocument();
    expect(modal.getByRole('status')).toHaveTextContent('等待支付中…');
    expect(modal.getByRole('button', { name: '关闭' })).toBeInTheDocument();
  });
});
