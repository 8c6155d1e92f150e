import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { installAxe, seriousViolations } from './support/axe.ts';
import { generate, studioUser } from './support/studio.ts';

// The journeys' server has a Stability key (its API is never reached) and none for FLUX or Wan.

async function photo(file: string, colour: string) {
  await sharp({ create: { width: 600, height: 400, channels: 3, background: colour } })
    .png()
    .toFile(file);
}

const picker = (page: Page) => page.getByRole('combobox', { name: 'Model' });
const option = (page: Page, name: string) => page.getByTestId(`model-option-${name}`);
const balance = async (page: Page) => (await (await page.request.get('/turing/design/balance')).json()).data.cubes;

test('the studio shows what each model can do, disables one that cannot use a reference, and refuses it uncharged', async ({
  page,
}, info) => {
  await studioUser(page);
  await page.goto('/#/design/iteration-rendering');
  const base = info.outputPath('base.png');
  const reference = info.outputPath('reference.png');
  await photo(base, '#c8c2b4');
  await photo(reference, '#5a6f8a');
  await page.getByTestId('slot-base').locator('input[type="file"]').first().setInputFiles(base);
  await expect(page.getByTestId('slot-base').getByRole('img', { name: 'Base image' })).toBeVisible();

  // The models this server runs, each with its price and what it can do; FLUX and Wan are not set up here.
  await picker(page).click();
  await expect(option(page, 'architecture')).toContainText('1 cube / image');
  await expect(option(page, 'architecture')).toContainText('中文 prompts');
  const core = option(page, 'stable-image-core');
  await expect(core).toContainText('2 cubes / image');
  await expect(core).toContainText('Up to 4 images');
  await expect(core).toContainText('Line art');
  await expect(option(page, 'flux-pro')).toHaveCount(0);
  await expect(option(page, 'wan')).toHaveCount(0);
  await core.click();
  await expect(picker(page).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText(
    'Stable Image Core · 2 cubes / image',
  );
  await expect(page.getByTestId('model-count-max')).toHaveText('Stable Image Core makes up to 4 images per task.');
  // Stability restyles an iteration after a reference (Style Transfer): nothing to say.
  await page.getByTestId('slot-reference').locator('input[type="file"]').first().setInputFiles(reference);
  await expect(page.getByTestId('slot-reference').getByRole('img', { name: 'Reference', exact: true })).toBeVisible();
  await expect(page.getByTestId('model-unusable')).toHaveCount(0);
  await expect(page.getByTestId('reference-ignored')).toHaveCount(0);

  // Text to image with a reference: the built-in preview engine does not use one there. The slot,
  // the picker and the form say why.
  await page.goto('/#/design/text-generate');
  await page.getByTestId('prompt-input').fill('a courtyard house');
  await page.getByTestId('slot-reference').locator('input[type="file"]').first().setInputFiles(reference);
  await expect(page.getByTestId('slot-reference').getByRole('img', { name: 'Reference', exact: true })).toBeVisible();
  await expect(page.getByTestId('reference-ignored')).toHaveText(
    'Architecture does not use a reference image for text to image. Remove this one, or choose another model.',
  );
  await expect(page.getByTestId('model-unusable')).toContainText(
    'Architecture cannot be used here: Cannot use a reference image.',
  );
  await picker(page).click();
  const disabled = page.getByRole('option', { name: /^Architecture,.*Cannot use a reference image$/ });
  await expect(disabled).toHaveAttribute('aria-disabled', 'true');
  await expect(option(page, 'architecture').getByTestId('model-why')).toHaveText('Cannot use a reference image');
  await expect(page.getByRole('option', { name: /^Stable Image Core,/ })).toHaveAttribute('aria-disabled', 'false');
  await page.keyboard.press('Escape');

  // Submitted anyway: refused with the reason, and nothing charged.
  const before = await balance(page);
  await generate(page).click();
  await expect(page.locator('.ant-message-notice')).toContainText(
    'This model cannot use a reference image, nothing was charged',
  );
  expect(await balance(page)).toBe(before);

  // Without the reference the model takes the task.
  await page.getByTestId('slot-reference').getByRole('button', { name: 'Remove the Reference' }).click();
  await expect(page.getByTestId('model-unusable')).toHaveCount(0);
  await generate(page).click();
  await expect(page.getByTestId('cost')).toBeVisible();
  await expect.poll(() => balance(page)).toBe(before - 1);
});

// The open picker, with a model disabled and its reason, in both themes (light in English, dark in Chinese).
for (const [theme, locale] of [
  ['light', 'en'],
  ['dark', 'zh'],
] as const) {
  test(`the open model picker passes axe (${theme}, ${locale})`, async ({ page }, info) => {
    await page.addInitScript(
      ([t, l]) => {
        localStorage.setItem('THEME', JSON.stringify({ value: t, time: Date.now(), expire: null }));
        localStorage.setItem('LOCALE', JSON.stringify({ value: l, time: Date.now(), expire: null }));
      },
      [theme, locale],
    );
    await installAxe(page);
    await studioUser(page);
    // Text to image with a reference, which the built-in preview engine does not use there.
    await page.goto('/#/design/text-generate');
    const reference = info.outputPath('reference.png');
    await photo(reference, '#5a6f8a');
    await page.getByTestId('slot-reference').locator('input[type="file"]').first().setInputFiles(reference);
    await expect(page.getByTestId('slot-reference').locator('img.image-slot__img')).toBeVisible();
    await expect(page.getByTestId('reference-ignored')).toBeVisible();
    await page.getByRole('combobox', { name: /^(Model|模型)$/ }).click();
    await expect(option(page, 'architecture').getByTestId('model-why')).toBeVisible();
    await expect(page.locator('#nprogress')).toHaveCount(0);
    expect(await seriousViolations(page), `the open model picker (${theme}, ${locale})`).toEqual([]);
  });
}
