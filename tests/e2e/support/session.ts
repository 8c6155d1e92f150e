import { expect, type Page } from '@playwright/test';
import { codeFor, unique } from './outbox.ts';

const headers = { 'x-requested-with': 'XMLHttpRequest' };

/** An address of its own for each user, as behind the proxy the test server trusts (TRUST_PROXY). */
const ownAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/**
 * Registers through the API with the page's own cookie jar and marks the app as logged in. Each
 * user signs up from an address of their own, as real users do: the per-address limits on codes
 * and sign-ups would otherwise refuse the suite's dozens of users coming from one machine.
 */
export async function registerThroughApi(page: Page, nickname?: string) {
  const email = `${unique('e2e')}@example.com`;
  const username = unique('u');
  const from = { ...headers, 'x-forwarded-for': ownAddress() };
  await page.request.post('/turing/unauthorized/verCode', {
    headers: from,
    data: { channel: 'email', email, purpose: 'register' },
  });
  const code = await codeFor(email);
  const res = await page.request.post('/turing/unauthorized/reg', {
    headers: from,
    data: {
      email,
      code,
      username,
      password: 'secret123',
      confirmPassword: 'secret123',
      occupation: 'architect',
      agree: true,
    },
  });
  if (!res.ok()) throw new Error(`registration failed: ${await res.text()}`);
  if (nickname) {
    await page.request.post('/turing/user/update/info', { headers, data: { nickname } });
  }
  await page.addInitScript(() => {
    localStorage.setItem('IS_LOGIN', JSON.stringify({ value: true, time: Date.now(), expire: 604800 }));
  });
  return { email, username, password: 'secret123' };
}

/**
 * Opens the header's avatar menu by hovering and picks an item. The menu animates in; a click
 * that lands mid-animation is lost, so the whole gesture is retried until the page moves on.
 */
export async function chooseFromUserMenu(page: Page, item: string, expectedUrl: RegExp) {
  await expect(async () => {
    await page.getByTestId('user-menu').hover();
    await page.getByRole('menuitem', { name: item }).click({ timeout: 3_000 });
    await expect(page).toHaveURL(expectedUrl, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}
