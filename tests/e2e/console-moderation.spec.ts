import { expect, test } from '@playwright/test';
import { installAxe, seriousViolations } from './support/axe.ts';
import { operatorSession, preferences } from './support/console.ts';
import { publishWork } from './support/published-work.ts';
import { registerThroughApi } from './support/session.ts';

const appHeader = { 'x-requested-with': 'XMLHttpRequest' };

test('a moderator clears a queue of three reported works with the keyboard, and finds who hid them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // An author with three works, and a visitor who reports each of them.
  const author = await browser.newPage();
  await registerThroughApi(author);
  const titles = ['Courtyard house', 'Glass pavilion', 'Timber library'].map((t) => `${t} ${Date.now() % 100000}`);
  const ids: string[] = [];
  for (const title of titles) ids.push(await publishWork(author.request, title));
  await author.close();
  const reporter = await browser.newPage();
  await registerThroughApi(reporter);
  for (const [i, id] of ids.entries()) {
    const res = await reporter.request.post('/turing/community/work/report', {
      headers: appHeader,
      data: { id, reason: i === 1 ? 'spam' : 'copyright', details: `Report ${i + 1}` },
    });
    expect(res.ok()).toBe(true);
  }
  await reporter.close();

  await preferences(page, 'en', 'dark');
  await installAxe(page);
  const moderator = await operatorSession(page, 'moderator');
  await page.goto('/#/admin/moderation');
  const queue = page.getByRole('list', { name: 'Reported works' });
  for (const title of titles) await expect(queue.getByRole('article', { name: title })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Oldest first: hide, dismiss, hide — one key each, the next work comes up by itself.
  await page.keyboard.press('h');
  await expect(page.getByText(`Hidden: ${titles[0]}`)).toBeVisible();
  await page.keyboard.press('d');
  await expect(page.getByText(`Reports dismissed: ${titles[1]}`)).toBeVisible();
  await page.keyboard.press('h');
  await expect(page.getByText('No open reports: the queue is clear.')).toBeVisible();

  await page.getByRole('tab', { name: 'Hidden works' }).click();
  for (const title of [titles[0], titles[2]]) {
    const item = page.getByRole('article', { name: title });
    await expect(item).toContainText(`Hidden by ${moderator.username}`);
  }
  await expect(page.getByRole('article', { name: titles[1] })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The community no longer shows the hidden works; the dismissed one stays.
  const work = async (id: string) =>
    (await (await page.request.get(`/turing/community/work/detail?id=${id}`, { headers: appHeader })).json()) as {
      data?: { state?: string };
    };
  expect((await work(ids[1]!)).data?.state).toBe('published');
});
