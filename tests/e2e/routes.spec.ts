import { expect, test } from '@playwright/test';

const PUBLIC = [
  { path: '/home', title: 'Home - Turing Design' },
  { path: '/login', title: 'Login - Turing Design' },
  { path: '/community', title: 'Design community - Turing Design' },
  { path: '/detail/42', title: 'Detail - Turing Design' },
  { path: '/own', title: 'User home page - Turing Design' },
];
const PROTECTED = [
  '/user',
  '/user/profile',
  '/user/product',
  '/user/support',
  '/workspace',
  '/design',
  '/design/text-generate',
  '/design/iteration-rendering',
  '/design/step-editing',
];

test.describe('as an anonymous visitor', () => {
  test('/ redirects to the homepage', async ({ page }) => {
    await page.goto('/#/');
    await expect(page).toHaveURL(/#\/home$/);
    await expect(page).toHaveTitle('Home - Turing Design');
  });

  // One page visits them all, as a visitor following links would: the app loads once and each
  // route is reached by a change of the address's hash.
  test('each public page renders with its title', async ({ page }) => {
    for (const route of PUBLIC) {
      await page.goto(`/#${route.path}`);
      await expect(page, route.path).toHaveTitle(route.title);
      await expect(page, route.path).toHaveURL(new RegExp(`#${route.path}$`));
    }
  });

  test('each account and design page requires login', async ({ page }) => {
    for (const path of PROTECTED) {
      await page.goto('/#/home');
      await expect(page).toHaveTitle('Home - Turing Design');
      await page.goto(`/#${path}`);
      await expect(page, path).toHaveURL(/#\/login/);
      await expect(page, path).toHaveTitle('Login - Turing Design');
    }
  });

  test('/own?selectedCollection=true asks a visitor to log in and comes back to the collection', async ({ page }) => {
    await page.goto('/#/own?selectedCollection=true');
    await expect(page.getByText('Log in to see your home page')).toBeVisible();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/#\/login\?redirect=%2Fown%3FselectedCollection%3Dtrue$/);
  });

  test('/redirect follows an in-app target', async ({ page }) => {
    await page.goto('/#/redirect?to=/community');
    await expect(page).toHaveURL(/#\/community$/);
  });

  test('an unknown path shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/#/no/such/page');
    await expect(page.getByText('Sorry, the page you visited does not exist')).toBeVisible();
    await expect(page).toHaveTitle('Page not found - Turing Design');
    await page.getByRole('button', { name: 'Back to homepage' }).click();
    await expect(page).toHaveURL(/#\/home$/);
  });

  test('the header menu follows the path and "Try now" leads to design (then login)', async ({ page }) => {
    await page.goto('/#/community');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link', { name: 'Community' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Workspace' })).not.toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'Try now' }).click();
    await expect(page).toHaveURL(/#\/login\?redirect=%2Fdesign/);
  });

  test('the logo leads home', async ({ page }) => {
    await page.goto('/#/community');
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page).toHaveURL(/#\/home$/);
  });
});
