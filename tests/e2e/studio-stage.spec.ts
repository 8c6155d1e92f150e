import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { installAxe, seriousViolations } from './support/axe.ts';
import { cards, generate, studioUser } from './support/studio.ts';

const png = path.join(import.meta.dirname, 'support', 'avatar.png');
const prompt = (page: Page) => page.getByTestId('prompt-input');
const stage = (page: Page) => page.getByTestId('stage');
const stageImage = (page: Page) => stage(page).locator('img.stage__image');

async function uploadBase(page: Page) {
  const base = page.getByTestId('slot-base');
  await base.locator('input[type="file"]').first().setInputFiles(png);
  const img = base.getByRole('img', { name: 'Base image' });
  await expect(img).toBeVisible({ timeout: 20_000 });
  return (await img.getAttribute('src'))!;
}

/** The same image, whatever its link's signature: a restored draft asks for fresh links. */
const sameImage = (src: string) => new RegExp(`^${src.split('?')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?|$)`);

/** Generates from the form as it is and waits for the task to complete. */
async function generateAndWait(page: Page) {
  await generate(page).click();
  await expect(cards(page).first()).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
}

test('the stage shows the selected result large, and the arrow keys move between results', async ({ page }) => {
  test.setTimeout(90_000);
  await studioUser(page);
  await page.goto('/#/design/text-generate');
  await prompt(page).fill('A concrete chapel on a hill');
  await page.getByRole('radio', { name: '2' }).first().locator('..').click();
  await generateAndWait(page);

  // At 1440 x 900 the result is large: the frame takes the width right of the panel and half the height.
  const image = stageImage(page);
  await expect(image).toHaveAttribute('alt', 'Result 1 of 2');
  const box = (await image.boundingBox())!;
  expect(box.width).toBeGreaterThan(700);
  expect(box.height).toBeGreaterThan(440);
  expect(box.y + box.height).toBeLessThan(900);
  // Fitted, never cropped.
  expect(await image.evaluate((el) => getComputedStyle(el).objectFit)).toBe('contain');
  const first = await image.getAttribute('src');

  await page.keyboard.press('ArrowRight');
  await expect(image).toHaveAttribute('alt', 'Result 2 of 2');
  expect(await image.getAttribute('src')).not.toBe(first);
  await page.keyboard.press('ArrowLeft');
  await expect(image).toHaveAttribute('src', first!);

  // The upscale buttons carry their price.
  await expect(stage(page).getByTestId('upscale-2')).toContainText(/\d+ cubes?|in your plan/);

  // The batch side by side, then one back on the stage.
  await stage(page).getByText('Compare batch').click();
  const grid = stage(page).getByTestId('compare-grid');
  await expect(grid.getByRole('img')).toHaveCount(2);
  await grid.getByRole('button', { name: 'Result 2 of 2' }).click();
  await expect(image).toHaveAttribute('alt', 'Result 2 of 2');

  // Full screen: the arrows still work; Escape closes it.
  await stage(page)
    .getByRole('button', { name: /Full screen/ })
    .click();
  const full = page.getByTestId('stage-fullscreen');
  await expect(full.getByRole('img', { name: 'Result 2 of 2' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(full.getByRole('img', { name: 'Result 1 of 2' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(full).toBeHidden();
  await expect(image).toHaveAttribute('alt', 'Result 1 of 2');
});

test('a reload keeps each page’s draft, and "New design" clears it', async ({ page }) => {
  test.setTimeout(150_000);
  await studioUser(page);

  // Text to image: prompt, negative prompt, a setting and the result on the stage.
  await page.goto('/#/design/text-generate');
  await prompt(page).fill('A timber pavilion by a lake');
  await page.getByRole('radio', { name: 'HD', exact: true }).locator('..').click();
  await generateAndWait(page);
  const textResult = await stageImage(page).getAttribute('src');

  // Iterative rendering: its base image and prompt.
  await page.goto('/#/design/iteration-rendering');
  await expect(prompt(page)).toHaveValue('');
  const iterateBase = await uploadBase(page);
  await prompt(page).fill('Warm evening light');

  // Step editing: its own base image and prompt.
  await page.goto('/#/design/step-editing');
  await expect(prompt(page)).toHaveValue('');
  const editBase = await uploadBase(page);
  await prompt(page).fill('A green roof');

  await page.reload();
  await expect(prompt(page)).toHaveValue('A green roof');
  await expect(page.getByTestId('slot-base').getByRole('img', { name: 'Base image' })).toHaveAttribute(
    'src',
    sameImage(editBase),
  );

  await page.goto('/#/design/iteration-rendering');
  await page.reload();
  await expect(prompt(page)).toHaveValue('Warm evening light');
  await expect(page.getByTestId('slot-base').getByRole('img', { name: 'Base image' })).toHaveAttribute(
    'src',
    sameImage(iterateBase),
  );
  await generateAndWait(page);
  const iterateResult = await stageImage(page).getAttribute('src');
  await page.reload();
  await expect(stageImage(page)).toHaveAttribute('src', sameImage(iterateResult!));

  await page.goto('/#/design/text-generate');
  await page.reload();
  await expect(prompt(page)).toHaveValue('A timber pavilion by a lake');
  await expect(page.getByRole('radio', { name: 'HD', exact: true })).toBeChecked();
  await expect(stageImage(page)).toHaveAttribute('src', sameImage(textResult!));

  await page.getByRole('button', { name: 'New design' }).click();
  await expect(prompt(page)).toHaveValue('');
  await expect(stage(page).getByText(/Your results appear here/)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'SD', exact: true })).toBeChecked();
  await page.reload();
  await expect(prompt(page)).toHaveValue('');
  await expect(stage(page).getByText(/Your results appear here/)).toBeVisible();
  // The tasks stay in the history on the film strip.
  await expect(cards(page)).toHaveCount(2);
});

test('a draft comes back after the session ended and the user logged in again', async ({ page }) => {
  const account = await studioUser(page);
  await page.goto('/#/design/iteration-rendering');
  const base = await uploadBase(page);
  await prompt(page).fill('Morning mist over the roof');
  // The session ends (cookie gone): the app sends the user to log in.
  await page.context().clearCookies();
  await page.reload();
  await expect(page).toHaveURL(/#\/login/, { timeout: 15_000 });
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('E-mail address').fill(account.email);
  await login.getByLabel('Password').fill(account.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/#\/login/);
  await page.goto('/#/design/iteration-rendering');
  await expect(prompt(page)).toHaveValue('Morning mist over the roof');
  await expect(page.getByTestId('slot-base').getByRole('img', { name: 'Base image' })).toHaveAttribute(
    'src',
    sameImage(base),
  );
});

test('the studio with results passes axe-core in both themes', async ({ page }) => {
  test.setTimeout(150_000);
  await installAxe(page);
  await studioUser(page);
  await page.goto('/#/design/iteration-rendering');
  await uploadBase(page);
  await prompt(page).fill('Glass and brick');
  await page.getByRole('radio', { name: '2' }).first().locator('..').click();
  await generateAndWait(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.addInitScript((t) => {
      localStorage.setItem('THEME', JSON.stringify({ value: t, time: Date.now(), expire: null }));
    }, theme);
    await page.reload();
    await expect(stageImage(page)).toBeVisible();
    await expect(page.locator('.ant-skeleton-active, .ant-spin-spinning, .ant-btn-loading')).toHaveCount(0);
    expect(await seriousViolations(page), `${theme}: stage`).toEqual([]);
    await stage(page).getByText('Compare with base').click();
    await expect(stage(page).getByTestId('compare')).toBeVisible();
    expect(await seriousViolations(page), `${theme}: compare`).toEqual([]);
    await stage(page)
      .getByRole('button', { name: /Full screen/ })
      .click();
    await expect(page.getByTestId('stage-fullscreen')).toBeVisible();
    await page.waitForFunction(() => !document.querySelector('[class*="-enter"], [class*="-appear"]'));
    expect(await seriousViolations(page), `${theme}: full screen`).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('stage-fullscreen')).toBeHidden();
  }
});

test.describe('on a phone', () => {
  for (const width of [360, 390]) {
    test(`the studio with a result does not overflow at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await studioUser(page);
      await page.goto('/#/design/text-generate');
      await expect(page.getByTestId('pc-notice')).toBeVisible();
      await prompt(page).fill('A small house');
      await generateAndWait(page);
      await expect(stageImage(page)).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
