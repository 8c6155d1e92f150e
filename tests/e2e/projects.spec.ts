import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { installAxe, seriousViolations } from './support/axe.ts';
import { cards, generate, studioUser } from './support/studio.ts';

const PROJECT = 'Lake pavilion';

/** The version tree's nodes in reading order. */
const nodes = (page: Page) => page.getByTestId('version-tree').getByRole('treeitem');

/** No serious or critical accessibility finding on the page as it is now. */
async function accessible(page: Page, what: string) {
  await expect(page.locator('.ant-skeleton-active, .ant-spin-spinning')).toHaveCount(0);
  expect.soft(await seriousViolations(page), `accessibility of ${what}`).toEqual([]);
}

/** Chooses an option of the open Ant Design select by its text. */
async function pick(page: Page, text: string) {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

test('projects: two views with one style, a result and its iteration in the version tree, compared, picked, in both languages', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await installAxe(page);
  await studioUser(page);

  // A new project from the workspace, with the two suggested views.
  await page.goto('/#/workspace?view=projects');
  await page.getByTestId('project-create').click();
  const form = page.getByRole('dialog');
  await expect(form.getByTestId('project-view-input')).toHaveCount(2);
  await expect(form.getByTestId('project-view-input').first()).toHaveValue('Street elevation');
  await form.getByTestId('project-name-input').fill(PROJECT);
  await form.getByTestId('project-note-input').fill('Competition entry, north shore plot');
  await form.getByTestId('project-form-ok').click();
  await expect(page.getByTestId('project-title')).toHaveText(PROJECT);
  const projectUrl = page.url();
  await expect(page.getByTestId('view-tab')).toHaveText([/Street elevation/, /Living room/]);

  // One look across the views: style words and a fixed seed.
  await page.getByTestId('project-style').click();
  const style = page.getByRole('dialog');
  await style.getByTestId('style-words').fill('warm timber, soft evening light');
  await style.getByText('Fixed: the same for every view').click();
  await style.getByTestId('style-seed').fill('4242');
  await style.getByTestId('style-save').click();
  await expect(style).toBeHidden();
  await expect(page.getByTestId('project-style-on')).toBeVisible();

  // The studio's picker: the project's first view.
  await page.goto('/#/design/text-generate');
  const picker = page.getByTestId('studio-project');
  await expect(picker).toHaveText(/No project/);
  await picker.click();
  await page.getByTestId('studio-project-select').click();
  await pick(page, PROJECT);
  await expect(picker).toHaveText(/Lake pavilion · Street elevation/);
  await expect(page.getByTestId('studio-project-style')).toContainText('Project style');
  await accessible(page, 'the studio with the project picker open');
  await page.keyboard.press('Escape');

  await page.getByTestId('prompt-input').fill('A timber pavilion on a quiet lake');
  await generate(page).click();
  await expect(cards(page).first()).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });

  // Iterate the result: it becomes the base of a second task in the same view.
  await page.getByTestId('stage').getByRole('button', { name: 'Use as new base' }).click();
  await expect(page).toHaveURL(/iteration-rendering/);
  await expect(page.getByTestId('studio-project')).toHaveText(/Lake pavilion · Street elevation/);
  await page.getByTestId('prompt-input').fill('Dusk, lanterns along the jetty');
  await generate(page).click();
  await expect(cards(page).first()).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });

  // The project page: the view's tree holds the result and, one level on, its iteration.
  await page.goto(projectUrl);
  await expect(nodes(page)).toHaveCount(2, { timeout: 20_000 });
  await expect(nodes(page).nth(0)).toHaveAttribute('aria-level', '1');
  await expect(nodes(page).nth(1)).toHaveAttribute('aria-level', '2');
  await expect(nodes(page).nth(0)).toHaveAccessibleName('v1, Text to image');
  // The newest result is the view's current version until one is chosen.
  await expect(nodes(page).nth(1)).toHaveAccessibleName('v2, Iterative rendering, current version');
  await expect(page.getByTestId('version-details')).toContainText('warm timber');
  await expect(page.getByTestId('version-source')).toHaveText('v1 (Text to image)');
  await accessible(page, 'the project page with its version tree');

  // Compare the two: the slider, then side by side, with the parameters that differ.
  await page.getByTestId('version-compare').click();
  const compare = page.getByRole('dialog');
  await expect(compare.getByTestId('compare')).toBeVisible();
  await expect(compare.getByTestId('compare-diff').locator('tr[data-key="mode"]')).toContainText(
    'Text to imageIterative rendering',
  );
  await accessible(page, 'the comparison under a slider');
  await compare.getByText('Side by side').click();
  await expect(compare.getByTestId('compare-side').getByRole('img')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(compare).toBeHidden();

  // The first result becomes the current version and a starred pick, chosen from the keyboard.
  await nodes(page).nth(1).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(nodes(page).nth(0)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('version-details')).toHaveAttribute('data-id', /.+/);
  await page.getByTestId('version-make-current').click();
  await expect(page.getByTestId('version-current')).toBeVisible();
  await page.getByTestId('version-star').click();
  await expect(page.getByTestId('version-starred')).toBeVisible();
  await expect(nodes(page).nth(0)).toHaveAccessibleName('v1, Text to image, starred, current version');

  // A board of the views' current versions, as a PDF.
  await page.getByTestId('project-board').click();
  const board = page.getByRole('dialog');
  await expect(board.getByTestId('board-summary')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    board.getByTestId('board-export-submit').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^lake-pavilion-.*\.pdf$/);
  const pdf = await PDFDocument.load(fs.readFileSync((await download.path())!));
  expect(pdf.getPageCount()).toBe(1);
  await expect(board).toBeHidden();

  // The second view is still empty.
  await page.getByRole('tab', { name: /Living room/ }).click();
  await expect(page.getByTestId('view-empty')).toBeVisible();

  // In Chinese: the same project, its views and the tree.
  await page.getByTestId('locale-toggle').click();
  await page.getByRole('tab', { name: /沿街立面|Street elevation/ }).click();
  await expect(page.getByText('版本树（2）')).toBeVisible();
  await expect(nodes(page).nth(0)).toHaveAccessibleName('v1, 文生图, 已加星标, 当前版本');
  await expect(page.getByTestId('version-current')).toHaveText('当前版本');
  await expect(page.getByTestId('project-style')).toHaveText(/风格/);
  // And in the dark theme, with the members and the style open.
  await page.getByTestId('theme-toggle').click();
  await accessible(page, 'the project page, dark, in Chinese');
  await page.getByTestId('project-members').click();
  await expect(page.getByRole('dialog')).toContainText('编辑者');
  await accessible(page, 'the members, dark, in Chinese');
  await page.keyboard.press('Escape');
  await page.getByTestId('project-style').click();
  await expect(page.getByTestId('style-words')).toHaveValue('warm timber, soft evening light');
  await accessible(page, 'the style, dark, in Chinese');
  await page.keyboard.press('Escape');

  // Back in the workspace, the project's card counts its views and versions.
  await page.goto('/#/workspace?view=projects');
  const card = page.getByTestId('project-card').filter({ hasText: PROJECT });
  await expect(card).toContainText('2 个视图');
  await expect(card).toContainText('2 个版本');
  await accessible(page, 'the workspace projects, dark, in Chinese');
});
