import { expect, test } from '@playwright/test';
import { installAxe, seriousViolations } from './support/axe.ts';
import { codeFor } from './support/outbox.ts';
import { chooseFromUserMenu, registerThroughApi } from './support/session.ts';

const headers = { 'x-requested-with': 'XMLHttpRequest' };

test('an account strangers guessed at: the owner logs in from a new browser with a code sent to them, and that browser is known afterwards', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await registerThroughApi(page);
  // 110 wrong passwords, five from each of 22 addresses (behind the proxy the server trusts).
  const api = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  for (let a = 0; a < 22; a += 1) {
    await Promise.all(
      Array.from({ length: 5 }, () =>
        api.request.post('/turing/unauthorized/login', {
          headers: { ...headers, 'x-forwarded-for': `10.201.${a}.7` },
          data: { email: owner.email, password: 'a-wrong-guess' },
        }),
      ),
    );
  }
  await api.close();

  // The owner, in a browser the account has not signed in from (the sign-up was the API's own jar).
  const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const tab = await fresh.newPage();
  await installAxe(tab);
  await tab.goto('/#/login');
  const login = tab.getByRole('form', { name: 'Log in' });
  await login.getByLabel('E-mail address').fill(owner.email);
  await login.getByLabel('Password').fill(owner.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(tab.getByText(/many failed logins/).first()).toBeVisible();
  expect(await seriousViolations(tab)).toEqual([]);

  await login.getByRole('button', { name: 'Get code' }).click();
  await login.getByLabel('Verification code').fill(await codeFor(owner.email, 'login'));
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(tab).toHaveURL(/#\/home$/);
  await expect(tab.getByTestId('user-menu')).toContainText(owner.username);

  // Known from now on: the password alone signs this browser in again.
  await chooseFromUserMenu(tab, 'Log out', /#\/login$/);
  await login.getByLabel('E-mail address').fill(owner.email);
  await login.getByLabel('Password').fill(owner.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(tab).toHaveURL(/#\/home$/);
  await fresh.close();
});
