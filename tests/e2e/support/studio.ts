import { expect, type Page } from '@playwright/test';
import { registerThroughApi } from './session.ts';

export const appHeader = { 'x-requested-with': 'XMLHttpRequest' };

/** A registered user who has already seen the beginner guide (its tour would cover the page). */
export async function studioUser(page: Page) {
  const account = await registerThroughApi(page);
  const res = await page.request.post('/turing/user/beginnerGuide/set?key=design&done=true', { headers: appHeader });
  expect(res.ok()).toBe(true);
  return account;
}

export const generate = (page: Page) => page.getByTestId('generate');
export const cards = (page: Page) => page.getByTestId('result-card');
