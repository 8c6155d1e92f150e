import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { installAxe, seriousViolations } from './support/axe.ts';
import { cards, generate, studioUser } from './support/studio.ts';

const png = path.join(import.meta.dirname, 'support', 'avatar.png');
const stage = (page: Page) => page.getByTestId('stage');
const actions = (page: Page) => stage(page).getByRole('toolbar', { name: 'Actions for this result' });

interface ApiTask {
  id: string;
  mode: string;
  state: string;
  params: Record<string, unknown>;
  results: { id: string }[];
}

/** Generates from the form as it is and waits until the new task, first on the film strip, completes. */
async function generateAndWait(page: Page) {
  const before = await page.request.get('/turing/design/task/list?limit=20');
  const count = ((await before.json()) as { data: { items: unknown[] } }).data.items.length;
  await generate(page).click();
  await expect(cards(page)).toHaveCount(count + 1);
  await expect(cards(page).first()).toHaveAttribute('data-state', 'complete', { timeout: 45_000 });
}

const balance = async (page: Page) =>
  ((await (await page.request.get('/turing/design/balance')).json()) as { data: { cubes: number } }).data.cubes;

/** The film strip is on screen, whole, without scrolling the page. */
async function stripInView(page: Page) {
  const strip = page.getByRole('region', { name: 'History' });
  await expect(strip).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = (await strip.boundingBox())!;
  expect(box.y).toBeGreaterThan(0);
  expect(box.y + box.height).toBeLessThanOrEqual(900);
}

test('vary a result subtly or strongly from the stage; each is a charged task of its own', async ({ page }) => {
  test.setTimeout(150_000);
  await studioUser(page);
  await page.goto('/#/design/text-generate');
  await page.getByTestId('prompt-input').fill('A brick chapel on a hill');
  await page.getByRole('radio', { name: '2' }).first().locator('..').click();
  await generateAndWait(page);
  await stripInView(page);

  const group = actions(page).getByRole('group', { name: /^Variations of this result, 2 cubes each$/ });
  await expect(group.getByRole('button', { name: /Vary \(new seed\)/ })).toBeVisible();
  await expect(group).toContainText('2 cubes');
  const before = await balance(page);

  await cards(page).first().getByRole('button', { name: 'Result 2 of 2' }).click();
  const [first] = (await (await page.request.get('/turing/design/task/list?limit=5')).json()).data.items as ApiTask[];
  const submitted = page.waitForRequest((req) => req.url().includes('/turing/design/task/submit'));
  await group.getByRole('button', { name: 'Vary subtly' }).click();
  const body = (await submitted).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    mode: 'iterate',
    baseImageId: first!.results[1]!.id,
    prompt: 'A brick chapel on a hill',
    imageWeight: 0.85,
    count: 2,
  });
  expect(body).not.toHaveProperty('seed');
  // The variation takes the stage as it starts, and is charged like any task.
  await expect(cards(page)).toHaveCount(2);
  await expect(stage(page).getByText('Iterative rendering', { exact: true })).toBeVisible();
  await expect(cards(page).first()).toHaveAttribute('data-state', 'complete', { timeout: 45_000 });
  expect(await balance(page)).toBe(before - 2);
  const [varied] = (await (await page.request.get('/turing/design/task/list?limit=5')).json()).data.items as ApiTask[];
  expect(varied).toMatchObject({ mode: 'iterate', state: 'complete' });
  expect(varied!.params.seed).not.toBe(first!.params.seed);

  const strong = page.waitForRequest((req) => req.url().includes('/turing/design/task/submit'));
  await actions(page).getByRole('button', { name: 'Vary strongly' }).click();
  expect((await strong).postDataJSON()).toMatchObject({ mode: 'iterate', imageWeight: 0.45 });
  await expect(cards(page).first()).toHaveAttribute('data-state', 'complete', { timeout: 45_000 });
});

