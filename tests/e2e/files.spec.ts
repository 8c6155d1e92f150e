import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { installAxe, seriousViolations } from './support/axe.ts';
import { registerThroughApi } from './support/session.ts';
import { otherUser } from './support/community.ts';
import { unique } from './support/outbox.ts';
import { appHeader, generate, studioUser } from './support/studio.ts';

test.describe.configure({ timeout: 120_000 });

const DAY = /\d{4}-\d{2}-\d{2}/.source;

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { status: number; data: T; msg: string };
  if (body.status !== 200) throw new Error(`${res.url()}: ${body.msg}`);
  return body.data;
}

/** Submits a task with the preview engine and waits for its results. */
async function finishedTask(api: APIRequestContext, params: Record<string, unknown>, headers = {}) {
  let task = await data<{ id: string; state: string; results: { id: string }[] }>(
    await api.post('/turing/design/task/submit', { data: { count: 1, ...params }, headers }),
  );
  await expect
    .poll(
      async () => {
        task = await data(await api.get(`/turing/design/task/get?id=${task.id}`, { headers }));
        return task.state;
      },
      { timeout: 30_000 },
    )
    .toBe('complete');
  return task;
}

/** The names and bytes of a ZIP's entries. */
function zipEntries(file: string) {
  return new Promise<Map<string, Buffer>>((resolve, reject) => {
    const entries = new Map<string, Buffer>();
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('copy parameters of an iterative rendering arrives in the studio with its base image', async ({
  page,
  baseURL,
}) => {
  const tag = unique('cp');
  const creator = await otherUser(baseURL!, `Renderer ${tag}`);
  const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#7a8f6b' } })
    .png()
    .toBuffer();
  const base = await data<{ id: string }>(
    await creator.post('/turing/upload/image?kind=base', {
      multipart: { file: { name: 'model.png', mimeType: 'image/png', buffer: png } },
    }),
  );
  const task = await finishedTask(creator, {
    mode: 'iterate',
    prompt: `Glass pavilion render ${tag}`,
    baseImageId: base.id,
  });
  const work = await data<{ id: string }>(
    await creator.post('/turing/community/work/publish', {
      data: { imageId: task.results[0]!.id, title: `Pavilion ${tag}`, description: '', hideParams: false },
    }),
  );

  await studioUser(page);
  await page.goto(`/#/detail/${work.id}`);
  await page.getByTestId('copy-params').click();
  await expect(page).toHaveURL(/\/design\/iteration-rendering/);
  await expect(page.getByTestId('prompt-input')).toHaveValue(`Glass pavilion render ${tag}`);
  // The base image is in its slot: a copy of the creator's, in this user's own uploads.
  const slotImage = page.getByTestId('slot-base').getByRole('img', { name: 'Base image' });
  await expect(slotImage).toBeVisible();
  await expect(slotImage).toHaveAttribute('src', /\/files\/private\/base\//);
  // The src is set before the image has loaded: its size is known once it has.
  await expect
    .poll(() => slotImage.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([120, 80]);
  await expect(page.getByText('Upload a base image first')).toHaveCount(0);
  await expect(generate(page)).toBeEnabled();
  // It generates with it.
  await generate(page).click();
  await expect(page.getByTestId('result-card').first()).toHaveAttribute('data-state', 'complete', {
    timeout: 30_000,
  });
});

test('a visitor who copies parameters logs in and arrives with the work’s base image', async ({
  page,
  baseURL,
  browser,
}) => {
  const tag = unique('cv');
  const creator = await otherUser(baseURL!, `Renderer ${tag}`);
  const png = await sharp({ create: { width: 90, height: 60, channels: 3, background: '#6b7a8f' } })
    .png()
    .toBuffer();
  const base = await data<{ id: string }>(
    await creator.post('/turing/upload/image?kind=base', {
      multipart: { file: { name: 'model.png', mimeType: 'image/png', buffer: png } },
    }),
  );
  const task = await finishedTask(creator, { mode: 'iterate', prompt: `Timber school ${tag}`, baseImageId: base.id });
  const work = await data<{ id: string }>(
    await creator.post('/turing/community/work/publish', {
      data: { imageId: task.results[0]!.id, title: `School ${tag}`, description: '', hideParams: false },
    }),
  );
  // An account made elsewhere; this browser has never logged in.
  const elsewhere = await browser.newContext();
  const account = await registerThroughApi(await elsewhere.newPage());
  await elsewhere.close();

  await page.goto(`/#/detail/${work.id}`);
  await page.getByTestId('copy-params').click();
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('E-mail address').fill(account.email);
  await login.getByLabel('Password').fill(account.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/#\/design\/iteration-rendering/);
  await expect(page.getByTestId('prompt-input')).toHaveValue(`Timber school ${tag}`);
  const slotImage = page.getByTestId('slot-base').getByRole('img', { name: 'Base image' });
  await expect(slotImage).toHaveAttribute('src', /\/files\/private\/base\//);
  // The src is set before the image has loaded: its size is known once it has.
  await expect
    .poll(() => slotImage.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([90, 60]);
  await expect(generate(page)).toBeEnabled();
  // A reload shows the draft it became, without copying the images again.
  const copies: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/turing/community/work/copy')) copies.push(req.url());
  });
  await page.reload();
  await expect(page.getByTestId('slot-base').getByRole('img', { name: 'Base image' })).toBeVisible();
  expect(copies).toEqual([]);
});

test('copy parameters of a step edit arrives with its base image and its region', async ({ page, baseURL }) => {
  const tag = unique('cm');
  const creator = await otherUser(baseURL!, `Editor ${tag}`);
  const upload = async (kind: string, buffer: Buffer) =>
    data<{ id: string }>(
      await creator.post(`/turing/upload/image?kind=${kind}`, {
        multipart: { file: { name: `${kind}.png`, mimeType: 'image/png', buffer } },
      }),
    );
  const base = await upload(
    'base',
    await sharp({ create: { width: 120, height: 80, channels: 3, background: '#8a7f6b' } })
      .png()
      .toBuffer(),
  );
  // White marks the region the edit changed: a 40 × 40 square.
  const square = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const mask = await upload(
    'mask',
    await sharp({ create: { width: 120, height: 80, channels: 3, background: '#000000' } })
      .composite([{ input: square, left: 30, top: 20 }])
      .png()
      .toBuffer(),
  );
  const task = await finishedTask(creator, {
    mode: 'edit',
    prompt: `Walnut panelling ${tag}`,
    baseImageId: base.id,
    maskImageId: mask.id,
  });
  const work = await data<{ id: string }>(
    await creator.post('/turing/community/work/publish', {
      data: { imageId: task.results[0]!.id, title: `Panelling ${tag}`, description: '', hideParams: false },
    }),
  );

  await studioUser(page);
  await page.goto(`/#/detail/${work.id}`);
  await page.getByTestId('copy-params').click();
  await expect(page).toHaveURL(/\/design\/step-editing/);
  await expect(page.getByTestId('prompt-input')).toHaveValue(`Walnut panelling ${tag}`);
  // The region is drawn for the user: nothing asks for one, and the task goes out with a mask.
  await expect(generate(page)).toBeEnabled();
  await expect(page.getByText('Partial edit requires a region selected in the original image')).toHaveCount(0);
  const submitted = page.waitForRequest((req) => req.url().includes('/turing/design/task/submit'));
  await generate(page).click();
  const body = (await submitted).postDataJSON() as { mode: string; maskImageId?: string };
  expect(body).toMatchObject({ mode: 'edit', maskImageId: expect.any(String) });
  expect(body.maskImageId).not.toBe(mask.id);
  await expect(page.getByTestId('result-card').first()).toHaveAttribute('data-state', 'complete', {
    timeout: 30_000,
  });
});

async function workspaceWithTwo(page: Page) {
  await studioUser(page);
  for (const prompt of ['Brick house by the canal', '湖边的木亭'])
    await finishedTask(page.request, { mode: 'text', prompt }, appHeader);
  await page.goto('/#/workspace');
  await expect(page.getByTestId('image-card')).toHaveCount(2);
}

test('downloads are named from the prompt and day; the selection downloads as a ZIP of those files', async ({
  page,
}) => {
  await workspaceWithTwo(page);
  const cards = page.getByTestId('image-card');
  // One image: the link and the server's answer carry the same readable name.
  const single = cards.filter({ hasText: 'Brick house' }).getByTestId('image-download');
  await expect(single).toHaveAttribute('download', new RegExp(`^brick-house-by-the-canal-${DAY}\\.png$`));
  const [download] = await Promise.all([page.waitForEvent('download'), single.click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^brick-house-by-the-canal-${DAY}\\.png$`));
  const chinese = cards.filter({ hasText: '湖边的木亭' }).getByTestId('image-download');
  const [zhDownload] = await Promise.all([page.waitForEvent('download'), chinese.click()]);
  expect(zhDownload.suggestedFilename()).toMatch(new RegExp(`^湖边的木亭-${DAY}\\.png$`));

  // Select both, then one ZIP with both files under those names.
  await page.getByTestId('select-all').click();
  const zipButton = page.getByTestId('batch-zip');
  await expect(zipButton).toHaveText('Download 2 as ZIP');
  const [zip] = await Promise.all([page.waitForEvent('download'), zipButton.click()]);
  expect(zip.suggestedFilename()).toMatch(new RegExp(`^turing-2-images-${DAY}\\.zip$`));
  const entries = await zipEntries(await zip.path());
  const names = [...entries.keys()].sort();
  expect(names).toHaveLength(2);
  expect(names[0]).toMatch(new RegExp(`^brick-house-by-the-canal-${DAY}\\.png$`));
  expect(names[1]).toMatch(new RegExp(`^湖边的木亭-${DAY}\\.png$`));
  // Each entry is the very image the workspace shows.
  for (const bytes of entries.values()) expect((await sharp(bytes).metadata()).format).toBe('png');
  await expect(page.getByText('2 images downloaded as a ZIP')).toBeVisible();
  // Done: the button is back for another go.
  await expect(zipButton).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the workspace with a selection passes axe in the ${theme} theme`, async ({ page }) => {
    await installAxe(page);
    await page.addInitScript((t) => {
      localStorage.setItem('THEME', JSON.stringify({ value: t, time: Date.now(), expire: null }));
    }, theme);
    await workspaceWithTwo(page);
    await page.getByTestId('image-card').first().locator('.ws-image__check input').check();
    await expect(page.getByTestId('batch-zip')).toHaveText('Download 1 as ZIP');
    await expect(page.locator('#nprogress')).toHaveCount(0);
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    if (process.env.SCREENSHOTS) {
      await page.getByTestId('select-all').click();
      await expect(page.getByTestId('batch-zip')).toHaveText('Download 2 as ZIP');
      const dir = path.resolve(import.meta.dirname, '../../docs/screenshots');
      fs.mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, `workspace-zip-${theme}.png`) });
    }
  });
}
