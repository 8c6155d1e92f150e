import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { OrderTable } from './order-table.tsx';

const order = (state: Order['state'], id: string): Order => ({
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
});

const PENDING = '11111111-1111-4111-8111-111111111111';
const PAID = '22222222-2222-4222-8222-222222222222';

beforeEach(async () => {
  await i18n.loadNamespaces('billing');
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
    expect(api.to('/billing/order/pay')[0]).toMatchObject({ method: 'POST', body: { id: PENDING } });
  });
});