test('a typed seed stays when "Keep seed" is ticked, and every task runs with it', async ({ page }) => {
  test.setTimeout(120_000);
  await studioUser(page);
  await page.goto('/#/design/text-generate');
  await page.getByTestId('prompt-input').fill('A timber tower');
  const seed = page.getByRole('spinbutton', { name: 'Seed' });
  await seed.fill('4242');
  const keep = page.getByRole('checkbox', { name: 'Keep seed' });
  await expect(keep).not.toBeChecked();
  await keep.click();
  await expect(keep).toBeChecked();
  await expect(seed).toHaveValue('4242');

  for (const n of [1, 2]) {
    const submitted = page.waitForRequest((req) => req.url().includes('/turing/design/task/submit'));
    await generate(page).click();
    expect((await submitted).postDataJSON()).toMatchObject({ seed: 4242 });
    await expect(cards(page)).toHaveCount(n);
    await expect(seed).toHaveValue('4242');
    await expect(keep).toBeChecked();
  }
});

test('the full-screen view zooms to actual pixels and beyond, and moves the image', async ({ page }) => {
  test.setTimeout(120_000);
  await studioUser(page);
  await page.goto('/#/design/text-generate');
  await page.getByTestId('prompt-input').fill('A glass pavilion in a park');
  await generateAndWait(page);
  await stage(page)
    .getByRole('button', { name: /Full screen/ })
    .click();
  const full = page.getByTestId('stage-fullscreen');
  const level = full.getByTestId('zoom-level');
  const image = full.getByRole('img', { name: 'Result 1 of 1' });
  await expect(image).toBeVisible();
  const viewer = full.getByRole('group', { name: 'Image: scroll to zoom, drag to move' });
  await expect(full.getByRole('toolbar', { name: 'Zoom' })).toBeVisible();

  // A 768 × 576 result fits a 1440 × 900 window at its actual pixels; + goes past them.
  await page.keyboard.press('1');
  await expect(level).toHaveText(/100 %/);
  for (let i = 0; i < 3; i++) await page.keyboard.type('+');
  await expect(level).toHaveText(/195 %/);
  const zoomed = (await image.boundingBox())!;
  expect(zoomed.width).toBeCloseTo(768 * 1.25 ** 3, 0);

  // Dragged, the image follows the pointer; the arrows move it too (the image, not the results).
  const box = (await viewer.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  await page.mouse.move(centre.x - 40, centre.y - 60, { steps: 5 });
  await page.mouse.up();
  const dragged = (await image.boundingBox())!;
  expect(dragged.x).toBeCloseTo(zoomed.x - 40, 0);
  expect(dragged.y).toBeCloseTo(zoomed.y - 60, 0);
  await page.keyboard.press('ArrowLeft');
  expect((await image.boundingBox())!.x).toBeGreaterThan(dragged.x);

  // The wheel zooms around the pointer: the image point under it stays there.
  const at = { x: centre.x + 100, y: centre.y + 50 };
  const under = await image.boundingBox();
  const u = { x: (at.x - under!.x) / under!.width, y: (at.y - under!.y) / under!.height };
  await page.mouse.move(at.x, at.y);
  await page.mouse.wheel(0, -200);
  await expect(level).not.toHaveText(/195 %/);
  const wheeled = (await image.boundingBox())!;
  expect(wheeled.x + u.x * wheeled.width).toBeCloseTo(at.x, 0);
  expect(wheeled.y + u.y * wheeled.height).toBeCloseTo(at.y, 0);

  await page.keyboard.press('0');
  await expect(level).toHaveText(/100 %/);
  await full.getByRole('button', { name: 'Zoom in' }).click();
  await expect(level).toHaveText(/125 %/);
  await page.keyboard.press('Escape');
  await expect(full).toBeHidden();
});

test('the film strip shows without scrolling on every studio page at 1440 × 900', async ({ page }) => {
  test.setTimeout(150_000);
  await studioUser(page);
  await page.goto('/#/design/text-generate');
  await page.getByTestId('prompt-input').fill('A concrete library');
  await generateAndWait(page);
  await stripInView(page);

  await page.goto('/#/design/iteration-rendering');
  await page.getByTestId('slot-base').locator('input[type="file"]').first().setInputFiles(png);
  await expect(page.getByTestId('slot-base').getByRole('img', { name: 'Base image' })).toBeVisible({
    timeout: 20_000,
  });
  await stripInView(page);
  await page.getByTestId('prompt-input').fill('Warm evening light');
  await generateAndWait(page);
  await stripInView(page);
  // The compare view keeps to the frame too.
  await stage(page).getByText('Compare with base').click();
  const compare = (await stage(page).getByTestId('compare').boundingBox())!;
  const frame = (await stage(page).locator('.stage__frame').boundingBox())!;
  expect(compare.y + compare.height).toBeLessThanOrEqual(frame.y + frame.height + 1);
  await stripInView(page);

  await page.goto('/#/design/step-editing');
  await stripInView(page);
  await page.getByTestId('slot-base').locator('input[type="file"]').first().setInputFiles(png);
  await expect(page.locator('[data-mask-canvas]')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await stripInView(page);
  await page.getByRole('radio', { name: 'Results' }).locator('..').click();
  await stripInView(page);
});

test('the downloads of a batch are numbered, and an edit carries its source’s name', async ({ page }) => {
  test.setTimeout(150_000);
  await studioUser(page);
  await page.goto('/#/design/text-generate');
  await page.getByTestId('prompt-input').fill('Brick houses by a canal');
  await page.getByRole('radio', { name: '2' }).first().locator('..').click();
  await generateAndWait(page);
  const day = /\d{4}-\d{2}-\d{2}/.source;

  await cards(page).first().getByRole('button', { name: 'Result 2 of 2' }).click();
  const link = actions(page).getByTestId('download-link');
  const second = new RegExp(`^brick-houses-by-a-canal-${day}-2\\.png$`);
  await expect(link).toHaveAttribute('download', second);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(second);

  // "Edit a region" of it: the edit carries its name (the server's, which the link leaves it to).
  await actions(page)
    .getByRole('button', { name: /Edit a region/ })
    .click();
  await expect(page).toHaveURL(/\/design\/step-editing/);
  const canvas = page.locator('[data-mask-canvas]');
  await expect(canvas).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await page.getByRole('button', { name: /^Rectangle/ }).click();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.35, box.y + box.height * 0.35);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 8 });
  await page.mouse.up();
  await page.getByTestId('prompt-input').fill('A green roof');
  await generateAndWait(page);
  const [edit] = (await (await page.request.get('/turing/design/task/list?limit=5')).json()).data.items as ApiTask[];
  expect(edit!.mode).toBe('edit');
  const editLink = actions(page).getByTestId('download-link');
  await expect(editLink).toHaveAttribute('href', new RegExp(edit!.results[0]!.id));
  const [edited] = await Promise.all([page.waitForEvent('download'), editLink.click()]);
  expect(edited.suggestedFilename()).toMatch(new RegExp(`^brick-houses-by-a-canal-${day}-2-edited\\.png$`));
});

for (const [theme, locale] of [
  ['light', 'en'],
  ['dark', 'zh'],
] as const) {
  test(`the stage's variations and the zoom pass axe in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(
      ([t, l]) => {
        localStorage.setItem('THEME', JSON.stringify({ value: t, time: Date.now(), expire: null }));
        localStorage.setItem('LOCALE', JSON.stringify({ value: l, time: Date.now(), expire: null }));
      },
      [theme, locale],
    );
    await installAxe(page);
    await studioUser(page);
    await page.goto('/#/design/text-generate');
    await page.getByTestId('prompt-input').fill('A stone bridge');
    await generateAndWait(page);
    await expect(stage(page).getByTestId('vary-subtle')).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);
    await stage(page)
      .getByRole('button', { name: locale === 'en' ? /Full screen/ : /全\s?屏/ })
      .click();
    await expect(page.getByTestId('zoom-level')).toBeVisible();
    await page.keyboard.press('+');
    expect(await seriousViolations(page)).toEqual([]);
  });
}
