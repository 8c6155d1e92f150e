import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { AdminOrder } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp, type ApiAnswer } from '../../../test/render-app.tsx';
import { OrdersPage } from './orders-page.tsx';

const order = (over: Partial<AdminOrder>): AdminOrder => ({
  id: '4f7c2a9e-1b3d-4c5e-8f60-718293a4b5c6',
  productId: 'cubes-200',
  kind: 'cubes',
  name: { en: '200 cubes', zh: '200 魔方' },
  pieces: 1,
  period: null,
  cubes: 200,
  planSeconds: 0,
  amount: 3500,
  currency: 'CNY',
  state: 'paid',
  provider: 'wechatpay',
  createdAt: '2026-03-01T08:00:00.000Z',
  paidAt: '2026-03-01T08:01:00.000Z',
  payCode: null,
  expiresAt: null,
  refund: null,
  refundNote: null,
  user: { id: '9a1b2c3d-0000-4000-8000-000000000001', username: 'lin' },
  refundedAt: null,
  ...over,
});

const paid = order({});
const pending = order({
  id: '00000000-0000-4000-8000-000000000002',
  state: 'pending',
  paidAt: null,
  user: { id: '9a1b2c3d-0000-4000-8000-000000000002', username: 'mei' },
  amount: 499,
  currency: 'USD',
  provider: 'stripe',
});

const me = { data: { via: 'session', role: 'finance', user: { id: 'op', username: 'op' }, secondFactor: {} } };

function api(refund: ApiAnswer, extra: Record<string, ApiAnswer | ((body: unknown, url: URL) => ApiAnswer)> = {}) {
  return mockApi({
    '/admin/me': me,
    '/admin/orders/search': { data: { items: [paid, pending], nextCursor: null } },
    '/admin/orders/refund': refund,
    ...extra,
  });
}

const show = () =>
  renderInApp(
    <App>
      <OrdersPage />
    </App>,
  );

const refunded = {
  order: { ...paid, state: 'refunded' },
  userId: paid.user.id,
  username: 'lin',
  taken: { cubes: 150, planSeconds: 0 },
  owed: { cubes: 50, planSeconds: 0 },
  cubes: 0,
  debt: 50,
  providerRefunded: true,
  pending: false,
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openRefund(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Refund lin's order/ }));
  return screen.findByRole('dialog', { name: 'Refund this order' });
}

describe('the orders page', () => {
  it('lists every user’s orders, and only paid ones can be refunded', async () => {
    api({ data: refunded });
    show();
    const table = await screen.findByTestId('orders-table');
    expect(await within(table).findByText('lin')).toBeInTheDocument();
    expect(within(table).getByText('mei')).toBeInTheDocument();
    expect(within(table).getByText('WeChat Pay')).toBeInTheDocument();
    expect(within(table).getByText('Awaiting payment')).toBeInTheDocument();
    expect(within(table).getByText('$4.99')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Refund / })).toHaveLength(1);
  });

  it('sends the filters the operator chose', async () => {
    const api_ = api({ data: refunded });
    const user = userEvent.setup();
    show();
    await screen.findByText('lin');
    await user.click(screen.getByLabelText('State'));
    await user.click(await screen.findByTitle('Refunded'));
    await user.type(screen.getByLabelText('User'), '  lin@example.com ');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api_.to('/admin/orders/search')).toHaveLength(2));
    const fetched = vi.mocked(fetch).mock.calls.map(([u]) => new URL(String(u), 'http://app.test'));
    const last = fetched.filter((u) => u.pathname.endsWith('/admin/orders/search')).at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({ state: 'refunded', user: 'lin@example.com' });
  });

  it('shows what a refund pays back and takes back, then the refund done', async () => {
    const calls = api({ data: refunded });
    const user = userEvent.setup();
    show();
    const dialog = await openRefund(user);
    expect(within(dialog).getByText('CN¥35.00, paid back to the buyer by WeChat Pay')).toBeInTheDocument();
    // The product and what is taken back.
    expect(within(dialog).getAllByText('200 cubes')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Refund CN¥35.00' }));
    const outcome = await within(dialog).findByTestId('refund-outcome');
    expect(outcome).toHaveTextContent('Refunded');
    expect(outcome).toHaveTextContent('WeChat Pay paid CN¥35.00 back to the buyer.');
    expect(outcome).toHaveTextContent('Taken off the account: 150 cubes.');
    expect(outcome).toHaveTextContent('Owed from now on (spent already): 50 cubes.');
    expect(calls.to('/admin/orders/refund').map((c) => c.body)).toEqual([{ orderId: paid.id }]);
  });

  it('says when the provider is still paying the refund back', async () => {
    api({
      data: {
        ...refunded,
        order: { ...paid, refund: 'processing' },
        taken: { cubes: 0, planSeconds: 0 },
        owed: { cubes: 0, planSeconds: 0 },
        pending: true,
      },
    });
    const user = userEvent.setup();
    show();
    const dialog = await openRefund(user);
    await user.click(within(dialog).getByRole('button', { name: 'Refund CN¥35.00' }));
    expect(await within(dialog).findByTestId('refund-outcome')).toHaveTextContent('Pending at WeChat Pay');
  });

  it('shows the provider’s refusal with its reason, as the server words it', async () => {
    api({
      status: 409,
      code: 'PAYMENT_REFUND_REFUSED',
      msg: 'The payment provider refused the refund: NOT_ENOUGH (insufficient balance)',
    });
    const user = userEvent.setup();
    show();
    const dialog = await openRefund(user);
    await user.click(within(dialog).getByRole('button', { name: 'Refund CN¥35.00' }));
    const outcome = await within(dialog).findByTestId('refund-outcome');
    expect(outcome).toHaveTextContent('WeChat Pay refused the refund');
    expect(outcome).toHaveTextContent('NOT_ENOUGH (insufficient balance)');
  });

  it('exports the filtered orders as the file the server names', async () => {
    api({ data: refunded });
    const answer = vi.mocked(fetch).getMockImplementation()!;
    const exported: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        url.includes('/admin/orders/export') && exported.push(new URL(url, 'http://app.test'))
          ? new Response('\uFEFFcreated\r\n', {
              headers: {
                'content-type': 'text/csv; charset=utf-8',
                'content-disposition': 'attachment; filename="orders-2026-03-01.csv"',
              },
            })
          : answer(url, init),
      ),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:orders');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    show();
    await screen.findByText('lin');
    await user.click(screen.getByLabelText('Currency'));
    await user.click(await screen.findByTitle('USD'));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toEqual(['orders-2026-03-01.csv']));
    expect(Object.fromEntries(exported[0]!.searchParams)).toEqual({ currency: 'USD' });
  });
});
