import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { installAxe, seriousViolations } from './support/axe.ts';
import { operatorSession, preferences } from './support/console.ts';

const picture = async (width: number, height: number, background: string) => ({
  name: 'picture.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer(),
});

/** The page fits the window: nothing runs off to the right at the width of a small laptop. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The public carousel's banners, as the community page asks for them. */
const publicTitles = async (page: Page) =>
  ((await (await page.request.get('/turing/community/banners')).json()).data as { title: { en: string } }[]).map(
    (b) => b.title.en,
  );

test('a moderator adds a banner with its picture, puts it first, switches it off, and it leaves the community', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await preferences(page, 'en', 'light');
  await installAxe(page);
  await operatorSession(page, 'moderator');
  // Another banner, added as the CLI would, so the new one has something to move above.
  const other = await page.request.post('/turing/admin/content/banner/create', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    multipart: {
      data: JSON.stringify({ titleEn: `Studio days ${Date.now()}`, titleZh: '工作室日', link: '/design' }),
      file: await picture(1200, 300, '#6a994e'),
    },
  });
  expect((await other.json()).status).toBe(200);
  await page.goto('/#/admin/content');
  await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();

  const title = `Harbour week ${Date.now()}`;
  await page.getByRole('button', { name: 'New banner' }).click();
  const dialog = page.getByRole('dialog', { name: 'New banner' });
  await dialog.getByLabel('Title (English)', { exact: true }).fill(title);
  await dialog.getByLabel('Title (Chinese)', { exact: true }).fill('港湾周');
  await dialog.getByLabel('Link', { exact: true }).fill('https://example.com/');
  await dialog.locator('input[type=file]').setInputFiles(await picture(1600, 400, '#1d4e89'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/Link to a page of this app/)).toBeVisible();
  await dialog.getByLabel('Link', { exact: true }).fill('/community');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Shown', { exact: true })).toBeVisible();
  await expect(row.getByRole('img', { name: `Picture of “${title}”` })).toBeVisible();
  expect(await publicTitles(page)).toContain(title);

  // Moved to the top with its up button, until the button is spent.
  const up = row.getByRole('button', { name: `Move “${title}” up` });
  while (await up.isEnabled()) {
    await up.click();
    await expect(page.getByText('Order saved').last()).toBeVisible();
  }
  await expect(page.getByRole('row').nth(1)).toContainText(title);
  expect((await publicTitles(page))[0]).toBe(title);

  await row.getByRole('switch', { name: `Show “${title}”` }).click();
  await expect(row.getByText('Off', { exact: true })).toBeVisible();

  expect(await publicTitles(page)).not.toContain(title);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a moderator replaces a material’s picture for the studio and restores the original, in Chinese on the dark theme', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await preferences(page, 'zh', 'dark');
  await installAxe(page);
  await operatorSession(page, 'moderator');
  await page.goto('/#/admin/content');
  await expect(page.getByRole('columnheader', { name: '展示时间' })).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: '预设图片' }).click();
  await expect(page.getByRole('heading', { name: '材质', level: 2 })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  const tagImage = async () => {
    const tags = (await (await page.request.get('/turing/design/tags?type=interior')).json()).data as {
      material: { slug: string; image: string }[];
    };
    return tags.material.find((m) => m.slug === 'rammed-earth')!.image;
  };
  const shipped = await tagImage();
  const card = page.locator('article[data-slug="rammed-earth"]');
  await card.locator('input[type=file]').setInputFiles(await picture(640, 480, '#c0392b'));
  await expect(card.getByText('已替换')).toBeVisible();
  await expect.poll(tagImage).not.toBe(shipped);

  await card.getByRole('button', { name: '恢复原图' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /恢复原图/ })
    .click();
  await expect(card.getByText('原始图片')).toBeVisible();
  await expect.poll(tagImage).toBe(shipped);
  expect(await seriousViolations(page)).toEqual([]);
});
