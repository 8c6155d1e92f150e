import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminDashboard, DashboardDay, DashboardFigures } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const states = (over: Partial<DashboardFigures['tasks']> = {}): DashboardFigures['tasks'] => ({
  submitting: 0,
  queued: 0,
  generating: 0,
  complete: 0,
  cancelled: 0,
  timed_out: 0,
  lost: 0,
  ...over,
});

const figures = (over: Partial<DashboardFigures> = {}): DashboardFigures => ({
  newUsers: 0,
  activeUsers: 0,
  tasks: states(),
  images: 0,
  taskTime: { completed: 0, medianMs: null, p95Ms: null },
  cubes: { charged: 0, refunded: 0, spent: 0 },
  revenue: [],
  refunds: [],
  ...over,
});

const today = figures({
  newUsers: 3,
  activeUsers: 17,
  tasks: states({ complete: 40, timed_out: 2, queued: 1 }),
  images: 96,
  taskTime: { completed: 40, medianMs: 12_400, p95Ms: 95_000 },
  cubes: { charged: 130, refunded: 10, spent: 120 },
  revenue: [
    { currency: 'CNY', provider: 'alipay', orders: 1, amount: 990 },
    { currency: 'CNY', provider: 'wechatpay', orders: 2, amount: 2400 },
    { currency: 'USD', provider: 'stripe', orders: 1, amount: 899 },
  ],
  refunds: [{ currency: 'CNY', provider: 'alipay', orders: 1, amount: 990 }],
});

const period = figures({
  newUsers: 41,
  activeUsers: 230,
  tasks: states({ complete: 900 }),
  images: 2_000,
  taskTime: { completed: 900, medianMs: 14_000, p95Ms: 150_000 },
  cubes: { charged: 5_000, refunded: 200, spent: 4_800 },
  revenue: [
    { currency: 'CNY', provider: 'wechatpay', orders: 10, amount: 58_000 },
    { currency: 'USD', provider: 'stripe', orders: 4, amount: 3_596 },
  ],
  refunds: [{ currency: 'CNY', provider: 'wechatpay', orders: 1, amount: 5_800 }],
});

function dashboard(days: number): AdminDashboard {
  const dates = Array.from({ length: days }, (_, i) => new Date(Date.UTC(2026, 2, 1 + i)).toISOString().slice(0, 10));
  const series: DashboardDay[] = dates.map((date) => ({ date, ...figures() }));
  series[days - 1] = { date: dates[days - 1]!, ...today };
  return {
    timeZone: 'Asia/Shanghai',
    from: dates[0]!,
    to: dates[days - 1]!,
    today,
    period,
    days: series,
    byEngine: [
      {
        engine: 'comfyui',
        tasks: states({ complete: 900, timed_out: 3 }),
        images: 2_000,
        taskTime: { completed: 900, medianMs: 14_000, p95Ms: 150_000 },
      },
    ],
    engines: [
      {
        name: 'comfyui',
        models: ['sdxl'],
        isDefault: true,
        ok: true,
        detail: null,
        checkedAt: '2026-03-30T08:00:00.000Z',
        queued: 5,
        generating: 2,
        servers: [
          {
            url: 'http://gpu-1:8188',
            state: 'up',
            ok: true,
            running: 1,
            pending: 3,
            done: 50,
            since: '2026-03-30T07:00:00.000Z',
          },
          {
            url: 'http://gpu-2:8188',
            state: 'draining',
            ok: true,
            running: 1,
            pending: 0,
            done: 20,
            since: '2026-03-30T07:00:00.000Z',
          },
          {
            url: 'http://gpu-3:8188',
            state: 'down',
            ok: false,
            running: 0,
            pending: 0,
            done: 0,
            since: '2026-03-30T06:00:00.000Z',
          },
        ],
      },
    ],
    generatedAt: '2026-03-30T08:00:00.000Z',
  };
}

