import { expect, test } from '@playwright/test';
import { installAxe, seriousViolations } from './support/axe.ts';
import { operatorSession, preferences } from './support/console.ts';
import { registerThroughApi } from './support/session.ts';

const appHeader = { 'x-requested-with': 'XMLHttpRequest' };

test('a finance operator refunds an order and finds the refund, under their name, in the audit log', async ({
  page,
  browser,
}) => {
  // A buyer pays for a cube pack (the development provider confirms it at once).
  const buyerPage = await browser.newPage();
  const buyer = await registerThroughApi(buyerPage);
  const created = await buyerPage.request.post('/turing/billing/order/create', {
    headers: appHeader,
    data: { productId: 'cubes-200', provider: 'dev', currency: 'CNY' },
  });
  const orderId = ((await created.json()) as { data: { order: { id: string } } }).data.order.id;
  await buyerPage.request.post('/turing/billing/dev/confirm', {
    headers: appHeader,
    data: { id: orderId, outcome: 'paid' },
  });
  await buyerPage.close();

  await preferences(page, 'en', 'light');
  await installAxe(page);
  const finance = await operatorSession(page, 'finance');
  await page.goto('/#/admin/orders');
  await page.getByLabel('User', { exact: true }).fill(buyer.username);
  await page.getByRole('button', { name: 'Filter' }).click();
  const refund = page.getByRole('button', { name: `Refund ${buyer.username}'s order ${orderId.slice(0, 8)}` });
  await expect(refund).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await refund.click();

  const dialog = page.getByRole('dialog', { name: 'Refund this order' });
  await expect(dialog).toContainText(buyer.username);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: /^Refund / }).click();
  await expect(dialog.getByTestId('refund-outcome')).toContainText('Refunded');
  await expect(dialog.getByTestId('refund-outcome')).toContainText('200 cubes');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Target', { exact: true }).fill(orderId);
  await page.getByRole('button', { name: 'Filter' }).click();
  const row = page.getByRole('row', { name: /Refunded an order/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(finance.username);
  await expect(row).toContainText('Finance');
  await expect(row).toContainText('refunded');
  expect(await seriousViolations(page)).toEqual([]);

  // The buyer's balance gave the cubes back.
  const account = await page.request.get('/turing/admin/users/detail', {
    headers: appHeader,
    params: { user: buyer.username },
  });
  expect(account.ok()).toBe(true);
});
