import { expect, test, type Page } from '@playwright/test';
import { installAxe, seriousViolations } from './support/axe.ts';
import { otherUser, publishWork } from './support/community.ts';
import { registerThroughApi } from './support/session.ts';

/**
 * Every route of the app, in both themes and both languages, checked by axe-core: no violation of
 * serious or critical impact. Anonymous pages are visited anonymously, guarded pages logged in.
 * Each theme is checked in one language (light in English, dark in Chinese): colours and contrast
 * come from the theme, names and roles from the components, and both languages still pass through
 * every page. Checking all four pairs doubled this file's time and found nothing these two did not.
 */

type Theme = 'light' | 'dark';
type Locale = 'en' | 'zh';
const COMBOS: { theme: Theme; locale: Locale }[] = [
  { theme: 'light', locale: 'en' },
  { theme: 'dark', locale: 'zh' },
];
const TEXT = {
  // Ant Design spaces out a button's two Chinese characters.
  logIn: { en: /^Log in$/, zh: /^登 ?录$/ },
  forgot: { en: 'Forgot password?', zh: '忘记密码？' },
  newPackage: { en: 'New', zh: '新建' },
  buy: { en: /^Buy$/, zh: /^购 ?买$/ },
  firstResult: { en: 'Result 1 of 4', zh: '第 1 张结果，共 4 张' },
  fullScreen: { en: /Full screen/, zh: /全\s?屏/ },
} as const;

const ANONYMOUS = [
  '/home',
  '/login',
  '/login?tab=register',
  '/community',
  '/detail/42',
  '/own',
  '/developers',
  '/no/such/page',
  `/review/${'A'.repeat(43)}`,
];
const ACCOUNT = [
  '/home',
  '/own?selectedCollection=true',
  '/own?tab=likes',
  '/workspace',
  '/workspace?view=projects',
  '/user/profile',
  '/user/product',
  '/user/support',
  '/user/api-keys',
  '/user/webhooks',
];
const STUDIO = ['/design/text-generate', '/design/iteration-rendering', '/design/step-editing'];

/** Theme and language as the settings store keeps them (entries that never expire). */
async function useSettings(page: Page, theme: Theme, locale: Locale) {
  await page.addInitScript(
    ([t, l]) => {
      localStorage.setItem('THEME', JSON.stringify({ value: t, time: Date.now(), expire: null }));
      localStorage.setItem('LOCALE', JSON.stringify({ value: l, time: Date.now(), expire: null }));
    },
    [theme, locale],
  );
}

/**
 * Loaded: the route rendered, the progress bar gone, nothing spinning, and no element fading or
 * sliding in (a half-transparent menu would be measured with the wrong colours).
 */
