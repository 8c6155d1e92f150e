import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { totpCode } from '../../../apps/server/src/modules/admin/totp.ts';
import { registerThroughApi } from './session.ts';

const headers = { 'x-requested-with': 'XMLHttpRequest' };
const adminToken = () => fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'admin-token'), 'utf8').trim();

/** Grants `role` to an account with the admin token, as `npm run admin -- operator:grant` does. */
export async function grantRole(page: Page, user: string, role: string) {
  const res = await page.request.post('/turing/admin/operators/grant', {
    headers: { ...headers, 'x-admin-token': adminToken() },
    data: { user, role },
  });
  if (!res.ok()) throw new Error(`grant failed: ${await res.text()}`);
}

export const codeNow = (secret: string) => totpCode(secret, new Date());

/**
 * A signed-in operator with `role` whose session has passed the second factor (set up through the
 * API): for journeys about what an operator does in the console, not about enrolling.
 */
export async function operatorSession(page: Page, role: 'owner' | 'finance' | 'moderator' | 'support') {
  const account = await registerThroughApi(page);
  await grantRole(page, account.username, role);
  const enrol = await page.request.post('/turing/admin/totp/enrol', { headers });
  const { secret } = ((await enrol.json()) as { data: { secret: string } }).data;
  const confirm = await page.request.post('/turing/admin/totp/confirm', { headers, data: { code: codeNow(secret) } });
  if (!confirm.ok()) throw new Error(`confirm failed: ${await confirm.text()}`);
  return { ...account, secret };
}

/** Sets the app's language and theme before the first page loads. */
export async function preferences(page: Page, locale: 'en' | 'zh', theme: 'light' | 'dark') {
  await page.addInitScript(
    ([l, th]) => {
      const v = (x: string) => JSON.stringify({ value: x, time: Date.now(), expire: null });
      localStorage.setItem('LOCALE', v(l));
      localStorage.setItem('THEME', v(th));
    },
    [locale, theme] as const,
  );
}
