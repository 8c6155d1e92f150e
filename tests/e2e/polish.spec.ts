import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { installAxe, seriousViolations } from './support/axe.ts';
import { otherUser, publishWork } from './support/community.ts';
import { unique } from './support/outbox.ts';
import { registerThroughApi } from './support/session.ts';

const chosen = (key: string, value: string) =>
  `localStorage.setItem('${key}', JSON.stringify({ value: '${value}', time: Date.now(), expire: null }))`;

const inViewport = (page: Page, box: { y: number; height: number } | null) =>
  box !== null && box.y >= 0 && box.y + box.height <= page.viewportSize()!.height;

test.describe('a first visit follows the browser', () => {
  test.describe('in a Chinese browser with a dark system theme', () => {
    test.use({ locale: 'zh-CN', colorScheme: 'dark' });

    test('the app starts in Chinese and dark, until the visitor chooses', async ({ page }) => {
      await page.goto('/#/home');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('从草图到完整效果图，只需几分钟');
      await expect(page.locator('body')).toHaveClass(/dark/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

      // The visitor's choice wins from then on.
      await page.getByTestId('locale-toggle').click();
      await page.getByTestId('theme-toggle').click();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'From a sketch to a finished rendering in minutes',
      );
      await expect(page.locator('body')).not.toHaveClass(/dark/);
    });

    test('a stored choice wins over the browser', async ({ page }) => {
      await page.addInitScript(`${chosen('LOCALE', 'en')}; ${chosen('THEME', 'light')}`);
      await page.goto('/#/home');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'From a sketch to a finished rendering in minutes',
      );
      await expect(page.locator('body')).not.toHaveClass(/dark/);
    });

    test('the Chinese phone field starts at China +86', async ({ page }) => {
      await page.goto('/#/login');
      await page.getByText('手机号', { exact: true }).first().click();
      await expect(page.getByRole('button', { name: /^国家\/地区：/ })).toHaveAccessibleName('国家/地区：中国 +86');
    });
  });

  test.describe('in a British English browser', () => {
    test.use({ locale: 'en-GB' });

    test('the app is English and light, and the phone field starts at the United Kingdom', async ({ page }) => {
      await page.goto('/#/login');
      await expect(page.locator('body')).not.toHaveClass(/dark/);
      const form = page.getByRole('form', { name: 'Log in' });
      await form.getByText('Phone', { exact: true }).click();
      await expect(form.getByRole('button', { name: /^Country: / })).toHaveAccessibleName(
        'Country: United Kingdom +44',
      );
    });
  });
});

test('at 1440×900 a community search shows its works in the first screen, under filters that stay in view', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = unique('s');
  const creator = await otherUser(baseURL!, `Searcher ${tag}`);
  await publishWork(creator, { prompt: `A rammed earth library ${tag}`, title: `Earth library ${tag}` });

  await page.goto('/#/community');
  await page.getByTestId('filter-search').fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const card = page.getByTestId('work-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`Earth library ${tag}`);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(inViewport(page, await card.boundingBox())).toBe(true);
  // The filters stick under the header.
  await expect(page.getByRole('region', { name: 'Filter works' })).toHaveCSS('position', 'sticky');
});

test('a pending order is paid later from the order history', async ({ page }) => {
  await registerThroughApi(page);
  await page.goto('/#/user/product');
  await page.getByTestId('buy').click();
  const checkout = page.getByRole('dialog', { name: 'Test payment' });
  await expect(checkout).toBeVisible();
  // Left without paying: the order waits, and can be paid rather than only cancelled.
  await checkout.getByRole('button', { name: 'Close' }).click();
  await expect(checkout).toBeHidden();
  const orders = page.getByTestId('order-table');
  await expect(orders.getByTestId('order-state').first()).toHaveText('Awaiting payment');
  await orders.getByTestId('order-pay').first().click();
  await expect(checkout).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(checkout).toBeHidden();
  await expect(orders.getByTestId('order-state').first()).toHaveText('Paid');
  await expect(orders.getByTestId('order-pay')).toHaveCount(0);
});

test('a new avatar is cropped square before it is uploaded', async ({ page }) => {
  await registerThroughApi(page);
  // A wide picture: red on the left half, blue on the right.
  const wide = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#d03030' } })
    .composite([
      { input: { create: { width: 300, height: 300, channels: 3, background: '#3050d0' } }, left: 300, top: 0 },
    ])
    .png()
    .toBuffer();
  await page.goto('/#/user/profile');
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('avatar-upload').click();
  await (await chooser).setFiles({ name: 'wide.png', mimeType: 'image/png', buffer: wide });

  const dialog = page.getByRole('dialog', { name: 'Crop your avatar' });
  await expect(dialog).toBeVisible();
  // Zoom in, then move the picture to its right edge with the keyboard: the square is all blue.
  const frame = dialog.getByTestId('avatar-crop-frame');
  await frame.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('+');
  for (let i = 0; i < 60; i++) await page.keyboard.press('ArrowRight');
  await dialog.getByRole('button', { name: 'Use this avatar' }).click();
  await expect(page.getByText('Your avatar was updated')).toBeVisible();
  await expect(dialog).toBeHidden();

  const src = await page.getByTestId('user-menu').locator('img').getAttribute('src');
  const bytes = await (await page.request.get(src!)).body();
  const { width, height } = await sharp(bytes).metadata();
  expect(width).toBe(height);
  const { dominant } = await sharp(bytes).stats();
  expect(dominant.b).toBeGreaterThan(dominant.r);
});

test('the home hero compares a white model with its rendering; no "best on a PC" at 1440 px', async ({ page }) => {
  await page.goto('/#/home');
  const compare = page.getByTestId('home-compare');
  await expect(compare.getByRole('slider', { name: 'Compare the white model with its rendering' })).toBeVisible();
  expect(inViewport(page, await compare.boundingBox())).toBe(true);
  for (const img of await compare.locator('img').all())
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(640);
  await expect(page.getByTestId('pc-hint')).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('pc-hint')).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the pages changed here have no serious accessibility findings (${theme})`, async ({ page }) => {
    test.setTimeout(90_000);
    await installAxe(page);
    await page.addInitScript(chosen('THEME', theme));
    await registerThroughApi(page);
    await page.goto('/#/home');
    await expect(page.getByTestId('home-compare')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/#/community');
    await expect(page.getByTestId('filter-search')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/#/user/support');
    await expect(page.locator('form[id="support-ticket"]').getByLabel('Contact e-mail')).not.toHaveValue('');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/#/user/product');
    await page.getByTestId('buy').click();
    await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('order-pay').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/#/user/profile');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('avatar-upload').click();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    await (await chooser).setFiles({ name: 'a.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('dialog', { name: 'Crop your avatar' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const width of [360, 390]) {
  test(`on a ${width} px phone the changed pages fit the width`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await registerThroughApi(page);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto('/#/home');
    await expect(page.getByTestId('home-compare')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto('/#/community');
    await expect(page.getByTestId('filter-search')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    for (const [path, ready] of [
      ['/user/support', 'support-promise'],
      ['/user/product', 'buy'],
      ['/user/profile', 'avatar-upload'],
    ] as const) {
      await page.goto(`/#${path}`);
      await expect(page.getByTestId(ready)).toBeVisible();
      await expect.poll(overflow).toBeLessThanOrEqual(0);
    }
  });
}
