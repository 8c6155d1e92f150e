import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { appHeader, cards, generate, studioUser } from './support/studio.ts';

const NEED_REGION = 'Partial edit requires a region selected in the original image';
const W = 1200;
const H = 900;

/** A base image with a different colour in nearly every pixel, so "unchanged" means something. */
async function baseImage(file: string) {
  const pixels = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 3;
      pixels[o] = (x * 5 + y * 3) % 256;
      pixels[o + 1] = (x * y) % 251;
      pixels[o + 2] = ((x ^ y) * 7) % 256;
    }
  }
  await sharp(pixels, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toFile(file);
  return pixels;
}

async function uploadBase(page: Page, file: string) {
  await page.getByTestId('slot-base').locator('input[type="file"]').first().setInputFiles(file);
  const canvas = page.getByRole('application', { name: 'Mask canvas: paint the region of the image to change' });
  await expect(canvas).toHaveAttribute('aria-busy', 'false');
  return canvas;
}

/**
 * Image pixel → page coordinates, as the editor shows the image before any zoom: fitted inside the
 * canvas with a 16 px margin, centred, never enlarged.
 */
async function imageToPage(page: Page) {
  const frame = await page.locator('[data-mask-canvas]').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + el.clientLeft, y: r.top + el.clientTop, width: el.clientWidth, height: el.clientHeight };
  });
  const scale = Math.min((frame.width - 32) / W, (frame.height - 32) / H, 1);
  const left = frame.x + (frame.width - W * scale) / 2;
  const top = frame.y + (frame.height - H * scale) / 2;
  return (x: number, y: number): [number, number] => [left + x * scale, top + y * scale];
}

async function drag(page: Page, from: [number, number], to: [number, number]) {
  await page.mouse.move(...from);
  await page.mouse.down();
  await page.mouse.move(...to, { steps: 12 });
  await page.mouse.up();
}

const tool = (page: Page, name: RegExp) => page.getByRole('button', { name }).click();

test('step editing: polygon, rectangle and eraser make the mask; only the region changes', async ({
  page,
}, testInfo) => {
  await studioUser(page);
  const file = testInfo.outputPath('base.png');
  const basePixels = await baseImage(file);
  await page.goto('/#/design/step-editing');
  await uploadBase(page, file);
  const at = await imageToPage(page);

  // A polygon closed on its first point; its third point is placed with Shift, straight below the second.
  await tool(page, /^Polygon/);
  await page.mouse.click(...at(150, 150));
  await page.mouse.click(...at(450, 120));
  await page.keyboard.down('Shift');
  await page.mouse.click(...at(500, 400));
  await page.keyboard.up('Shift');
  await page.mouse.click(...at(200, 420));
  await page.mouse.click(...at(151, 151));
  // A rectangle, then the eraser across it.
  await tool(page, /^Rectangle/);
  await drag(page, at(650, 500), at(1050, 800));
  await tool(page, /^Eraser/);
  await drag(page, at(600, 650), at(1100, 650));
  await expect(page.getByRole('button', { name: /^Undo/ })).toBeEnabled();
  await expect(page.getByTestId('region-hint')).toBeHidden();
  await expect(generate(page)).toBeEnabled();

  const maskUpload = page.waitForResponse(
    (r) => r.url().includes('/turing/upload/image') && r.url().includes('kind=mask') && r.ok(),
  );
  await generate(page).click();
  const mask = ((await (await maskUpload).json()) as { data: { url: string; width: number; height: number } }).data;
  expect([mask.width, mask.height]).toEqual([W, H]);

  const card = cards(page).first();
  await expect(card).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
  await card.getByRole('button', { name: 'Result 1 of 1' }).click();
  const href = await page.getByTestId('stage').getByTestId('download-link').getAttribute('href');

  const fetchBytes = async (url: string) => {
    const res = await page.request.get(url, { headers: appHeader });
    expect(res.ok()).toBe(true);
    return res.body();
  };
  const result = await sharp(await fetchBytes(href!))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = await sharp(await fetchBytes(mask.url))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Full resolution: the result and the mask are both the base image's size.
  expect([result.info.width, result.info.height, result.info.channels]).toEqual([W, H, 3]);
  expect([grey.info.width, grey.info.height]).toEqual([W, H]);

  // The mask is the drawing: polygon (its Shift edge vertical at x = 450) and rectangle white, the eraser's path black.
  const m = (x: number, y: number) => grey.data[y * W + x]!;
  expect(m(300, 270)).toBe(255); // inside the polygon
  expect(m(470, 300)).toBe(0); // inside the polygon only had the Shift point not snapped
  expect(m(850, 560)).toBe(255); // rectangle, above the eraser
  expect(m(850, 740)).toBe(255); // rectangle, below the eraser
  expect(m(850, 650)).toBe(0); // erased
  expect(m(1100, 100)).toBe(0); // never painted

  // Every pixel outside the region (mask below half grey, black included) is the base image's, exactly.
  let outside = 0;
  let differentOutside = 0;
  let changedInside = 0;
  for (let p = 0; p < W * H; p++) {
    const o = p * 3;
    const same =
      result.data[o] === basePixels[o] &&
      result.data[o + 1] === basePixels[o + 1] &&
      result.data[o + 2] === basePixels[o + 2];
    if (grey.data[p]! < 128) {
      outside++;
      if (!same) differentOutside++;
    } else if (!same) changedInside++;
  }
  expect(outside).toBeGreaterThan(W * H * 0.6);
  expect(differentOutside).toBe(0);
  // …and the region itself did change, so the comparison above is not of two copies of the original.
  expect(changedInside).toBeGreaterThan(10_000);
});

test('step editing refuses to submit without a region, and says why', async ({ page }, testInfo) => {
  await studioUser(page);
  const submits: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/turing/design/task/submit') || r.url().includes('kind=mask')) submits.push(r.url());
  });
  const file = testInfo.outputPath('base.png');
  await baseImage(file);
  await page.goto('/#/design/step-editing');
  const canvas = await uploadBase(page, file);

  await expect(generate(page)).toBeDisabled();
  await expect(page.locator('#studio-generate-why')).toHaveText(NEED_REGION);
  await expect(page.getByTestId('region-hint')).toHaveText(NEED_REGION);
  await canvas.focus();
  await page.keyboard.press('Control+Enter');

  // A region makes it possible; clearing it takes that back.
  const at = await imageToPage(page);
  await tool(page, /^Rectangle/);
  await drag(page, at(300, 300), at(600, 600));
  await expect(generate(page)).toBeEnabled();
  await expect(page.getByText(NEED_REGION)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear mask' }).click();
  await expect(generate(page)).toBeDisabled();
  await expect(page.getByTestId('region-hint')).toHaveText(NEED_REGION);
  await page.keyboard.press('Control+Enter');
  expect(submits).toEqual([]);
});

test('the mask editor (and Konva) is fetched by step editing only', async ({ page }) => {
  await studioUser(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const editor = () => scripts.filter((s) => /\/mask-editor-[^/]+\.js$/.test(s));

  await page.goto('/#/design/text-generate');
  await expect(generate(page)).toBeVisible();
  await page.goto('/#/design/iteration-rendering');
  await expect(page.getByTestId('slot-base')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(editor()).toEqual([]);

  // Step editing asks for it as soon as it opens, before any base image is chosen.
  await page.goto('/#/design/step-editing');
  await expect.poll(() => editor().length).toBe(1);
});