async function settle(page: Page) {
  await expect(page.locator('main').first()).not.toBeEmpty();
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading')).toHaveCount(0);
  // Ant Design's motion classes are set from the first frame of an overlay's entry (before any
  // animation runs) until its exit is over.
  await page.waitForFunction(
    () =>
      !document.querySelector('[class*="-appear"], [class*="-enter"], [class*="-leave"]') &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

async function check(page: Page, label: string) {
  await settle(page);
  // axe rates a nested or second main only moderate; it still breaks "skip to main content".
  await expect.soft(page.getByRole('main'), `one main landmark on ${label}`).toHaveCount(1);
  expect.soft(await seriousViolations(page), `accessibility of ${label}`).toEqual([]);
}

async function visit(page: Page, path: string, label: string) {
  await page.goto(`/#${path}`);
  await check(page, `${path} (${label})`);
}

for (const { theme, locale } of COMBOS) {
  const label = `${theme}, ${locale}`;

  test.describe(`${theme} theme, ${locale}`, () => {
    test.beforeEach(async ({ page }) => {
      test.setTimeout(120_000);
      await useSettings(page, theme, locale);
      await installAxe(page);
    });

    test('anonymous pages', async ({ page, baseURL }) => {
      // The gallery with content, a work's detail page, and its creator's home page and achievements.
      const creator = await otherUser(baseURL!, 'A11y Creator');
      const work = await publishWork(creator, { prompt: 'A brick library by a canal', title: 'Canal library' });
      const home = (await (await creator.get('/turing/user/home')).json()) as { data: { id: string } };
      await creator.dispose();
      const own = `/own?userId=${home.data.id}`;
      for (const path of [...ANONYMOUS, `/detail/${work.id}`, own, `${own}&tab=achievements`]) {
        await visit(page, path, label);
      }
      // The login form's error messages, then the password reset form.
      await page.goto('/#/login');
      await settle(page);
      await page.getByRole('button', { name: TEXT.logIn[locale] }).click();
      await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
      await check(page, `login errors (${label})`);
      await page.getByRole('button', { name: TEXT.forgot[locale] }).click();
      await check(page, `password reset (${label})`);
    });

    test('account pages and the avatar menu', async ({ page }) => {
      await registerThroughApi(page, 'A11y Tester');
      for (const path of ACCOUNT) await visit(page, path, label);
      const made = await page.request.post('/turing/project/create', {
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        data: { name: 'A11y project', views: ['Street elevation', 'Living room'] },
      });
      await visit(page, `/project/${((await made.json()) as { data: { id: string } }).data.id}`, label);

      await page.getByTestId('user-menu').hover();
      // The dropdown's menu, not the user centre's side menu on the page behind it.
      await expect(page.locator('.ant-dropdown').getByRole('menu')).toBeVisible();
      await check(page, `the avatar menu (${label})`);

      // The development provider's test payment, over a pending order in the order history.
      const products = (await (await page.request.get('/turing/billing/products')).json()) as {
        data: { id: string }[];
      };
      const created = await page.request.post('/turing/billing/order/create', {
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        data: { productId: products.data[0]!.id, currency: locale === 'zh' ? 'CNY' : 'USD', provider: 'dev' },
      });
      const { order } = ((await created.json()) as { data: { order: { id: string } } }).data;
      await page.goto(`/#/user/product?pay=${order.id}`);
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, `the test payment (${label})`);
    });

    test('studio pages, the tour, the word package editor, results and the purchase dialog', async ({ page }) => {
      await registerThroughApi(page);
      // The first visit opens the beginner guide over the page; Escape closes it for good.
      await page.goto('/#/design/text-generate');
      await expect(page.locator('.ant-tour')).toBeVisible();
      await check(page, `the studio tour (${label})`);
      await page.keyboard.press('Escape');
      await expect(page.locator('.ant-tour')).toBeHidden();

      for (const path of STUDIO) await visit(page, path, label);

      await page.goto('/#/design/text-generate');
      await settle(page);
      // The button's name also carries its icon's ("plus New").
      await page.getByRole('button', { name: new RegExp(`${TEXT.newPackage[locale]}$`) }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, `the word package editor (${label})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      // The largest task spends most of the welcome cubes: its results show, and the next one
      // cannot be paid, which offers the purchase dialog.
      await page.getByTestId('prompt-input').fill('A timber pavilion in a birch forest at dusk');
      await page.getByRole('radio', { name: 'FHD', exact: true }).locator('..').click();
      await page.getByRole('radio', { name: '4', exact: true }).locator('..').click();
      await page.getByTestId('generate').click();
      await expect(page.getByTestId('result-card').first()).toHaveAttribute('data-state', 'complete', {
        timeout: 30_000,
      });
      await check(page, `results (${label})`);
      await page.getByTestId('result-card').first().getByRole('button', { name: TEXT.firstResult[locale] }).click();
      await page.getByTestId('stage').getByRole('button', { name: TEXT.fullScreen[locale] }).click();
      await expect(page.getByTestId('stage-fullscreen')).toBeVisible();
      await check(page, `the full-screen result (${label})`);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('stage-fullscreen')).toBeHidden();
      await page.getByRole('button', { name: TEXT.buy[locale] }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, `the purchase dialog (${label})`);
    });
  });
}
