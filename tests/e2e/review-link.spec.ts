import sharp from 'sharp';
import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { installAxe, seriousViolations } from './support/axe.ts';
import { registerThroughApi } from './support/session.ts';
import { unique } from './support/outbox.ts';

const headers = { 'x-requested-with': 'XMLHttpRequest' };

async function data<T>(res: APIResponse): Promise<T> {
  const body = (await res.json()) as { status: number; data: T };
  if (body.status !== 200) throw new Error(`call failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** No serious or critical axe finding once nothing is loading or moving. */
async function accessible(page: Page, label: string) {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading')).toHaveCount(0);
  await page.waitForFunction(() => !document.querySelector('[class*="-appear"], [class*="-enter"], [class*="-leave"]'));
  expect.soft(await seriousViolations(page), `accessibility of ${label}`).toEqual([]);
}

/** A project with one view whose current version is an uploaded base image, made through the API. */
async function projectWithImage(page: Page, name: string) {
  const project = await data<{ id: string; views: { id: string }[] }>(
    await page.request.post('/turing/project/create', { headers, data: { name, views: ['Street elevation'] } }),
  );
  const png = await sharp({ create: { width: 960, height: 640, channels: 3, background: '#8a7f6b' } })
    .png()
    .toBuffer();
  const image = await data<{ id: string }>(
    await page.request.post('/turing/upload/image?kind=base', {
      headers,
      multipart: { file: { name: 'elevation.png', mimeType: 'image/png', buffer: png } },
    }),
  );
  await data(
    await page.request.post('/turing/project/version/add', {
      headers,
      data: { viewId: project.views[0]!.id, imageId: image.id, kind: 'base' },
    }),
  );
  return project.id;
}

test('a client opens a password review link in a fresh browser, pins a comment, and the owner is told', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await installAxe(page);
  await registerThroughApi(page, 'Studio Owner');
  const name = `Canal library ${unique('p')}`;
  const projectId = await projectWithImage(page, name);

  // The owner makes a link with a password from the project's Share dialog, and copies it.
  await page.goto(`/#/project/${projectId}`);
  await page.getByTestId('project-share').click();
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByLabel('Label').fill('Client – Ms Wong');
  await dialog.getByLabel('Password (optional)').fill('canal-2026');
  await dialog.getByTestId('review-link-create').click();
  const url = await dialog.getByTestId('review-link-url').inputValue();
  expect(url).toMatch(/#\/review\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByText('Copy this link now: it is shown only this once')).toBeVisible();
  await accessible(page, 'the share dialog with a new link');
  await dialog.getByTestId('review-link-done').click();
  await expect(dialog.getByTestId('review-link')).toHaveAttribute('data-status', 'active');
  await page.keyboard.press('Escape');

  // The client: a browser of their own, no account, in Chinese and the dark theme.
  const client = await browser.newContext();
  await client.addInitScript(() => {
    localStorage.setItem('LOCALE', JSON.stringify({ value: 'zh', time: Date.now(), expire: null }));
    localStorage.setItem('THEME', JSON.stringify({ value: 'dark', time: Date.now(), expire: null }));
  });
  const guest = await client.newPage();
  await installAxe(guest);
  const requested: string[] = [];
  guest.on('request', (r) => requested.push(r.url()));
  await guest.goto(url);
  await expect(guest.getByRole('heading', { name: '该项目受密码保护' })).toBeVisible();
  await guest.getByLabel('密码', { exact: true }).fill('canal-2025');
  await guest.getByRole('button', { name: /打开项目$/ }).click();
  await expect(guest.getByRole('alert')).toContainText('密码不正确');
  await accessible(guest, 'the password form with its error');
  await guest.getByLabel('密码', { exact: true }).fill('canal-2026');
  await guest.getByRole('button', { name: /打开项目$/ }).click();
  await expect(guest.getByTestId('review-title')).toHaveText(name);
  await expect(guest.getByRole('img', { name: 'Street elevation' })).toBeVisible();

  // A pin where the client clicks, with their name and a comment.
  await guest.getByTestId('comment-mode').click();
  await guest.getByTestId('comment-placer').click({ position: { x: 120, y: 90 } });
  await accessible(guest, 'a new pin and its form');
  await guest.getByTestId('comment-name').fill('Ms Wong');
  await guest.getByTestId('comment-body').fill('The entrance could be <b>wider</b>');
  await guest.getByTestId('comment-submit').click();
  await expect(guest.getByTestId('comment-pin')).toHaveCount(1);
  await expect(guest.getByTestId('comment-list')).toContainText('The entrance could be <b>wider</b>');
  await accessible(guest, 'the review page with a comment');
  // The token never travelled in an address the server saw.
  const token = url.split('/review/')[1]!;
  expect(requested.filter((r) => r.includes(token))).toEqual([]);
  await client.close();

  // The owner sees the unread notice on the project, then the comment on the image.
  await page.goto('/#/workspace?view=projects');
  const card = page.getByTestId('project-card').filter({ hasText: name });
  await expect(card.getByTestId('project-unread')).toContainText('1 unread comment');
  await page.goto(`/#/project/${projectId}`);
  const comments = page.getByTestId('comment-list');
  await expect(comments).toContainText('The entrance could be <b>wider</b>');
  await expect(comments).toContainText('Ms Wong');
  await expect(page.getByTestId('comment-pin')).toHaveCount(1);
  await accessible(page, 'the project page with a comment');
});
