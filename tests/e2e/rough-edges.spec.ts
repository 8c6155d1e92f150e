import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { installAxe, seriousViolations } from './support/axe.ts';
import { otherUser, publishWork } from './support/community.ts';
import { registerThroughApi } from './support/session.ts';
import { appHeader, studioUser } from './support/studio.ts';

/**
 * The account and the site's smaller pages as a user walks through them: the likes on one's own
 * home page, WeChat binding on a site without it, the 404 page, a balance history that reads in
 * words, prices per pack, a logout that leaves nothing asking for the ended session, and the
 * section menus of a phone.
 */

type Theme = 'light' | 'dark';
type Locale = 'en' | 'zh';
const COMBOS: { theme: Theme; locale: Locale }[] = [
  { theme: 'light', locale: 'en' },
  { theme: 'dark', locale: 'zh' },
];
const PHONE = { width: 390, height: 844 };

async function useSettings(page: Page, theme: Theme, locale: Locale) {
  await page.addInitScript(
    ([t, l]) => {
      localStorage.setItem('THEME', JSON.stringify({ value: t, time: Date.now(), expire: null }));
      localStorage.setItem('LOCALE', JSON.stringify({ value: l, time: Date.now(), expire: null }));
    },
    [theme, locale],
  );
}

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { status: number; data: T; msg: string };
  if (body.status !== 200) throw new Error(`${res.url()}: ${body.msg}`);
  return body.data;
}

/** A finished text-to-image task of the page's user, through the API. */
async function generated(request: APIRequestContext, params: object) {
  const task = await data<{ id: string }>(
    await request.post('/turing/design/task/submit', {
      headers: appHeader,
      data: { mode: 'text', prompt: 'A courtyard house in rammed earth', ...params },
    }),
  );
  await expect
    .poll(
      async () => (await data<{ state: string }>(await request.get(`/turing/design/task/get?id=${task.id}`))).state,
      { timeout: 30_000 },
    )
    .toBe('complete');
}

/** An order of the page's user, paid (or left pending) on the development provider. */
async function order(request: APIRequestContext, productId: string, paid: boolean) {
  const { order: made } = await data<{ order: { id: string } }>(
    await request.post('/turing/billing/order/create', {
      headers: appHeader,
      data: { productId, currency: 'USD', provider: 'dev' },
    }),
  );
  if (paid) {
    await data(
      await request.post('/turing/billing/dev/confirm', { headers: appHeader, data: { id: made.id, outcome: 'paid' } }),
    );
  }
}

