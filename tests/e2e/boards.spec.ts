import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { installAxe, seriousViolations } from './support/axe.ts';
import { appHeader, studioUser } from './support/studio.ts';

const DAY = new Date().toISOString().slice(0, 10);

/** One text-to-image task through the API, waited for until its result is filed in the workspace. */
async function generate(page: Page, prompt: string) {
  const res = await page.request.post('/turing/design/task/submit', {
    headers: appHeader,
    data: { mode: 'text', prompt, count: 1, tags: { style: [], material: [], function: [] } },
  });
  expect(res.ok()).toBe(true);
  const { data } = (await res.json()) as { data: { id: string } };
  await expect
    .poll(
      async () => {
        const r = await page.request.get(`/turing/design/task/get?id=${data.id}`, { headers: appHeader });
        return ((await r.json()) as { data: { state: string } }).data.state;
      },
      { timeout: 30_000 },
    )
    .toBe('complete');
}

/** A user with two results in the workspace, both selected, and the board dialog open. */
async function openBoardDialog(page: Page) {
  await studioUser(page);
  await generate(page, 'A timber pavilion on a quiet lake at dawn');
  await generate(page, '湖边的木亭，清晨');
  await page.goto('/#/workspace');
  await expect(page.getByTestId('image-card')).toHaveCount(2);
  await page.getByTestId('select-all').click();
  await page.getByTestId('batch-board').click();
  const dialog = page.getByRole('dialog', { name: 'Export board' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('boards: the selected images export as a PDF board, one image a page, with their captions', async ({ page }) => {
  test.setTimeout(120_000);
  await installAxe(page);
  const dialog = await openBoardDialog(page);

  // Both images are listed, their captions proposed from their prompts.
  const captions = dialog.getByRole('textbox', { name: /^Caption of image/ });
  await expect(captions).toHaveCount(2);
  await expect(dialog.getByRole('textbox', { name: 'Caption of image 1' })).toHaveValue('湖边的木亭，清晨');
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByLabel('Board title').fill('Lake pavilion 湖畔木亭');
  await dialog.getByText('A2', { exact: true }).click();
  await dialog.getByText('Portrait', { exact: true }).click();
  await dialog.getByText('150 DPI', { exact: true }).click();
  await dialog.getByText('1 image', { exact: true }).click();
  await expect(dialog.getByTestId('board-summary')).toContainText('2 pages of A2 Portrait, 2480 × 3508 px each');
  await dialog.getByRole('textbox', { name: 'View name of image 2' }).fill('Exterior');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByTestId('board-export-submit').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`lake-pavilion-湖畔木亭-${DAY}.pdf`);
  const pdf = await PDFDocument.load(fs.readFileSync(await download.path()));
  expect(pdf.getPageCount()).toBe(2);
  const size = pdf.getPage(0).getSize();
  // A2 portrait: 420 × 594 mm in points.
  expect(size.width).toBeCloseTo(1190.55, 1);
  expect(size.height).toBeCloseTo(1683.78, 1);
  expect(pdf.getTitle()).toBe('Lake pavilion 湖畔木亭');
  await expect(page.getByText(`Board exported: lake-pavilion-湖畔木亭-${DAY}.pdf`)).toBeVisible();
  await expect(dialog).toBeHidden();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the board dialog passes axe in the ${theme} theme, and speaks Chinese`, async ({ page }) => {
    test.setTimeout(120_000);
    await installAxe(page);
    await page.addInitScript(
      ([t, locale]) => {
        localStorage.setItem('THEME', JSON.stringify({ value: t, time: Date.now(), expire: null }));
        localStorage.setItem('LOCALE', JSON.stringify({ value: locale, time: Date.now(), expire: null }));
      },
      [theme, theme === 'dark' ? 'zh' : 'en'],
    );
    await studioUser(page);
    await generate(page, 'A timber pavilion on a quiet lake at dawn');
    await page.goto('/#/workspace');
    await expect(page.getByTestId('image-card')).toHaveCount(1);
    await page.getByTestId('select-all').click();
    await page.getByTestId('batch-board').click();
    const dialog = page.getByRole('dialog', { name: theme === 'dark' ? '导出展板' : 'Export board' });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page), theme).toEqual([]);
    if (theme === 'dark') {
      // A board with no title is refused here, in the user's language.
      await dialog.getByLabel('展板标题').fill('');
      await dialog.getByTestId('board-export-submit').click();
      await expect(dialog.getByText('请填写展板标题')).toBeVisible();
    }
  });
}
