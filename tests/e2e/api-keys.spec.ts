import { expect, test } from '@playwright/test';
import { registerThroughApi } from './support/session.ts';

test('a user creates an API key, copies it from the one place it is shown, and revokes it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerThroughApi(page);

  await page.goto('/#/user/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Read the API reference' })).toBeVisible();

  await page.getByRole('button', { name: 'Create key' }).click();
  const create = page.getByRole('dialog').filter({ hasText: 'Create an API key' });
  await create.getByLabel('Name').fill('Render farm');
  await create.getByRole('checkbox', { name: /tasks:read/ }).check();
  await create.getByRole('checkbox', { name: /account:read/ }).check();
  await create.getByLabel('Expires').click();
  await page.locator('.ant-select-item-option', { hasText: 'In 30 days' }).click();
  await create.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog').filter({ hasText: 'Your new API key' });
  await expect(shown.getByText('Copy this key now. It will not be shown again.')).toBeVisible();
  const secret = shown.getByLabel('The new API key');
  await expect(secret).toHaveValue(/^td_live_[0-9A-Za-z]{49}$/);
  const token = await secret.inputValue();
  await shown.getByRole('button', { name: /Copy$/ }).click();
  await expect(shown.getByRole('button', { name: /Copied$/ })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();

  // Listed by its name and last four characters; the secret itself is gone from the page and storage.
  const table = page.getByTestId('api-key-table');
  const row = table.getByRole('row').filter({ hasText: 'Render farm' });
  await expect(row.getByText(`td_live_…${token.slice(-4)}`)).toBeVisible();
  await expect(row.getByText('tasks:read')).toBeVisible();
  await expect(row.getByText('account:read')).toBeVisible();
  await expect(row.getByText('Never')).toBeVisible();
  expect(await page.content()).not.toContain(token);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(token);

  // A program uses the key: the public API answers as its owner, and the list shows where from.
  const account = (key: string) =>
    fetch(new URL('/turing/v1/account', page.url()), { headers: { authorization: `Bearer ${key}` } });
  expect((await account(token)).status).toBe(200);
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('127.0.0.1')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  expect(await page.content()).not.toContain(token);

  await row.getByRole('button', { name: 'Revoke the key Render farm' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('The key "Render farm" was revoked')).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  expect((await account(token)).status).toBe(401);
});
