import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { installAxe, seriousViolations } from './support/axe.ts';
import { operatorSession, preferences } from './support/console.ts';

const headers = { 'x-requested-with': 'XMLHttpRequest' };

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (body.status !== 200) throw new Error(`${res.url()}: ${body.msg}`);
  return body.data;
}

/** A pack of cubes bought and paid through the development provider. */
async function buy(request: APIRequestContext, currency: 'CNY' | 'USD') {
  const { order } = await data<{ order: { id: string } }>(
    await request.post('/turing/billing/order/create', {
      headers,
      data: { productId: 'cubes-50', currency, provider: 'dev' },
    }),
  );
  await data(await request.post('/turing/billing/dev/confirm', { headers, data: { id: order.id, outcome: 'paid' } }));
}

/** A one-image task on the preview engine, waited for until it completes. */
async function makeImage(request: APIRequestContext) {
  const task = await data<{ id: string }>(
    await request.post('/turing/design/task/submit', {
      headers,
      data: { mode: 'text', prompt: 'a timber pavilion at dusk', count: 1 },
    }),
  );
  await expect(async () => {
    const now = await data<{ state: string }>(await request.get(`/turing/design/task/get?id=${task.id}`, { headers }));
    expect(now.state).toBe('complete');
  }).toPass({ timeout: 30_000 });
}

/** The page fits the window: nothing runs off to the right at the width of a small laptop. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a finance operator reads the dashboard in English on the dark theme, and picks another period', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await preferences(page, 'en', 'dark');
  await installAxe(page);
  await operatorSession(page, 'finance');
  // Today's business, from the operator's own account: two purchases and an image.
  await buy(page.request, 'CNY');
  await buy(page.request, 'USD');
  await makeImage(page.request);
  await page.goto('/#/admin/dashboard');

  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const today = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Today', level: 2 }) });
  // The operator's own account was made and signed in today.
  await expect(today.locator('[data-figure="newUsers"] .ant-statistic-content')).not.toHaveText('0');
  await expect(today.locator('[data-figure="images"] .ant-statistic-content')).not.toHaveText('0');
  await expect(today.locator('[data-figure="revenue"] .ant-statistic-content')).toContainText('CN¥');
  await expect(today.locator('[data-figure="revenue"] .ant-statistic-content')).toContainText('$');
  await expect(page.getByRole('heading', { name: 'Last 30 days', level: 2 })).toBeVisible();
  for (const name of [
    'New and active users per day',
    'Tasks submitted per day, by state',
    'Revenue and refunds per day in CNY',
    'Revenue and refunds per day in USD',
  ]) {
    await expect(page.getByRole('figure', { name })).toBeVisible();
    // The drawing itself, named by its caption too.
    await expect(page.getByRole('figure', { name }).getByRole('application', { name })).toBeVisible();
  }
  const revenue = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: 'Revenue by currency and provider' }) });
  await expect(revenue.getByRole('row', { name: /^USD Test payments/ })).toBeVisible();
  const engines = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Engines now' }) });
  await expect(engines.getByRole('row', { name: /preview/ })).toContainText('Available');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByText('7 days', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Last 7 days', level: 2 })).toBeVisible();
  await expect(page).toHaveURL(/days=7/);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the dashboard in Chinese on the light theme', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await preferences(page, 'zh', 'light');
  await installAxe(page);
  await operatorSession(page, 'finance');
  await page.goto('/#/admin/dashboard?days=90');

  await expect(page.getByRole('heading', { name: '数据概览', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: '近 90 天', level: 2 })).toBeVisible();
  await expect(page.getByRole('figure', { name: '每日任务耗时（从提交到出图）' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '按币种和支付渠道的收入' })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});
