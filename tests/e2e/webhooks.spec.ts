import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { registerThroughApi } from './support/session.ts';

// A receiver on this machine: the test server allows private receivers (WEBHOOK_ALLOW_PRIVATE) as
// any server outside production may.
async function startReceiver() {
  const heard: { type: string; id: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      heard.push({ type: JSON.parse(Buffer.concat(chunks).toString()).type, id: String(req.headers['webhook-id']) });
      res.end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/turing`, heard, server };
}

test('a user adds a webhook endpoint, sees its secret once, and watches a task reach it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const receiver = await startReceiver();
  try {
    await registerThroughApi(page);
    await page.goto('/#/user/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('No endpoints yet')).toBeVisible();
    await expect(page.locator('section').getByRole('link', { name: 'API reference' })).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const create = page.getByRole('dialog').filter({ hasText: 'Add a webhook endpoint' });
    await create.getByLabel('Endpoint URL').fill(receiver.url);
    await create.getByRole('checkbox', { name: /task\.queued/ }).uncheck();
    await create.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog').filter({ hasText: 'signing secret' });
    await expect(shown.getByText('Copy it now: it is not shown again.')).toBeVisible();
    const secretBox = shown.getByLabel('Signing secret');
    await expect(secretBox).toHaveValue(/^whsec_/);
    const secret = await secretBox.inputValue();
    await shown.getByRole('button', { name: /Copy$/ }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(shown).toBeHidden();
    const row = page.getByTestId('webhook-table').getByRole('row').filter({ hasText: receiver.url });
    await expect(row.getByText('Active')).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    // A task, submitted as the studio submits it: its events reach the receiver.
    const submitted = await page.request.post('/turing/design/task/submit', {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      data: { mode: 'text', prompt: 'a glass pavilion in a birch wood', count: 1 },
    });
    expect((await submitted.json()).status).toBe(200);
    await expect.poll(() => receiver.heard.map((h) => h.type), { timeout: 30_000 }).toContain('task.completed');

    await row.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByTestId('webhook-deliveries');
    const completed = log.getByRole('row').filter({ hasText: 'task.completed' });
    await expect(completed.getByText('Delivered')).toBeVisible();
    await expect(completed.getByRole('cell', { name: '200', exact: true })).toBeVisible();
    await completed.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByText('Delivered again (HTTP 200)')).toBeVisible();
    const first = receiver.heard.find((h) => h.type === 'task.completed')!;
    expect(receiver.heard.filter((h) => h.id === first.id)).toHaveLength(2);
  } finally {
    receiver.server.closeAllConnections();
    receiver.server.close();
  }
});
