import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { unique } from './support/outbox.ts';
import { registerThroughApi } from './support/session.ts';

const screenshot = path.join(import.meta.dirname, 'support', 'avatar.png');
const dataDir = () => process.env.E2E_DATA_DIR!;
const appHeader = { 'x-requested-with': 'XMLHttpRequest' };

function mailsTo(to: string) {
  const file = path.join(dataDir(), 'outbox.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; purpose: string; text: string })
    .filter((m) => m.to === to);
}

test('a user reads the FAQ, writes to support, and reads the answer after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const { email } = await registerThroughApi(page);
  const subject = unique('Rendering stuck ');

  await page.goto('/#/user/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Technical support' })).toBeVisible();
  await expect(page.getByTestId('support-promise')).toContainText('Our support team replies within 12 hours.');

  await page.getByRole('button', { name: 'What happens when a task times out or is lost?' }).click();
  await expect(page.getByText('the cubes it used are refunded to your balance')).toBeVisible();

  const form = page.locator('form[id="support-ticket"]');
  await form.getByRole('button', { name: 'Send to support' }).click();
  await expect(form.getByText('Please enter a subject')).toBeVisible();
  await expect(form.getByText('Please describe your question')).toBeVisible();
  // The reply address starts as the account's own e-mail (masked, as the profile shows it).
  await expect(form.getByLabel('Contact e-mail')).toHaveValue(/^\w{1,2}\*{3,}@example\.com$/);
  await expect(form.getByText('Please enter a valid e-mail address')).toHaveCount(0);

  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('My iterative rendering has been queued for an hour.');
  await expect(form.getByText('51 / 5000')).toBeVisible();

  const upload = form.locator('input[type="file"]');
  await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByText('Wrong image format: only png, jpg and jpeg are accepted')).toBeVisible();
  await upload.setInputFiles(screenshot);
  await expect(form.getByRole('img', { name: 'The screenshot you attached' })).toBeVisible();

  await form.getByRole('button', { name: 'Send to support' }).click();
  await expect(page.getByText('Your message was sent. We reply within 12 hours.')).toBeVisible();
  await expect(form.getByLabel('Subject')).toHaveValue('');

  const item = page.getByTestId('ticket-list').getByRole('button', { name: subject });
  await expect(item.getByTestId('ticket-status')).toHaveText('Open');

  // Support answers through the operator's API, with the token the server wrote at start.
  const token = fs.readFileSync(path.join(dataDir(), 'admin-token'), 'utf8').trim();
  const mine = await (await page.request.get('/turing/support/list')).json();
  const ticket = (mine.data.items as { id: string; subject: string }[]).find((x) => x.subject === subject)!;
  const answer = await page.request.post('/turing/admin/support/reply', {
    headers: { ...appHeader, 'x-admin-token': token },
    data: { ticketId: ticket.id, message: 'We restarted your task; the result is in your workspace now.' },
  });
  expect((await answer.json()).data).toMatchObject({ status: 'answered', emailed: true });
  expect(mailsTo(email).at(-1)).toMatchObject({ purpose: 'support-reply' });

  await page.reload();
  await expect(item.getByTestId('ticket-status')).toHaveText('Answered');
  await expect(item).toContainText('New reply');
  await item.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('message-staff')).toContainText('We restarted your task');
  await expect(drawer.getByTestId('message-user').getByRole('img', { name: 'Screenshot' })).toBeVisible();

  await drawer.getByLabel('Your reply').fill('Thank you, it is there.');
  await drawer.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Your reply was sent')).toBeVisible();
  await expect(drawer.getByTestId('message-user')).toHaveCount(2);
  await expect(drawer.getByTestId('ticket-status')).toHaveText('Open');
});

test('the support page speaks Chinese', async ({ page }) => {
  await registerThroughApi(page);
  await page.addInitScript(() =>
    localStorage.setItem('LOCALE', JSON.stringify({ value: 'zh', time: Date.now(), expire: null })),
  );
  await page.goto('/#/user/support');
  await expect(page.getByRole('heading', { level: 1, name: '技术支持' })).toBeVisible();
  await expect(page.getByTestId('support-promise')).toContainText('技术支持团队将在 12 小时内回复。');
  await expect(page.getByText('您还没有联系过技术支持。')).toBeVisible();
  await page.locator('form[id="support-ticket"]').getByRole('button', { name: '提交给技术支持' }).click();
  await expect(page.getByText('请输入主题')).toBeVisible();
});
