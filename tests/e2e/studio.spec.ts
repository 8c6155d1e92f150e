import path from 'node:path';
import { expect, test } from '@playwright/test';
import { cards, generate, studioUser } from './support/studio.ts';

const png = path.join(import.meta.dirname, 'support', 'avatar.png');

test('text to image: a task queues, generates and completes; the viewer offers the full-size download', async ({
  page,
}) => {
  await studioUser(page);
  await page.goto('/#/design/text-generate');
  await expect(page.getByRole('heading', { level: 1, name: 'Text to image' })).toBeVisible();
  await expect(generate(page)).toBeDisabled();
  await expect(page.getByText('Describe the design, or choose tags or a word package')).toBeVisible();
  await expect(page.getByTestId('cost')).toContainText('Uses 1 cube');

  await page.getByTestId('prompt-input').fill('A timber pavilion in a birch forest at dusk');
  await expect(page.getByText('43 / 1000')).toBeVisible();
  // Segmented options are labels around hidden radios.
  await page.getByRole('radio', { name: '2' }).first().locator('..').click();
  await expect(page.getByTestId('cost')).toContainText('Uses 2 cubes');
  await generate(page).click();

  const card = cards(page).first();
  await expect(card).toHaveAttribute('data-state', /queued|generating/);
  await expect(card).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
  await expect(card.getByRole('button', { name: /Result \d of 2/ })).toHaveCount(2);

  await card.getByRole('button', { name: 'Result 1 of 2' }).click();
  const viewer = page.getByTestId('result-viewer');
  await expect(viewer).toBeVisible();
  const download = viewer.getByTestId('download-link');
  await expect(download).toHaveAttribute('href', /.+/);
  await expect(download).toHaveAttribute('download', /^turing-.+\.(png|jpe?g|webp)$/);
  const href = (await download.getAttribute('href'))!;
  expect((await page.request.get(href)).ok()).toBe(true);

  // The history lists the task too.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('history').getByRole('button')).toHaveCount(1);
});

test('iterative rendering: a result becomes the new base and a second round completes', async ({ page }) => {
  await studioUser(page);
  await page.goto('/#/design/iteration-rendering');
  await expect(generate(page)).toBeDisabled();

  const base = page.getByTestId('slot-base');
  await base.locator('input[type="file"]').first().setInputFiles(png);
  await expect(base.getByRole('img', { name: 'Base image' })).toBeVisible();
  await page.getByTestId('prompt-input').fill('Warm evening light, glass facade');
  await expect(generate(page)).toBeEnabled();
  await page.keyboard.press('Control+Enter');

  const first = cards(page).first();
  await expect(first).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
  await first.getByRole('button', { name: 'Result 1 of 1' }).click();
  const viewer = page.getByTestId('result-viewer');
  await expect(viewer.getByTestId('compare')).toBeVisible();
  const resultUrl = await viewer.getByTestId('download-link').getAttribute('href');
  await viewer.getByRole('button', { name: 'Use as new base' }).click();
  await expect(viewer).toBeHidden();
  await expect(base.getByRole('img', { name: 'Base image' })).toHaveAttribute('src', resultUrl!);

  await generate(page).click();
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
});

test('image slots refuse a wrong format and an image over 5MB before uploading', async ({ page }) => {
  await studioUser(page);
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/turing/upload/image')) uploads.push(r.url());
  });
  await page.goto('/#/design/iteration-rendering');
  const input = page.getByTestId('slot-base').locator('input[type="file"]').first();

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByTestId('slot-error-base')).toHaveText(
    'Wrong image format: only png, jpg and jpeg are accepted',
  );

  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByTestId('slot-error-base')).toHaveText('The image is over 5MB, please choose a smaller one');
  expect(uploads).toEqual([]);
});
