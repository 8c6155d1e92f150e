import { expect, test } from '@playwright/test';
import { installAxe, seriousViolations } from './support/axe.ts';
import { codeNow, grantRole, preferences } from './support/console.ts';
import { registerThroughApi } from './support/session.ts';

test('an owner sets up two-step verification, then makes a colleague a moderator and finds it in the log', async ({
  page,
  browser,
}) => {
  // The colleague first: an account of their own.
  const colleaguePage = await browser.newPage();
  const colleague = await registerThroughApi(colleaguePage);
  await colleaguePage.close();

  await preferences(page, 'zh', 'light');
  await installAxe(page);
  const owner = await registerThroughApi(page);
  await grantRole(page, owner.email, 'owner');
  await page.goto('/#/admin');

  // The console stays closed until an authenticator app is set up.
  await expect(page.getByRole('heading', { name: '设置两步验证' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: '设置身份验证器应用' }).click();
  await expect(page.getByRole('figure', { name: '用身份验证器应用扫描的二维码' })).toBeVisible();
  const secret = (await page.locator('.second-factor__secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('应用中的 6 位验证码').fill('000000');
  await page.getByRole('button', { name: /^确\s?认$/ }).click();
  await expect(page.getByText('验证码错误或已使用过')).toBeVisible();
  await page.getByLabel('应用中的 6 位验证码').fill(codeNow(secret));
  await page.getByRole('button', { name: /^确\s?认$/ }).click();

  // The recovery codes, once; the console opens when the owner says they kept them.
  const codes = page.getByRole('list', { name: '您的恢复码' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(page.getByRole('button', { name: '打开管理后台' })).toBeDisabled();
  await page.getByText('我已保存恢复码').click();
  await page.getByRole('button', { name: '打开管理后台' }).click();
  await expect(page.getByRole('navigation', { name: '管理后台' })).toBeVisible();

  await page.getByRole('navigation', { name: '管理后台' }).getByRole('link', { name: '管理员' }).click();
  await expect(page.getByRole('heading', { name: '管理员', level: 1 })).toBeVisible();
  const add = page.locator('form.add-operator');
  await add.getByLabel('账号').fill(colleague.username);
  await add.getByLabel('角色').click();
  await page.locator('.ant-select-item-option[title="审核员"]').click();
  await page.getByRole('button', { name: '添加管理员' }).click();
  await expect(page.getByText(`${colleague.username} 已成为管理员（审核员）`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(colleague.username) })).toContainText('未设置');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('navigation', { name: '管理后台' }).getByRole('link', { name: '操作日志' }).click();
  const grantRow = page.getByRole('row', { name: new RegExp(`授予或更改管理员角色.*${colleague.username}`) });
  await expect(grantRow).toContainText(owner.username);
  await expect(grantRow).toContainText('moderator');
  expect(await seriousViolations(page)).toEqual([]);
});

test('an account that is not an operator finds no console', async ({ page }) => {
  await installAxe(page);
  await registerThroughApi(page);
  await page.goto('/#/admin/operators');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
  const res = await page.request.get('/turing/admin/operators/list', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(res.status()).toBe(403);
});