/** Loaded: nothing spinning, no progress bar, no element fading in (axe would measure it half-drawn). */
async function settled(page: Page) {
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading')).toHaveCount(0);
  await page.waitForFunction(
    () =>
      !document.querySelector('[class*="-appear"], [class*="-enter"], [class*="-leave"]') &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

async function axeClean(page: Page, label: string) {
  await settled(page);
  expect.soft(await seriousViolations(page), `accessibility of ${label}`).toEqual([]);
}

test('one’s own home page lists the works one liked, and no one else’s page shows them', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const creator = await otherUser(baseURL!, 'Liked Creator');
  const title = `Rammed earth school ${Date.now()}`;
  const work = await publishWork(creator, { prompt: 'A rammed earth school', title });
  const creatorId = (await data<{ id: string }>(await creator.get('/turing/user/home'))).id;
  await creator.dispose();

  await registerThroughApi(page, 'Liking Lena');
  await data(await page.request.post('/turing/community/work/like', { headers: appHeader, data: { id: work.id } }));
  await page.goto('/#/own');
  await page.getByRole('tab', { name: 'Likes' }).click();
  await expect(page).toHaveURL(/#\/own\?tab=likes$/);
  const likes = page.getByTestId('own-likes');
  await expect(likes.getByRole('link', { name: title })).toBeVisible();
  await expect(likes).toContainText('Liked Creator');
  await expect(page.getByText('Only you can see the works you liked.')).toBeVisible();

  // The address opens the tab again; on the creator's page there is no such tab to open.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Likes' })).toHaveAttribute('aria-selected', 'true');
  await page.goto(`/#/own?userId=${creatorId}&tab=likes`);
  await expect(page.getByTestId('own-works').getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Likes' })).toHaveCount(0);
});

test('the account settings say why WeChat cannot be bound on a site without WeChat sign-in', async ({ page }) => {
  await registerThroughApi(page);
  await page.goto('/#/user/profile');
  await expect(
    page.getByText('Not available here: this site has not enabled WeChat sign-in.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Bind WeChat/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Bind WeChat/ })).toHaveCount(0);
});

test('the 404 page says what happened and leads back into the product, in both languages', async ({ page }) => {
  await page.goto('/#/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: /404\s*Page not found/ })).toBeVisible();
  await expect(page.getByText('The link may be out of date or mistyped.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Browse the design community' }).click();
  await expect(page).toHaveURL(/#\/community$/);

  await page.goto('/#/another/missing/page');
  await page.getByRole('link', { name: 'Open the AI design studio' }).click();
  // The studio wants an account: a visitor is asked to log in first.
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fdesign/);

  await useSettings(page, 'dark', 'zh');
  await page.goto('/#/missing');
  // A new hash is no new document: the settings are read again on a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /404\s*页面不存在/ })).toBeVisible();
  await expect(page.getByRole('link', { name: '浏览设计社区' })).toBeVisible();
  await expect(page.getByRole('button', { name: '返回首页' })).toBeVisible();
});

test('the balance history and its export name tasks and products in words; packs are priced per pack', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await studioUser(page);
  await generated(page.request, { count: 2, quality: 'HD' });
  await order(page.request, 'cubes-50', true);
  await order(page.request, 'plan-month', true);

  await page.goto('/#/user/product');
  // Each product is a radio named by its card: name, what it gives, price.
  await expect(page.getByTestId('product-cubes-50')).toHaveAccessibleName(/\$1\.49 per pack$/);
  await expect(page.getByTestId('product-plan-day')).toHaveAccessibleName(/\$1\.99 each$/);
  const ledger = page.getByTestId('ledger-table');
  for (const words of ['Text to image · 2 images · HD', 'Cube pack: 50 cubes', 'Plan: Monthly']) {
    await expect(ledger.getByRole('cell', { name: words, exact: true })).toBeVisible();
  }
  await expect(ledger.getByRole('columnheader', { name: 'Details' })).toBeVisible();

  const href = await page.getByRole('link', { name: 'Export CSV' }).evaluate((a) => (a as HTMLAnchorElement).href);
  const lines = async (language: Locale) =>
    (await (await page.request.get(href, { headers: { 'accept-language': language } })).text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
  const en = await lines('en');
  expect(en[0]).toBe('Time (UTC),Type,Details,Cubes,Plan days,Kind code');
  expect(en).toContainEqual(expect.stringMatching(/,Generation,Text to image · 2 images · HD,-\d+,0,charge$/));
  expect(en).toContainEqual(expect.stringMatching(/,Purchase,Plan: Monthly,0,30,purchase$/));
  const zh = await lines('zh');
  expect(zh[0]).toBe('时间（UTC）,类型,明细,魔方,套餐天数,类型代码');
  expect(zh).toContainEqual(expect.stringMatching(/,购买,魔方包：50 魔方,50,0,purchase$/));

  await useSettings(page, 'dark', 'zh');
  await page.reload();
  await expect(page.getByTestId('product-cubes-50')).toHaveAccessibleName(/每包 ¥9\.90$/);
  await expect(page.getByTestId('ledger-table').getByRole('cell', { name: '套餐：月卡', exact: true })).toBeVisible();
});

test('after logging out nothing asks for the ended session: no answer is a 401', async ({ page }) => {
  test.setTimeout(90_000);
  const account = await studioUser(page);
  // A page that polls and follows the task stream, with a task under way, and a page of lists.
  await page.goto('/#/design/text-generate');
  await page.getByTestId('prompt-input').fill('A timber pavilion by a lake');
  await page.getByTestId('generate').click();
  await expect(page.getByTestId('result-card').first()).toBeVisible();

  const afterLogout: { status: number; url: string }[] = [];
  let loggedOut = false;
  page.on('response', (res) => {
    if (loggedOut) afterLogout.push({ status: res.status(), url: res.url() });
  });
  const logOut = async () => {
    loggedOut = true;
    await page.getByTestId('user-menu').hover();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByRole('tab', { name: 'Log in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  };
  await logOut();
  expect(afterLogout.filter((r) => r.status === 401)).toEqual([]);
  expect(afterLogout.map((r) => r.url)).toContainEqual(expect.stringContaining('/turing/user/logout'));

  // Signing in again in the same tab opens a session whose pages load as before.
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('E-mail address').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  loggedOut = false;
  await page.goto('/#/user/product');
  await expect(page.getByTestId('ledger-table').getByRole('cell', { name: 'Welcome gift' })).toBeVisible();
  afterLogout.length = 0;
  await logOut();
  expect(afterLogout.filter((r) => r.status === 401)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the section menu sits above the page and covers none of its text', async ({ page }) => {
    await studioUser(page);
    await page.goto('/#/user/product');
    const heading = page.getByRole('heading', { level: 1, name: 'Product services' });
    await expect(heading).toBeVisible();
    // No button floats over the page: the sider's zero-width trigger is gone.
    await expect(page.locator('.ant-layout-sider-zero-width-trigger')).toHaveCount(0);
    const bar = page.getByRole('navigation', { name: 'User information' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Product services' })).toHaveAttribute('aria-current', 'page');

    // Whatever is drawn at the heading's and the introduction's points is the text itself.
    const intro = page.getByText('Cube packs never expire.', { exact: false });
    for (const text of [heading, intro]) {
      const uncovered = await text.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return [0.1, 0.5, 0.9].every((fx) => {
          const hit = document.elementFromPoint(box.left + box.width * fx, box.top + box.height / 2);
          return hit !== null && (el.contains(hit) || hit.contains(el));
        });
      });
      expect(uncovered).toBe(true);
    }
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual((await heading.boundingBox())!.y);

    await bar.getByRole('link', { name: 'User centre' }).click();
    await expect(page).toHaveURL(/#\/user\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'User centre' })).toBeVisible();
  });
});

for (const { theme, locale } of COMBOS) {
  test(`axe: the new and changed states pass (${theme}, ${locale})`, async ({ browser, baseURL }) => {
    test.setTimeout(150_000);
    const label = `${theme}, ${locale}`;
    const creator = await otherUser(baseURL!, 'Axe Creator');
    const work = await publishWork(creator, { prompt: 'A stone chapel on a hill', title: 'Hill chapel' });
    await creator.dispose();

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    await useSettings(page, theme, locale);
    await installAxe(page);
    await studioUser(page);
    await data(await page.request.post('/turing/community/work/like', { headers: appHeader, data: { id: work.id } }));

    // The studio's banner for copied parameters, with its "View the original" link.
    await page.goto(`/#/detail/${work.id}`);
    await page.getByTestId('copy-params').click();
    await expect(page.getByTestId('based-on')).toBeVisible();
    await axeClean(page, `the studio's based-on banner (${label})`);

    for (const path of ['/own?tab=likes', '/user/profile', '/no/such/page']) {
      await page.goto(`/#${path}`);
      await expect(page.locator('main').first()).not.toBeEmpty();
      await axeClean(page, `${path} (${label})`);
    }

    // A phone's order and balance tables, wider than the screen: each scrolls in a named region
    // that takes keyboard focus.
    await generated(page.request, { count: 1 });
    await order(page.request, 'cubes-50', false);
    await order(page.request, 'cubes-200', true);
    await page.setViewportSize(PHONE);
    await page.goto('/#/user/product');
    await expect(page.getByTestId('order-state').first()).toBeVisible();
    await expect(page.getByTestId('ledger-table').getByRole('cell', { name: /Cube pack|魔方包/ })).toBeVisible();
    for (const table of ['order-table', 'ledger-table']) {
      const region = page.getByRole('region').filter({ has: page.getByTestId(table) });
      await expect(region).toHaveAttribute('tabindex', '0');
      await expect(region).toHaveAttribute('aria-label', /.+/);
      expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await region.scrollIntoViewIfNeeded();
    }
    await axeClean(page, `the phone's order and balance history (${label})`);
    await page.close();
  });
}
