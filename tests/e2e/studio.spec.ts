import path from 'node:path';
import { expect, test } from '@playwright/test';
import { appHeader, cards, generate, studioUser } from './support/studio.ts';

const png = path.join(import.meta.dirname, 'support', 'avatar.png');

test('text to image: a task queues, generates and completes; the stage offers the full-size download', async ({
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
  // Every state the card shows, however briefly (on a busy machine a task may pass them in one poll).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { cardStates: string[] }).cardStates = seen;
    const record = () => {
      const state = document.querySelector('[data-testid="result-card"]')?.getAttribute('data-state');
      if (state && seen.at(-1) !== state) seen.push(state);
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
  await generate(page).click();

  const card = cards(page).first();
  await expect(card).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
  const states = await page.evaluate(() => (window as unknown as { cardStates: string[] }).cardStates);
  expect(states.at(-1)).toBe('complete');
  expect(states.slice(0, -1).every((state) => state === 'queued' || state === 'generating')).toBe(true);
  expect(states.length).toBeGreaterThan(1);
  await expect(card.getByRole('button', { name: /Result \d of 2/ })).toHaveCount(2);

  // The new task took the stage as it started; its first result is there once it completes.
  const stage = page.getByTestId('stage');
  await expect(stage.getByRole('img', { name: 'Result 1 of 2' })).toBeVisible();
  await card.getByRole('button', { name: 'Result 2 of 2' }).click();
  await expect(stage.getByRole('img', { name: 'Result 2 of 2' })).toBeVisible();
  const download = stage.getByTestId('download-link');
  await expect(download).toHaveAttribute('href', /.+/);
  // Named from the prompt and the day, numbered in its batch, by the link and by the server alike.
  const named = /^a-timber-pavilion-in-a-birch-forest-at-dusk-\d{4}-\d{2}-\d{2}-2\.png$/;
  await expect(download).toHaveAttribute('download', named);
  const href = (await download.getAttribute('href'))!;
  const file = await page.request.get(href);
  expect(file.ok()).toBe(true);
  expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="a-timber-pavilion/);

  // The film strip holds the task once, with both results.
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByTestId('history').getByRole('button', { name: /^Result/ })).toHaveCount(2);
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
  const stage = page.getByTestId('stage');
  await expect(stage.getByRole('img', { name: 'Result 1 of 1' })).toBeVisible();
  await stage.getByText('Compare with base').click();
  await expect(stage.getByTestId('compare')).toBeVisible();
  await stage.getByRole('button', { name: 'Use as new base' }).click();
  // The slot now shows the result (a stored result image), not the uploaded file.
  await expect(base.getByRole('img', { name: 'Base image' })).toHaveAttribute('src', /\/files\/private\/result\//);

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

test('a word package is created, applied (the form shows what it adds), edited and deleted', async ({ page }) => {
  await studioUser(page);
  await page.goto('/#/design/text-generate');
  await expect(page.getByText('None yet')).toBeVisible();
  await expect(generate(page)).toBeDisabled();

  await page.getByRole('button', { name: /\bNew$/ }).click();
  let dialog = page.getByRole('dialog', { name: 'New word package' });
  await dialog.getByLabel('Name').fill('Nordic dusk');
  await dialog.getByLabel('Positive prompt').fill('soft blue hour light, birch cladding');
  await dialog.getByLabel('Negative prompt').fill('people, cars');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Word package saved')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Applying it: the chip is checked, the form lists what it adds, and it is enough to generate with.
  const chip = page.locator('.studio-package-own').getByText('Nordic dusk', { exact: true });
  await chip.click();
  const adds = page.getByTestId('package-adds');
  await expect(adds).toContainText('Adds to the prompt');
  await expect(adds).toContainText('Nordic dusk');
  await expect(adds).toContainText('soft blue hour light, birch cladding');
  await expect(adds).toContainText('people, cars');
  await expect(generate(page)).toBeEnabled();

  await page.getByRole('button', { name: 'Edit Nordic dusk' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit word package' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Nordic dusk');
  await dialog.getByLabel('Positive prompt').fill('misty morning light, larch cladding');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(adds).toContainText('misty morning light, larch cladding');
  await expect(adds).not.toContainText('soft blue hour light');

  // What the task was made with: the package's words reach the engine.
  await generate(page).click();
  await expect(cards(page).first()).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
  const list = await page.request.get('/turing/design/task/list', { headers: appHeader });
  const [task] = (await list.json()).data.items as { promptSent: string }[];
  expect(task!.promptSent).toContain('misty morning light, larch cladding');

  await page.getByRole('button', { name: 'Edit Nordic dusk' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit word package' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Word package deleted')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Nordic dusk')).toHaveCount(0);
  await expect(adds).toBeHidden();
  await expect(page.getByText('None yet')).toBeVisible();
  await expect(generate(page)).toBeDisabled();
});

test('a text file renamed .png reaches the server, which refuses it with the wrong-format message', async ({
  page,
}) => {
  await studioUser(page);
  await page.goto('/#/design/iteration-rendering');
  const slot = page.getByTestId('slot-base');
  const upload = page.waitForResponse((r) => r.url().includes('/turing/upload/image'));
  await slot
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: 'plan.png',
      mimeType: 'image/png',
      buffer: Buffer.from('these are notes, not pixels\n'.repeat(40)),
    });
  expect((await (await upload).json()).code).toBe('IMAGE_FORMAT');
  await expect(page.getByTestId('slot-error-base')).toHaveText(
    'Wrong image format: only png, jpg and jpeg are accepted',
  );
  await expect(slot.getByRole('img', { name: 'Base image' })).toHaveCount(0);
  await expect(generate(page)).toBeDisabled();
});

test('with the cubes used up, Generate says the balance is insufficient and the purchase prompt leads to the product page', async ({
  page,
}) => {
  await studioUser(page);
  // The welcome grant is 20 cubes: 16 (four full-HD pictures) and 4 (two HD) spend it all.
  for (const data of [
    { mode: 'text', prompt: 'tower', quality: 'FHD', count: 4 },
    { mode: 'text', prompt: 'tower', quality: 'HD', count: 2 },
  ]) {
    const res = await page.request.post('/turing/design/task/submit', { headers: appHeader, data });
    expect((await res.json()).status).toBe(200);
  }
  const more = await page.request.post('/turing/design/task/submit', {
    headers: appHeader,
    data: { mode: 'text', prompt: 'tower' },
  });
  expect((await more.json()).code).toBe('INSUFFICIENT_BALANCE');

  const submits: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/turing/design/task/submit')) submits.push(r.url());
  });
  await page.goto('/#/design/text-generate');
  await page.getByTestId('prompt-input').fill('A brick library');
  await expect(page.getByTestId('cost')).toContainText('Uses 1 cube');
  await expect(page.getByTestId('cost')).toContainText('Balance: 0 cubes');
  await expect(generate(page)).toBeDisabled();
  const why = page.locator('#studio-generate-why');
  await expect(why).toContainText('This task needs 1 cube; you have 0 cubes. No variant of it fits your balance.');
  // Ctrl+Enter does not get past it either.
  await page.keyboard.press('Control+Enter');
  await page.getByRole('button', { name: 'Buy' }).hover();
  expect(submits).toEqual([]);

  await why.getByRole('button', { name: 'Buy' }).click();
  const prompt = page.getByRole('dialog', { name: 'Insufficient balance' });
  await expect(prompt).toContainText('Buy cubes or a time plan');
  await prompt.getByRole('button', { name: 'Go to product services' }).click();
  // One cube is missing and no plan was ever bought: the smallest cube pack is preselected.
  await expect(page).toHaveURL(/#\/user\/product\?product=[\w-]+$/);
  const products = (await (await page.request.get('/turing/billing/products')).json()).data as {
    id: string;
    kind: string;
    cubes: number;
  }[];
  const smallest = products.filter((p) => p.kind === 'cubes').sort((a, b) => a.cubes - b.cubes)[0]!;
  await expect(page.getByTestId(`product-${smallest.id}`)).toBeChecked();
});
