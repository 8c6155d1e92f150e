import { expect, test, type Page } from '@playwright/test';
import { installAxe, seriousViolations } from './support/axe.ts';
import { registerThroughApi } from './support/session.ts';

// The journeys' server offers WeChat Pay and Alipay against their test doubles (playwright.config.ts).
const account = async (page: Page) => {
  const body = (await (await page.request.get('/turing/billing/account')).json()) as { data: { cubes: number } };
  return body.data.cubes;
};
const tradeNo = (orderId: string) => orderId.replace(/-/g, '');

test('a Chinese visitor buys a cube pack with WeChat Pay: the QR code, a scan, then paid', async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('LOCALE', JSON.stringify({ value: 'zh', time: Date.now(), expire: null })),
  );
  await installAxe(page);
  await registerThroughApi(page);
  const before = await account(page);
  await page.goto('/#/user/product');
  // Yuan first, and the providers that take yuan, WeChat Pay first.
  await expect(page.getByRole('radio', { name: 'CNY' })).toBeChecked();
  await expect(page.getByTestId('provider-wechatpay')).toBeChecked();
  await page.getByTestId('product-cubes-200').check();
  await page.getByTestId('buy').click();

  const dialog = page.getByRole('dialog', { name: '微信支付' });
  await expect(dialog.getByTestId('scan-qr')).toBeVisible();
  await expect(dialog.getByTestId('scan-amount')).toContainText('35');
  await expect(dialog.getByTestId('scan-status')).toHaveText(/等待支付中/);
  await expect(dialog.getByTestId('scan-time-left')).toContainText('剩余支付时间');
  expect(await seriousViolations(page)).toEqual([]);

  // The buyer's phone scans and pays: WeChat Pay's double marks the trade paid and notifies the server.
  const orderId = new URL(page.url().replace('/#/', '/')).searchParams.get('scan')!;
  const paid = await page.request.post(`${process.env.E2E_WECHATPAY_URL}/_test/pay/${tradeNo(orderId)}`);
  expect(paid.ok()).toBe(true);
  await expect(page.getByText('支付成功，余额已更新')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('balance-cubes')).toContainText(String(before + 200));
  expect(await account(page)).toBe(before + 200);
});

test('buying a day plan with Alipay: to its cashier, paid, and back to the app', async ({ page }) => {
  await registerThroughApi(page);
  await page.goto('/#/user/product');
  await page.getByTestId('currency').getByText('CNY').click();
  await expect(page.getByRole('radio', { name: 'CNY' })).toBeChecked();
  await page.getByTestId('provider-alipay').check();
  await page.getByTestId('product-plan-day').check();
  await page.getByTestId('buy').click();

  // Alipay's cashier (its test double) with the yuan price, then back to the order.
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_ALIPAY_URL}/gateway\\.do\\?`));
  await expect(page.getByTestId('alipay-amount')).toContainText('¥');
  await page.getByTestId('alipay-pay').click();
  await expect(page.getByText('Payment received: your balance has been updated')).toBeVisible();
  await expect(page.getByTestId('balance-plan')).not.toContainText('No plan running');
  const orders = (await (await page.request.get('/turing/billing/order/list')).json()) as {
    data: { items: { provider: string; state: string; currency: string }[] };
  };
  expect(orders.data.items[0]).toMatchObject({ provider: 'alipay', state: 'paid', currency: 'CNY' });
});
