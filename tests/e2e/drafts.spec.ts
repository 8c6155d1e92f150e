import { expect, test } from '@playwright/test';
import { appHeader, studioUser } from './support/studio.ts';

const prompt = (page: import('@playwright/test').Page) => page.getByTestId('prompt-input');
const draftSaved = (page: import('@playwright/test').Page) =>
  page.waitForResponse((res) => res.url().includes('/turing/design/draft/save') && res.ok());

test('a studio draft follows its user to another browser, and logging out forgets this browser’s copy', async ({
  page,
  browser,
}) => {
  const account = await studioUser(page);
  await page.goto('/#/design/text-generate');
  const saved = draftSaved(page);
  await prompt(page).fill('A rammed-earth library by a river');
  await saved;

  // Another computer: a fresh browser signed in as the same user continues where the first stopped.
  const other = await browser.newContext();
  const second = await other.newPage();
  const login = await second.request.post('/turing/unauthorized/login', {
    headers: appHeader,
    data: { email: account.email, password: account.password },
  });
  expect((await login.json()).status).toBe(200);
  await second.addInitScript(() => {
    localStorage.setItem('IS_LOGIN', JSON.stringify({ value: true, time: Date.now(), expire: 604800 }));
  });
  await second.goto('/#/design/text-generate');
  await expect(prompt(second)).toHaveValue('A rammed-earth library by a river');

  // The second browser edits on; the first, opened again, shows the newer draft.
  const savedAgain = draftSaved(second);
  await prompt(second).fill('A rammed-earth library by a river, at dawn');
  await savedAgain;
  await page.reload();
  await expect(prompt(page)).toHaveValue('A rammed-earth library by a river, at dawn');
  await other.close();

  // Logging out leaves no draft in this browser.
  expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('STUDIO_DRAFT_')))).toBe(true);
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/#\/login/);
  expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('STUDIO_DRAFT_')))).toBe(false);
});

test('two tabs: the one whose save lost shows the newer draft and says so', async ({ page, context }) => {
  await studioUser(page);
  await page.goto('/#/design/iteration-rendering');
  const first = draftSaved(page);
  await prompt(page).fill('Tab one: a glass atrium');
  await first;

  const tab = await context.newPage();
  await tab.goto('/#/design/iteration-rendering');
  await expect(prompt(tab)).toHaveValue('Tab one: a glass atrium');
  const second = draftSaved(tab);
  await prompt(tab).fill('Tab two: a timber atrium');
  await second;

  // The first tab still shows its older copy. Its clock runs a minute behind, so its next edit is
  // stamped before the second tab's: the second tab's edit is the newer one and is kept, and the first
  // tab shows it and says so.
  await page.evaluate(() => {
    const now = Date.now;
    Date.now = () => now() - 60_000;
  });
  const lost = page.waitForResponse((res) => res.url().includes('/turing/design/draft/save'));
  await prompt(page).fill('Tab one again, a minute slow');
  expect((await (await lost).json()).data.saved).toBe(false);
  await expect(page.getByText('A newer draft from another tab or computer was loaded here.')).toBeVisible();
  await expect(prompt(page)).toHaveValue('Tab two: a timber atrium');
});
