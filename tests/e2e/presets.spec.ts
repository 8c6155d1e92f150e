import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { installAxe, seriousViolations } from './support/axe.ts';
import { cards, generate, studioUser } from './support/studio.ts';

/** A white-model-like base: a pale block with dark openings on a grey ground. */
async function whiteModel(file: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
    <rect width="600" height="400" fill="#dcdcdc"/><rect x="120" y="120" width="360" height="220" fill="#f7f7f7" stroke="#555" stroke-width="3"/>
    <rect x="170" y="170" width="80" height="100" fill="#666"/><rect x="350" y="170" width="80" height="100" fill="#666"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

/** The submit request's body and the task it answered with. */
function nextSubmit(page: Page) {
  return page
    .waitForResponse((r) => r.url().includes('/turing/design/task/submit'))
    .then(async (res) => ({
      body: res.request().postDataJSON() as Record<string, unknown>,
      task: ((await res.json()) as { data: { id: string; promptSent: string; params: Record<string, unknown> } }).data,
    }));
}

async function uploadBase(page: Page, file: string) {
  const slot = page.getByTestId('slot-base');
  await slot.locator('input[type="file"]').first().setInputFiles(file);
  await expect(slot.getByRole('img', { name: 'Base image' })).toBeVisible();
}

test('text to image: style and material cards and a room type make the prompt', async ({ page }) => {
  await studioUser(page);
  await page.goto('/#/design/text-generate');
  await page.getByText('Interior', { exact: true }).click();

  const style = page.getByRole('group', { name: 'Style' });
  const material = page.getByRole('group', { name: 'Material' });
  await expect(style.getByRole('checkbox')).toHaveCount(6);
  // The thumbnails load (a broken one would have no natural width).
  const thumb = style.locator('img').first();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await style.getByRole('checkbox', { name: 'Japandi 日式侘寂' }).check();
  await style.getByRole('button', { name: /Show all/ }).click();
  // Keyboard: Space on a focused card picks it.
  const deco = style.getByRole('checkbox', { name: 'Art Deco 装饰艺术' });
  await deco.focus();
  await page.keyboard.press('Space');
  await expect(deco).toBeChecked();
  await material.getByRole('checkbox', { name: 'Oak 橡木' }).check();
  const rooms = page.getByRole('group', { name: 'Room type' });
  await expect(page.getByRole('group', { name: 'Building type' })).toHaveCount(0);
  await rooms.getByText('Kitchen', { exact: true }).click();

  const submitted = nextSubmit(page);
  await generate(page).click();
  const { body, task } = await submitted;
  expect(body).toMatchObject({
    type: 'interior',
    tags: { style: ['japandi', 'art-deco'], material: ['oak'], function: ['kitchen'] },
  });
  expect(task.promptSent).toContain('light oak wood');
  expect(task.promptSent).toContain('kitchen interior');
  await expect(cards(page).first()).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
});

test('iterative rendering: a neural render extracts line art from the base and is named on the task', async ({
  page,
}, testInfo) => {
  await studioUser(page);
  await page.goto('/#/design/iteration-rendering');
  await uploadBase(page, await whiteModel(testInfo.outputPath('white-model.png')));
  const modes = page.getByRole('radiogroup', { name: 'Render mode' });
  await expect(modes.getByRole('radio', { name: 'Iteration' })).toBeChecked();
  await modes.getByRole('radio', { name: 'Neural render' }).check();
  await page.getByTestId('prompt-input').fill('Timber house at dusk');

  const submitted = nextSubmit(page);
  await generate(page).click();
  const { body, task } = await submitted;
  expect(body).toMatchObject({ mode: 'iterate', renderMode: 'neural', controlStrength: 0.9, imageWeight: 0.25 });
  expect(task.params.lineArtImageId).toEqual(expect.any(String));
  const card = cards(page).first();
  await expect(card.getByRole('group')).toHaveAccessibleName(/^Neural render · /);
  await expect(page.getByTestId('stage')).toContainText('Neural render');
  await expect(card).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
});

test('step editing: a material swap on a region submits an edit with the material’s words', async ({
  page,
}, testInfo) => {
  await studioUser(page);
  await page.goto('/#/design/step-editing');
  const file = await whiteModel(testInfo.outputPath('base.png'));
  await page.getByTestId('slot-base').locator('input[type="file"]').first().setInputFiles(file);
  const canvas = page.getByRole('application', { name: 'Mask canvas: paint the region of the image to change' });
  // The editor is its own chunk (Konva), slower to arrive while other journeys run.
  await expect(canvas).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });

  await page.getByRole('button', { name: /^Rectangle/ }).click();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 8 });
  await page.mouse.up();

  const swap = page.getByRole('radiogroup', { name: 'What the selected region becomes' });
  await swap.getByRole('radio', { name: 'Walnut 胡桃木' }).check();
  await expect(page.getByTestId('material-swap')).toContainText('Adds to the prompt: dark walnut wood');
  // The tag list leaves the materials to the swap.
  await expect(page.getByRole('group', { name: 'Material' })).toHaveCount(0);

  const submitted = nextSubmit(page);
  await generate(page).click();
  const { body, task } = await submitted;
  expect(body).toMatchObject({ mode: 'edit', tags: { material: ['walnut'] } });
  expect(body.maskImageId).toEqual(expect.any(String));
  expect(task.promptSent).toContain('dark walnut wood');
  await expect(cards(page).first()).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
});

// Light in English, dark in Chinese: the cards name both languages, so the names match either way.
for (const [theme, locale] of [
  ['light', 'en'],
  ['dark', 'zh'],
] as const) {
  test(`the preset cards, render modes and material swap pass axe (${theme}, ${locale})`, async ({ page }) => {
    await page.addInitScript(
      ([t, l]) => {
        localStorage.setItem('THEME', JSON.stringify({ value: t, time: Date.now(), expire: null }));
        localStorage.setItem('LOCALE', JSON.stringify({ value: l, time: Date.now(), expire: null }));
      },
      [theme, locale],
    );
    await installAxe(page);
    await studioUser(page);
    for (const route of ['text-generate', 'iteration-rendering', 'step-editing']) {
      await page.goto(`/#/design/${route}`);
      await expect(page.locator('.preset-card img').first()).toBeVisible();
      await expect(page.locator('#nprogress')).toHaveCount(0);
      await expect(page.locator('.ant-skeleton-active')).toHaveCount(0);
      if (route === 'text-generate') {
        await page.getByRole('checkbox', { name: /Modern/ }).check();
        await page.getByRole('checkbox', { name: /Oak/ }).check();
      }
      if (route === 'iteration-rendering') await page.getByRole('radio', { name: /Neural render|神经渲染/ }).check();
      if (route === 'step-editing') await page.getByRole('radio', { name: /Marble/ }).check();
      expect(await seriousViolations(page), `${route} (${theme}, ${locale})`).toEqual([]);
    }
  });
}