const figureIn = (card: HTMLElement, key: string) => card.querySelector(`[data-figure="${key}"]`) as HTMLElement;

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the dashboard page', () => {
  it('shows today’s and the period’s figures as the server counted them', async () => {
    const asked: URLSearchParams[] = [];
    mockApi({
      '/admin/dashboard': (_body, url) => {
        asked.push(url.searchParams);
        return { data: dashboard(Number(url.searchParams.get('days'))) };
      },
    });
    renderInApp(<DashboardPage />, { path: '/admin/dashboard' });

    const todayCard = (await screen.findByRole('heading', { name: 'Today', level: 2 })).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(asked[0]!.get('days')).toBe('30');
    expect(asked[0]!.get('timeZone')).toBeTruthy();
    expect(figureIn(todayCard, 'newUsers')).toHaveTextContent('New users3');
    expect(figureIn(todayCard, 'activeUsers')).toHaveTextContent('Active users17');
    expect(figureIn(todayCard, 'tasks')).toHaveTextContent('Tasks submitted43');
    expect(figureIn(todayCard, 'tasks')).toHaveTextContent('40 complete, 2 failed');
    expect(figureIn(todayCard, 'images')).toHaveTextContent('96');
    expect(figureIn(todayCard, 'median')).toHaveTextContent('12.4 sec');
    expect(figureIn(todayCard, 'p95')).toHaveTextContent('95 sec');
    expect(figureIn(todayCard, 'cubes')).toHaveTextContent('120');
    expect(figureIn(todayCard, 'cubes')).toHaveTextContent('130 charged, 10 refunded');
    // Yuan and dollars are summed apart, from minor units.
    expect(figureIn(todayCard, 'revenue')).toHaveTextContent('CN¥33.90 · $8.99');
    expect(figureIn(todayCard, 'revenue')).toHaveTextContent('4 orders');
    expect(figureIn(todayCard, 'refunds')).toHaveTextContent('CN¥9.90');

    const periodCard = screen
      .getByRole('heading', { name: 'Last 30 days', level: 2 })
      .closest('.ant-card') as HTMLElement;
    expect(figureIn(periodCard, 'activeUsers')).toHaveTextContent('230');
    expect(figureIn(periodCard, 'p95')).toHaveTextContent('2.5 min');
    expect(screen.getByText(/days from midnight in Asia\/Shanghai/)).toBeInTheDocument();
  });

  it('names each chart, and draws revenue per currency', async () => {
    mockApi({ '/admin/dashboard': { data: dashboard(30) } });
    renderInApp(<DashboardPage />, { path: '/admin/dashboard' });
    for (const name of [
      'New and active users per day',
      'Tasks submitted per day, by state',
      'Images made and cubes spent per day',
      'Task time per day (submission to result)',
      'Revenue and refunds per day in CNY',
      'Revenue and refunds per day in USD',
    ]) {
      expect(await screen.findByRole('figure', { name })).toBeInTheDocument();
    }
  });

  it('lists revenue by currency and provider with refunds and what stays', async () => {
    mockApi({ '/admin/dashboard': { data: dashboard(30) } });
    renderInApp(<DashboardPage />, { path: '/admin/dashboard' });
    const table = (await screen.findByRole('heading', { name: 'Revenue by currency and provider' })).closest(
      '.ant-card',
    ) as HTMLElement;
    const row = (name: RegExp) => within(table).getByRole('row', { name });
    expect(row(/CNY WeChat Pay/)).toHaveTextContent('CNYWeChat Pay10CN¥580.001CN¥58.00CN¥522.00');
    expect(row(/USD Stripe/)).toHaveTextContent('USDStripe4$35.960$0.00$35.96');
  });

  it('shows the engine servers with their state and queues', async () => {
    mockApi({ '/admin/dashboard': { data: dashboard(30) } });
    renderInApp(<DashboardPage />, { path: '/admin/dashboard' });
    const servers = await screen.findByRole('table', { name: 'Engine servers' });
    expect(within(servers).getByRole('row', { name: /gpu-1/ })).toHaveTextContent('comfyuihttp://gpu-1:8188Up13');
    expect(within(servers).getByRole('row', { name: /gpu-2/ })).toHaveTextContent('Draining');
    expect(within(servers).getByRole('row', { name: /gpu-3/ })).toHaveTextContent('Down');
    const engines = screen.getByRole('heading', { name: 'Engines now' }).closest('.ant-card') as HTMLElement;
    expect(within(engines).getAllByRole('row', { name: /comfyui/ })[0]).toHaveTextContent(
      'comfyuiDefaultAvailable1 up1 draining1 down52',
    );
  });

  it('switches the period', async () => {
    const api = mockApi({
      '/admin/dashboard': (_body, url) => ({ data: dashboard(Number(url.searchParams.get('days'))) }),
    });
    renderInApp(<DashboardPage />, { path: '/admin/dashboard' });
    await screen.findByRole('heading', { name: 'Last 30 days' });
    await userEvent.click(screen.getByText('7 days'));
    expect(await screen.findByRole('heading', { name: 'Last 7 days' })).toBeInTheDocument();
    expect(api.to('/admin/dashboard')).toHaveLength(2);
  });

  it('says why when the server refuses', async () => {
    mockApi({
      '/admin/dashboard': {
        status: 403,
        code: 'ADMIN_FORBIDDEN',
        msg: 'Your account cannot do this: ask an owner of the service for the role it needs',
      },
    });
    renderInApp(<DashboardPage />, { path: '/admin/dashboard' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account cannot do this');
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    mockApi({ '/admin/dashboard': { data: dashboard(30) } });
    renderInApp(<DashboardPage />, { path: '/admin/dashboard' });
    expect(await screen.findByRole('heading', { name: '数据概览', level: 1 })).toBeInTheDocument();
    const todayCard = (await screen.findByRole('heading', { name: '今天' })).closest('.ant-card') as HTMLElement;
    expect(figureIn(todayCard, 'revenue')).toHaveTextContent('¥33.90 · US$8.99');
    expect(screen.getByRole('figure', { name: '每日收入与退款（CNY）' })).toBeInTheDocument();
  });
});
