import { expect, test } from '@playwright/test';
import { codeFor, unique } from './support/outbox.ts';
import { chooseFromUserMenu } from './support/session.ts';

test('register by phone in Chinese, picking the country with the keyboard, then log in by phone', async ({ page }) => {
  // A long journey through many pages; it gets more time than a single check.
  test.setTimeout(120_000);
  await page.addInitScript(() =>
    localStorage.setItem('LOCALE', JSON.stringify({ value: 'zh', time: Date.now(), expire: null })),
  );
  // A random UK mobile number keeps parallel runs apart.
  const national = `7911 12${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
  const e164 = `+44${national.replace(/\s/g, '')}`;
  const username = unique('phone');

  await page.goto('/#/login');
  await expect(page).toHaveTitle('登录 - Turing Design');
  await page.getByRole('tab', { name: '注册' }).click();
  const form = page.getByRole('form', { name: '注册' });
  await form.getByText('手机号', { exact: true }).click();

  const country = form.getByRole('button', { name: /^国家\/地区：/ });
  await expect(country).toHaveAccessibleName('国家/地区：中国 +86');
  await country.focus();
  await page.keyboard.press('ArrowDown');
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  await page.keyboard.type('GB');
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(country).toHaveAccessibleName('国家/地区：英国 +44');

  await form.getByLabel('手机号码').pressSequentially(national);
  await expect(form.getByLabel('手机号码')).toHaveValue(/^\+44 7911 \d{6}$/);
  await form.getByRole('button', { name: '获取验证码' }).click();
  await form.getByLabel('验证码').fill(await codeFor(e164, 'register'));
  await form.getByLabel('用户名').fill(username);
  await form.getByLabel('密码', { exact: true }).fill('phone-pass1');
  await form.getByLabel('确认密码').fill('phone-pass1');
  await form.getByLabel('职业').click();
  await page.getByTitle('设计专业学生').click();
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: '注册账号' }).click();
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page.getByTestId('user-menu')).toContainText(username);

  await chooseFromUserMenu(page, '退出登录', /#\/login$/);

  const login = page.getByRole('form', { name: '登录' });
  await login.getByText('手机号', { exact: true }).click();
  await login.getByLabel('手机号码').fill(e164);
  await login.getByLabel('密码').fill('phone-pass1');
  await login.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page.getByTestId('user-menu')).toContainText(username);
});
