import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { OrderTable } from './order-table.tsx';

const order = (state: Order['state'], id: string, more: Partial<Order> = {}): Order => ({
  id,
  productId: 'cubes-50',
  kind: 'cubes',
  name: { en: '50 cubes', zh: '50 魔方' },
  pieces: 1,
  period: null,
  cubes: 50,
  planSeconds: 0,
  amount: 1000,
  currency: 'CNY',
  state,
  provider: 'dev',
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: null,
  payCode: null,
  expiresAt: null,
  refund: null,
  refundNote: null,
  ...more,
});

const PENDING = '11111111-1111-4111-8111-111111111111';
const PAID = '22222222-2222-4222-8222-222222222222';

beforeEach(async () => {
  await i18n.loadNamespaces('billing');
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the order history', () => {
  it('offers Pay on a pending order and goes to its checkout again', async () => {
    const api = mockApi({
      '/billing/order/list': { data: { items: [order('pending', PENDING), order('paid', PAID)], nextCursor: null } },
      '/billing/order/pay': {
        data: { order: order('pending', PENDING), checkoutUrl: `http://app.test/#/user/product?pay=${PENDING}` },
      },
    });
    const { router } = renderInApp(<OrderTable />, { path: '/user/product' });
    const pay = await screen.findByRole('button', { name: 'Pay for the order “50 cubes”' });
    // Only the pending order can be paid.
    expect(screen.getAllByTestId('order-pay')).toHaveLength(1);
    await userEvent.setup().click(pay);
    await waitFor(() => expect(router.state.location.search).toBe(`?pay=${PENDING}`));
    expect(api.to('/billing/order/pay')[0]).toMatchObject({ method: 'POST', body: { id: PENDING, device: 'desktop' } });
  });

  it('pays a pending WeChat Pay order on its QR code page, and shows provider, deadline and refund', async () => {
    const wechat = order('pending', PENDING, { provider: 'wechatpay', expiresAt: '2026-11-20T12:00:00.000Z' });
    const refunding = order('paid', PAID, { provider: 'alipay', refund: 'processing' });
    mockApi({
      '/billing/order/list': { data: { items: [wechat, refunding], nextCursor: null } },
      '/billing/order/pay': {
        data: {
          order: { ...wechat, payCode: 'weixin://wxpay/bizpayurl?pr=fresh' },
          checkoutUrl: `http://localhost:9/#/user/product?scan=${PENDING}`,
        },
      },
    });
    const { router } = renderInApp(<OrderTable />, { path: '/user/product' });
    await screen.findByText('WeChat Pay');
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getByText('WeChat Pay')).toBeInTheDocument();
    expect(within(first!).getByText(/^Pay by /)).toBeInTheDocument();
    expect(within(second!).getByText('Alipay')).toBeInTheDocument();
    expect(within(second!).getByTestId('order-refund')).toHaveTextContent('Refund in progress');
    await userEvent.setup().click(within(first!).getByTestId('order-pay'));
    await waitFor(() => expect(router.state.location.search).toBe(`?scan=${PENDING}`));
  });

  it('names providers and refunds in Chinese', async () => {
    await i18n.changeLanguage('zh');
    mockApi({
      '/billing/order/list': {
        data: { items: [order('paid', PAID, { provider: 'wechatpay', refund: 'processing' })], nextCursor: null },
      },
    });
    renderInApp(<OrderTable />, { path: '/user/product' });
    expect(await screen.findByText('微信支付')).toBeInTheDocument();
    expect(screen.getByText('退款处理中')).toBeInTheDocument();
  });
});
