import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { installAxe, seriousViolations } from './support/axe.ts';
import { appHeader, cards, generate, studioUser } from './support/studio.ts';

const W = 1200;
const H = 900;
const NEED_REGION = 'Partial edit requires a region selected in the original image';

/** A picture W × H painted by `paint`, as a PNG file. */
async function picture(file: string, paint: (x: number, y: number) => [number, number, number]) {
  const pixels = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) pixels.set(paint(x, y), (y * W + x) * 3);
  await sharp(pixels, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toFile(file);
}

/** A little grain, as in a photograph, so the wand meets similar colours and not one flat one. */
const grain = (x: number, y: number) => ((x * 7 + y * 13) % 9) - 4;

async function uploadBase(page: Page, file: string) {
  await page.getByTestId('slot-base').locator('input[type="file"]').first().setInputFiles(file);
  const canvas = page.getByRole('application', { name: 'Mask canvas: paint the region of the image to change' });
  await expect(canvas).toHaveAttribute('aria-busy', 'false');
  return canvas;
}

/** Image pixel → page coordinates, as the editor fits the image before any zoom (16 px margin, centred). */
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

/** Whether the mask overlay the user sees covers a page point: the alpha of the editor's mask layer there. */
const shownAt = (page: Page, point: [number, number]) =>
  page
    .locator('[data-mask-canvas] canvas')
    .nth(1)
    .evaluate((canvas: HTMLCanvasElement, [x, y]) => {
      const box = canvas.getBoundingClientRect();
      const k = canvas.width / box.width;
      const pixel = canvas
        .getContext('2d')!
        .getImageData(Math.floor((x - box.left) * k), Math.floor((y - box.top) * k), 1, 1);
      return pixel.data[3]! > 0;
    }, point);

test('the magic wand selects an area in one click; subtract and undo; the task is sent that area', async ({
  page,
}, testInfo) => {
  await studioUser(page);
  const file = testInfo.outputPath('room.png');
  // A terracotta wall on the left, a blue one on the right.
  await picture(file, (x, y) => (x < 600 ? [196 + grain(x, y), 96, 64] : [72, 128 + grain(x, y), 200]));
  await page.goto('/#/design/step-editing');
  const canvas = await uploadBase(page, file);
  const at = await imageToPage(page);

  await canvas.focus();
  await page.keyboard.press('w');
  await expect(page.getByRole('button', { name: 'Magic wand (W)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('slider', { name: 'Tolerance' })).toBeVisible();
  await page.mouse.click(...at(300, 450));
  await expect(page.getByRole('button', { name: /^Undo/ })).toBeEnabled();
  await expect.poll(() => shownAt(page, at(300, 450))).toBe(true);
  await expect.poll(() => shownAt(page, at(20, 880))).toBe(true);
  expect(await shownAt(page, at(900, 450))).toBe(false);
  await expect(page.getByTestId('region-hint')).toBeHidden();
  await expect(generate(page)).toBeEnabled();

  // Alt-click subtracts the same wall: nothing is left, and the page says a region is needed.
  await page.keyboard.down('Alt');
  await page.mouse.click(...at(300, 450));
  await page.keyboard.up('Alt');
  await expect.poll(() => shownAt(page, at(300, 450))).toBe(false);
  await expect(page.getByTestId('region-hint')).toHaveText(NEED_REGION);
  await expect(generate(page)).toBeDisabled();

  // Undo brings the wall back.
  await page.getByRole('button', { name: /^Undo/ }).click();
  await expect.poll(() => shownAt(page, at(300, 450))).toBe(true);
  await expect(generate(page)).toBeEnabled();

  const maskUpload = page.waitForResponse(
    (r) => r.url().includes('/turing/upload/image') && r.url().includes('kind=mask') && r.ok(),
  );
  await generate(page).click();
  const mask = ((await (await maskUpload).json()) as { data: { url: string; width: number; height: number } }).data;
  expect([mask.width, mask.height]).toEqual([W, H]);
  const res = await page.request.get(mask.url, { headers: appHeader });
  expect(res.ok()).toBe(true);
  const grey = await sharp(await res.body())
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const m = (x: number, y: number) => grey.data[y * W + x]!;
  // The whole left wall, corners included, one pixel more at its edge, and none of the right wall.
  for (const [x, y] of [
    [300, 450],
    [0, 0],
    [599, 899],
    [600, 450],
  ] as const) {
    expect(m(x, y)).toBe(255);
  }
  for (const [x, y] of [
    [601, 450],
    [900, 450],
    [1199, 0],
  ] as const) {
    expect(m(x, y)).toBe(0);
  }
  let white = 0;
  for (let p = 0; p < W * H; p++) if (grey.data[p] === 255) white++;
  expect(white).toBe(601 * H);

  await expect(cards(page).first()).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
});

test('"select by line art" fills the area an outline encloses', async ({ page }, testInfo) => {
  await studioUser(page);
  const file = testInfo.outputPath('plan.png');
  // A sketch: white paper, a dark 3 px outline of the box (300, 200)–(899, 699).
  const onOutline = (x: number, y: number) =>
    x >= 300 && x < 900 && y >= 200 && y < 700 && (x < 303 || x >= 897 || y < 203 || y >= 697);
  await picture(file, (x, y) => (onOutline(x, y) ? [30, 30, 30] : [250, 250, 250]));
  await page.goto('/#/design/step-editing');
  await uploadBase(page, file);
  const at = await imageToPage(page);

  await page.getByRole('button', { name: 'Select by line art (L)' }).click();
  await expect(page.getByText(/Click inside an area enclosed by lines/)).toBeVisible();
  await page.mouse.click(...at(600, 450));
  await expect.poll(() => shownAt(page, at(600, 450))).toBe(true);
  await expect.poll(() => shownAt(page, at(310, 210))).toBe(true);
  expect(await shownAt(page, at(100, 100))).toBe(false);
  expect(await shownAt(page, at(1000, 450))).toBe(false);
  await expect(generate(page)).toBeEnabled();
});

for (const { theme, locale, tolerance } of [
  { theme: 'light', locale: 'en', tolerance: 'Tolerance' },
  { theme: 'dark', locale: 'zh', tolerance: '容差' },
] as const) {
  test(`the wand's tools and its selection in the ${theme} theme, ${locale}: named, and no serious axe finding`, async ({
    page,
  }, testInfo) => {
    await page.addInitScript(
      ([t, l]) => {
        localStorage.setItem('THEME', JSON.stringify({ value: t, time: Date.now(), expire: null }));
        localStorage.setItem('LOCALE', JSON.stringify({ value: l, time: Date.now(), expire: null }));
      },
      [theme, locale],
    );
    await installAxe(page);
    await studioUser(page);
    const file = testInfo.outputPath('room.png');
    await picture(file, (x, y) => (y < 500 ? [230, 222 + grain(x, y), 205] : [150, 104 + grain(x, y), 70]));
    await page.goto('/#/design/step-editing');
    await page.getByTestId('slot-base').locator('input[type="file"]').first().setInputFiles(file);
    const canvas = page.locator('[data-mask-canvas]');
    await expect(canvas).toHaveAttribute('aria-busy', 'false');
    const at = await imageToPage(page);
    await canvas.focus();
    await page.keyboard.press('w');
    await page.mouse.click(...at(600, 700));
    await expect.poll(() => shownAt(page, at(600, 700))).toBe(true);
    await expect(page.getByRole('slider', { name: tolerance })).toBeVisible();
    await page.mouse.move(...at(900, 300));
    await page.screenshot({ path: testInfo.outputPath(`wand-${theme}-${locale}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
  });
}
