import { expect, test, type Browser, type Page } from '@playwright/test';
import { installAxe, seriousViolations } from './support/axe.ts';
import { operatorSession, preferences } from './support/console.ts';
import { registerThroughApi } from './support/session.ts';

/** The page fits the window: nothing runs off to the right at the width of a small laptop. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A user of the app, signed up in a browser of their own. */
async function customer(browser: Browser) {
  const own = await browser.newPage();
  const account = await registerThroughApi(own);
  await own.close();
  return account;
}

test('a finance operator finds a user, reads the account and grants cubes with a reason, in English on the dark theme', async ({
  page,
  browser,
}) => {
  const user = await customer(browser);
  await page.setViewportSize({ width: 1280, height: 800 });
  await preferences(page, 'en', 'dark');
  await installAxe(page);
  await operatorSession(page, 'finance');
  await page.goto('/#/admin/users');

  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByLabel('Find a user').fill(user.username.toUpperCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Accounts found', level: 2 })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(user.username) });
  // Finance sees contacts masked.
  await expect(row).not.toContainText(user.email);
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('button', { name: user.username, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Account of ${user.username}` });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/[?&]user=[0-9a-f-]{36}/);
  await expect(drawer.getByTestId('user-balance')).toContainText('20');
  await expect(drawer.getByRole('cell', { name: 'Welcome cubes' })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  await drawer.getByRole('button', { name: 'Grant cubes' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: `Grant cubes to ${user.username}` });
  await modal.getByLabel('Cubes').fill('15');
  await modal.getByRole('button', { name: 'Grant', exact: true }).click();
  await expect(modal.getByText("Say why: the reason is kept in the user's ledger and the audit log")).toBeVisible();
  await modal.getByLabel('Reason').fill('Compensation for ticket 7');
  await modal.getByRole('button', { name: 'Grant', exact: true }).click();
  await expect(modal.getByText('Done: the balance is now 35 cubes')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(drawer.getByRole('cell', { name: 'Compensation for ticket 7' })).toBeVisible();
  await expect(drawer.getByRole('cell', { name: 'Operator grant' })).toBeVisible();
});

test('a moderator opens an account from a link and suspends it, in Chinese on the light theme', async ({
  page,
  browser,
}) => {
  const user = await customer(browser);
  await page.setViewportSize({ width: 1280, height: 800 });
  await preferences(page, 'zh', 'light');
  await installAxe(page);
  await operatorSession(page, 'moderator');
  await page.goto(`/#/admin/users?user=${user.username}`);

  const drawer = page.getByRole('dialog', { name: `${user.username} 的账号` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('tab', { name: '流水' })).toBeVisible();
  // Orders and grants are not a moderator's.
  await expect(drawer.getByRole('tab', { name: '订单' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: '发放魔方' })).toHaveCount(0);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  await drawer.getByRole('button', { name: /^停\s?用$/ }).click();
  await page
    .locator('.ant-popover')
    .getByRole('button', { name: /^停\s?用$/ })
    .click();
  await expect(page.getByText(`已停用 ${user.username}`)).toBeVisible();
  await expect(drawer.getByText(/^自 .* 起停用$/)).toBeVisible();
  await expect(drawer.getByRole('button', { name: '解除停用' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The account cannot sign in any more.
  const signIn = await page.request.post('/turing/unauthorized/login', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    data: { email: user.email, password: user.password },
  });
  expect((await signIn.json()).status).not.toBe(200);
});
