import { expect, test } from '@playwright/test';

test('theme and language switches survive a reload', async ({ page }) => {
  await page.goto('/#/home');
  await expect(page.locator('body')).not.toHaveClass(/dark/);

  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('body')).toHaveClass(/dark/);
  await page.getByTestId('locale-toggle').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('从草图到完整效果图，只需几分钟');
  await expect(page).toHaveTitle('首页 - Turing Design');

  await page.reload();
  await expect(page.locator('body')).toHaveClass(/dark/);
  await expect(page.getByRole('navigation', { name: '主菜单' })).toContainText('工作台');
  await expect(page).toHaveTitle('首页 - Turing Design');

  await page.getByTestId('theme-toggle').click();
  await page.getByTestId('locale-toggle').click();
  await page.reload();
  await expect(page.locator('body')).not.toHaveClass(/dark/);
  await expect(page).toHaveTitle('Home - Turing Design');
});

test('the 404 page speaks Chinese too', async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('LOCALE', JSON.stringify({ value: 'zh', time: Date.now(), expire: null })),
  );
  await page.goto('/#/missing');
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await expect(page.getByRole('button', { name: '返回首页' })).toBeVisible();
});
