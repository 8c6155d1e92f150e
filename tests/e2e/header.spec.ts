import { expect, test } from '@playwright/test';
import { chooseFromUserMenu, registerThroughApi } from './support/session.ts';

test('logged in, the header shows the avatar menu and logging out returns to /login', async ({ page }) => {
  await registerThroughApi(page, 'Header Tester');
  await page.goto('/#/community');
  const trigger = page.getByTestId('user-menu');
  await expect(trigger).toContainText('Header Tester');
  await expect(page.getByRole('button', { name: 'Try now' })).toHaveCount(0);

  await chooseFromUserMenu(page, 'Favorites', /#\/own\?selectedCollection=true$/);
  await expect(page.getByRole('tab', { name: 'Collection' })).toHaveAttribute('aria-selected', 'true');

  await chooseFromUserMenu(page, 'Account', /#\/user\/profile$/);

  await chooseFromUserMenu(page, 'My homepage', /#\/own$/);

  await chooseFromUserMenu(page, 'Log out', /#\/login$/);
  await page.goto('/#/workspace');
  await expect(page).toHaveURL(/#\/login/);
  const info = await page.request.get('/turing/user/info');
  expect((await info.json()).status).toBe(202);
});

test('the design pages open for a logged-in user', async ({ page }) => {
  await registerThroughApi(page);
  // The studio's first-visit tour would cover the menu; this user has seen it.
  await page.request.post('/turing/user/beginnerGuide/set?key=design&done=true', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  await page.goto('/#/design');
  await expect(page).toHaveURL(/#\/design\/iteration-rendering$/);
  await expect(page).toHaveTitle('Iterative rendering - Turing Design');
  await page.getByRole('link', { name: 'Text to image' }).click();
  await expect(page).toHaveTitle('Text to image - Turing Design');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link', { name: 'AI Design' })).toHaveAttribute('aria-current', 'page');
});
