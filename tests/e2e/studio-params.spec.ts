import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { appHeader, generate, studioUser } from './support/studio.ts';

interface ApiTask {
  id: string;
  state: string;
  params: Record<string, unknown>;
  results: { id: string; url: string; width: number; height: number; seed: number | null }[];
}

/** The user's tasks, newest first, once `count` of them have finished. */
async function finishedTasks(page: Page, count: number): Promise<ApiTask[]> {
  let items: ApiTask[] = [];
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/turing/design/task/list?limit=20');
        items = (await res.json()).data.items;
        return items.filter((t) => t.state === 'complete').length;
      },
      { timeout: 45_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return items;
}

const bytesOf = async (page: Page, url: string) => (await page.request.get(url)).body();

/** A 3:2 sketch with its label near the right edge: a 4:3 crop would cut the label off. */
async function sketch(file: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
    <rect width="600" height="400" fill="#fbfaf6"/>
    <path d="M80 320 L80 160 L260 80 L440 160 L440 320 Z" fill="none" stroke="#222" stroke-width="4"/>
    <rect x="480" y="340" width="100" height="40" fill="none" stroke="#222" stroke-width="3"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
}

test('iterative rendering keeps a 3:2 sketch’s view: 3:2 results, and another aspect shows its crop first', async ({
  page,
}, info) => {
  await studioUser(page);
  const file = info.outputPath('sketch-3x2.png');
  await sketch(file);
  await page.goto('/#/design/iteration-rendering');
  const base = page.getByTestId('slot-base');
  await base.locator('input[type="file"]').first().setInputFiles(file);
  await expect(base.getByRole('img', { name: 'Base image' })).toBeVisible();

  const size = page.getByTestId('size-select');
  await expect(size).toContainText('Same as the base image (3:2)');
  await expect(page.getByTestId('fit-preview')).toHaveCount(0);

  // Another aspect: the crop is outlined before anything is generated.
  await size.click();
  await page.locator('.ant-select-item-option', { hasText: '16:9 wide' }).click();
  const preview = page.getByTestId('fit-preview');
  await expect(preview).toContainText('cropped to 16:9');
  const kept = await page.getByTestId('fit-kept').boundingBox();
  const frame = await preview.locator('.studio-fit__frame').boundingBox();
  expect(kept!.width).toBeCloseTo(frame!.width, 0);
  expect(kept!.height).toBeLessThan(frame!.height - 5);

  await size.click();
  await page.locator('.ant-select-item-option', { hasText: 'Same as the base image (3:2)' }).click();
  await expect(page.getByTestId('fit-preview')).toHaveCount(0);

  await page.getByTestId('prompt-input').fill('White render, morning light');
  await generate(page).click();
  const [task] = await finishedTasks(page, 1);
  expect(task!.params.size).toBeUndefined();
  expect(task!.results[0]).toMatchObject({ width: 768, height: 512 });
  const meta = await sharp(await bytesOf(page, task!.results[0]!.url)).metadata();
  expect(meta.width! / meta.height!).toBeCloseTo(1.5, 2);
});

test('a kept seed gives the same image twice on the preview engine, and the seed shows in the form', async ({
  page,
}) => {
  await studioUser(page);
  await page.goto('/#/design/text-generate');
  await page.getByTestId('prompt-input').fill('A brick library on a hill');
  const seed = page.getByTestId('seed-input');
  await expect(seed).toHaveAttribute('placeholder', 'New for every task');
  await page.getByTestId('keep-seed').check();

  await generate(page).click();
  const [first] = await finishedTasks(page, 1);
  const kept = first!.params.seed as number;
  expect(first!.results[0]!.seed).toBe(kept);
  await expect(seed).toHaveValue(String(kept));

  await generate(page).click();
  const [second] = await finishedTasks(page, 2);
  expect(second!.id).not.toBe(first!.id);
  expect(second!.results[0]!.seed).toBe(kept);
  expect(await bytesOf(page, second!.results[0]!.url)).toEqual(await bytesOf(page, first!.results[0]!.url));

  // Without "keep", the field empties and the next task gets a seed of its own.
  await page.getByTestId('keep-seed').uncheck();
  await expect(seed).toHaveValue('');
});

test('eight pictures in one task, the price on Generate', async ({ page }) => {
  await studioUser(page);
  await page.goto('/#/design/text-generate');
  await page.getByTestId('prompt-input').fill('Eight towers');
  await page.getByRole('radio', { name: '8' }).first().locator('..').click();
  await expect(page.getByTestId('cost')).toContainText('Uses 8 cubes');
  await expect(generate(page)).toContainText('Generate · 8 cubes');
  await generate(page).click();
  const [task] = await finishedTasks(page, 1);
  expect(task!.results).toHaveLength(8);
  const seed = task!.params.seed as number;
  expect(task!.results.map((r) => r.seed)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => seed + i));
});

test('out-of-cubes message names both numbers and the largest variant that fits', async ({ page }) => {
  await studioUser(page);
  // The welcome grant is 20 cubes; four full-HD pictures leave 4.
  const spent = await page.request.post('/turing/design/task/submit', {
    headers: appHeader,
    data: { mode: 'text', prompt: 'tower', quality: 'FHD', count: 4 },
  });
  expect((await spent.json()).status).toBe(200);
  const refused = await page.request.post('/turing/design/task/submit', {
    headers: appHeader,
    data: { mode: 'text', prompt: 'tower', count: 8 },
  });
  expect(await refused.json()).toMatchObject({
    code: 'INSUFFICIENT_BALANCE',
    msg: 'Not enough cubes: this task needs 8 and you have 4; buy cubes or a time plan',
    details: { need: 8, have: 4, fits: { count: 4, quality: 'SD', cubes: 4 } },
  });

  await page.goto('/#/design/text-generate');
  await page.getByTestId('prompt-input').fill('A brick library');
  await page.getByRole('radio', { name: '8' }).first().locator('..').click();
  const why = page.locator('#studio-generate-why');
  await expect(why).toContainText('This task needs 8 cubes; you have 4 cubes. 4 × SD fits (4 cubes).');
  await expect(generate(page)).toBeDisabled();

  await why.getByRole('button', { name: 'Buy' }).click();
  const prompt = page.getByRole('dialog', { name: 'Insufficient balance' });
  await expect(prompt).toContainText('this task needs 8 and you have 4');
  await expect(prompt).toContainText('4 × SD fits (4 cubes).');
  await expect(prompt.getByRole('button', { name: 'Go to product services' })).toBeVisible();
  await prompt.getByRole('button', { name: 'Use it' }).click();
  await expect(prompt).toBeHidden();
  await expect(generate(page)).toBeEnabled();
  await expect(generate(page)).toContainText('Generate · 4 cubes');
});
