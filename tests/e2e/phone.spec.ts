import { expect, test, type Page } from '@playwright/test';
import { ownId, publishWork } from './support/published-work.ts';
import { registerThroughApi } from './support/session.ts';

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];

/** Each public page, with something on it that only shows once the page has rendered. */
const PUBLIC = [
  { path: '/home', ready: (p: Page) => p.getByRole('heading', { level: 1 }) },
  { path: '/login', ready: (p: Page) => p.getByRole('tab', { name: 'Log in' }) },
  { path: '/community', ready: (p: Page) => p.getByRole('heading', { name: 'Design community' }) },
  { path: '/detail/42', ready: (p: Page) => p.getByText('Work not found') },
  { path: '/own', ready: (p: Page) => p.getByText('Log in to see your home page') },
  { path: '/no-such-page', ready: (p: Page) => p.getByText('Sorry, the page you visited does not exist') },
];

const REGIONAL_INDICATORS = /[\u{1F1E6}-\u{1F1FF}]/u;

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  return menu;
}

for (const viewport of PHONES) {
  test.describe(`on a ${viewport.width}×${viewport.height} phone`, () => {
    test.use({ viewport });

    test('each public page fits the screen width', async ({ page }) => {
      for (const route of PUBLIC) {
        await page.goto(`/#${route.path}`);
        await expect(route.ready(page), route.path).toBeVisible();
        expect.soft(await overflow(page), `${route.path} overflows the screen by`).toBeLessThanOrEqual(0);
      }
    });

    test('a published work and its creator’s page fit the screen width', async ({ page }) => {
      test.setTimeout(90_000);
      const title = `Narrow gallery ${viewport.width} ${Date.now()}`;
      await registerThroughApi(page, 'Ines Moreau');
      const workId = await publishWork(page.request, title);
      await page.goto(`/#/detail/${workId}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.goto(`/#/own?userId=${await ownId(page.request)}`);
      await expect(page.getByTestId('own-works').getByRole('link', { name: title })).toBeVisible();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    });

    test('the header folds into a menu whose links and switches work', async ({ page }) => {
      await page.goto('/#/home');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The full header's links and buttons are out of sight and out of the accessibility tree.
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Community' })).toHaveCount(0);
      await expect(header.getByRole('button', { name: 'Try now' })).toHaveCount(0);

      let menu = await openMenu(page);
      for (const name of ['Workspace', 'AI Design', 'Community']) {
        await expect(menu.getByRole('link', { name })).toBeVisible();
      }
      await expect(menu.getByRole('button', { name: 'Try now' })).toBeVisible();
      await menu.getByRole('link', { name: 'Community' }).click();
      await expect(page).toHaveURL(/#\/community$/);
      await expect(menu).toBeHidden();
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      menu = await openMenu(page);
      await expect(menu.getByRole('link', { name: 'Community' })).toHaveAttribute('aria-current', 'page');
      await menu.getByRole('button', { name: 'Switch to the dark theme' }).click();
      await expect(page.locator('body')).toHaveClass(/\bdark\b/);
      await menu.getByRole('button', { name: '切换到中文' }).click();
      menu = page.getByRole('dialog', { name: '主菜单' });
      await expect(menu.getByRole('link', { name: '社区' })).toBeVisible();
      await menu.getByRole('button', { name: 'Switch to English' }).click();
      menu = page.getByRole('dialog', { name: 'Main menu' });

      // Visitors meet the login page on the way to the studio.
      await menu.getByRole('button', { name: 'Try now' }).click();
      await expect(page).toHaveURL(/#\/login/);
    });

    test('logged in, the menu lists the account links and the studio asks for a PC', async ({ page }) => {
      await registerThroughApi(page, 'Phone Tester');
      // The studio's first-visit tour would cover the page; this user has seen it.
      await page.request.post('/turing/user/beginnerGuide/set?key=design&done=true', {
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      });
      await page.goto('/#/community');
      let menu = await openMenu(page);
      await expect(menu).toContainText('Phone Tester');
      await expect(menu.getByRole('button', { name: 'Try now' })).toHaveCount(0);
      await menu.getByRole('link', { name: 'Favorites' }).click();
      await expect(page).toHaveURL(/#\/own\?selectedCollection=true$/);
      await expect(page.getByRole('tab', { name: 'Collection' })).toHaveAttribute('aria-selected', 'true');

      menu = await openMenu(page);
      await menu.getByRole('link', { name: 'AI Design' }).click();
      await expect(page).toHaveURL(/#\/design\/iteration-rendering$/);
      await expect(page.getByTestId('pc-notice')).toBeVisible();
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      menu = await openMenu(page);
      await expect(menu.getByRole('link', { name: 'AI Design' })).toHaveAttribute('aria-current', 'page');
      await menu.getByRole('button', { name: 'Log out' }).click();
      await expect(page).toHaveURL(/#\/login$/);
    });

    test('the country list of the phone number draws its flags as SVG, loaded with the list', async ({ page }) => {
      const flagSets: string[] = [];
      page.on('request', (r) => {
        // The chunk holding every flag (country-flag-icons/string/3x2).
        if (/\/assets\/3x2-[\w-]+\.js$/.test(r.url())) flagSets.push(r.url());
      });
      await page.goto('/#/login');
      const form = page.getByRole('form', { name: 'Log in' });
      await form.getByText('Phone', { exact: true }).click();
      const country = form.getByRole('button', { name: /^Country: / });
      // An en-US browser starts at the United States; a Chinese interface at China (phone-account.spec.ts).
      await expect(country).toHaveAccessibleName('Country: United States +1');
      await expect(country.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml,/);
      expect(flagSets).toEqual([]);

      await country.click();
      const list = page.getByRole('listbox');
      await expect(list).toBeVisible();
      const options = list.getByRole('option');
      const first = options.first().locator('img');
      await expect(first).toHaveAttribute('src', /^data:image\/svg\+xml,/);
      await expect(first).toHaveAttribute('alt', '');
      await expect
        .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      // Every option draws its flag (the list may still be filling in as the first one loads).
      await expect(list.locator('img')).toHaveCount(await options.count());
      expect(await list.innerText()).not.toMatch(REGIONAL_INDICATORS);
      expect(flagSets).toHaveLength(1);
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      await list.getByRole('option', { name: 'United Kingdom +44' }).click();
      await expect(country).toHaveAccessibleName('Country: United Kingdom +44');
      await expect(country.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    });
  });
}

test('on a 1440×900 desktop the full header shows and the menu button does not', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/#/home');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link', { name: 'Community' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Try now' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Open the menu' })).toBeHidden();
});
