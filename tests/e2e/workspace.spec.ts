import { expect, test, type Page } from '@playwright/test';
import { appHeader, studioUser } from './support/studio.ts';
import { installAxe, seriousViolations } from './support/axe.ts';

const PROMPT = 'A timber pavilion on a quiet lake at dawn';

/** One text-to-image task through the API, waited for until its result is filed. */
async function generateOne(page: Page) {
  const res = await page.request.post('/turing/design/task/submit', {
    headers: appHeader,
    data: { mode: 'text', prompt: PROMPT, quality: 'HD', tags: { style: [], material: [], function: [] } },
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

const folderButton = (page: Page, name: string) =>
  page
    .getByTestId('folder-list')
    .getByTestId('folder')
    .filter({ has: page.getByText(name, { exact: true }) });

async function pickFolder(page: Page, name: string, confirm: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: new RegExp(name) }).check();
  await dialog.getByRole('button', { name: confirm }).click();
  await expect(dialog).toBeHidden();
}

async function imageAction(page: Page, item: string) {
  await page.getByTestId('image-card').first().getByTestId('image-actions').click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('workspace: a result lands in the default folder, moves, copies, survives its folder and opens in the studio', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await studioUser(page);
  await generateOne(page);
  await page.goto('/#/workspace');
  await expect(page.getByRole('heading', { level: 1, name: 'Workspace' })).toBeVisible();

  // The default folder is first, marked, selected and holds the new result.
  const folders = page.getByTestId('folder-list').getByTestId('folder');
  await expect(folders).toHaveCount(1);
  await expect(folders.first()).toHaveAttribute('aria-current', 'true');
  await expect(folders.first()).toContainText('Default');
  await expect(folders.first()).toContainText('1 image');
  await expect(page.getByTestId('image-card')).toHaveCount(1);
  const download = page.getByTestId('image-download');
  await expect(download).toHaveAttribute(
    'download',
    /^a-timber-pavilion-on-a-quiet-lake-at-dawn-\d{4}-\d{2}-\d{2}\.png$/,
  );
  expect((await page.request.get((await download.getAttribute('href'))!)).ok()).toBe(true);

  // A folder needs a name; the new one opens, empty.
  await page.getByTestId('folder-create').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The folder name must not be empty')).toBeVisible();
  await dialog.getByTestId('folder-name-input').fill('Riverside villa');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(folderButton(page, 'Riverside villa')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('No images in this folder yet')).toBeVisible();

  // Move the image from the default folder into it.
  await folders.first().click();
  await expect(page.getByTestId('image-card')).toHaveCount(1);
  await imageAction(page, 'Move to…');
  await pickFolder(page, 'Riverside villa', 'Move here');
  await expect(page.getByTestId('image-card')).toHaveCount(0);
  await expect(folders.first()).toContainText('0 images');
  await expect(folderButton(page, 'Riverside villa')).toContainText('1 image');

  // Copy it back with the batch bar.
  await folderButton(page, 'Riverside villa').click();
  await expect(page.getByTestId('image-card')).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await page.getByTestId('batch-copy').click();
  await pickFolder(page, 'Default folder', 'Copy here');
  await expect(folders.first()).toContainText('1 image');
  await expect(folderButton(page, 'Riverside villa')).toContainText('1 image');

  // Rename, then delete it, moving its image to the default folder.
  await folderButton(page, 'Riverside villa').getByText('Riverside villa').waitFor();
  await page.getByRole('button', { name: 'Actions for the folder Riverside villa' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await dialog.getByTestId('folder-name-input').fill('Lakeside villa');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(folderButton(page, 'Lakeside villa')).toBeVisible();

  await page.getByRole('button', { name: 'Actions for the folder Lakeside villa' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(dialog.getByText('It holds 1 image. What should happen to it?')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Move them to/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Delete folder' }).click();
  await expect(dialog).toBeHidden();
  await expect(folders).toHaveCount(1);
  await expect(folders.first()).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('image-card')).toHaveCount(1);

  // Its parameters, then the studio prefilled with them.
  await page.getByTestId('image-card').getByRole('button', { name: 'Details' }).click();
  const drawer = page.getByTestId('image-drawer');
  await expect(page.getByTestId('image-params')).toContainText(PROMPT);
  await expect(page.getByTestId('image-params')).toContainText('High definition');
  await page.getByRole('button', { name: 'Open in studio' }).click();
  await expect(page).toHaveURL(/#\/design\/text-generate/);
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('prompt-input')).toHaveValue(PROMPT);
});

test('workspace with content passes axe-core in both themes', async ({ page }) => {
  test.setTimeout(90_000);
  await installAxe(page);
  await studioUser(page);
  await generateOne(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.addInitScript((t) => {
      localStorage.setItem('THEME', JSON.stringify({ value: t, time: Date.now(), expire: null }));
    }, theme);
    await page.goto('/#/workspace');
    await expect(page.getByTestId('image-card')).toHaveCount(1);
    await expect(page.locator('.ant-skeleton-active, .ant-spin-spinning')).toHaveCount(0);
    await page.getByTestId('image-card').getByRole('checkbox').check();
    await expect(page.getByTestId('batch-move')).toBeVisible();
    expect(await seriousViolations(page), theme).toEqual([]);
  }
});
