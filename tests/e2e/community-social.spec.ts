import { expect, test, type Page } from '@playwright/test';
import { unique } from './support/outbox.ts';
import { chooseFromUserMenu, registerThroughApi } from './support/session.ts';
import { appHeader } from './support/studio.ts';

test.describe.configure({ timeout: 150_000 });

/** A user who has already seen the studio's beginner guide, so its tour never covers the page. */
async function signUp(page: Page, nickname: string) {
  const account = await registerThroughApi(page, nickname);
  const res = await page.request.post('/turing/user/beginnerGuide/set?key=design&done=true', { headers: appHeader });
  expect(res.ok()).toBe(true);
  return account;
}

test('two users: A publishes from the studio, B finds, likes, collects, follows and reuses it; A sees the follower and the achievement', async ({
  browser,
}) => {
  const tag = unique('s');
  const prompt = `A parametric timber canopy over a market ${tag}`;
  const title = `Market canopy ${tag}`;
  const nameA = `Ines Kahn ${tag}`;
  const nameB = `Oskar Lind ${tag}`;

  // A generates an image in the studio and publishes it from the result viewer with a style tag.
  const contextA = await browser.newContext();
  const a = await contextA.newPage();
  await signUp(a, nameA);
  await a.goto('/#/design/text-generate');
  await a.getByTestId('prompt-input').fill(prompt);
  await a.getByTestId('generate').click();
  const card = a.getByTestId('result-card').first();
  await expect(card).toHaveAttribute('data-state', 'complete', { timeout: 45_000 });
  await card.getByRole('button', { name: 'Result 1 of 1' }).click();
  await a.getByTestId('publish-result').click();
  const dialog = a.getByRole('dialog', { name: 'Publish to the community' });
  await dialog.getByTestId('publish-title').fill(title);
  await dialog.getByTestId('publish-tags-style').click();
  await a.locator('.ant-select-item-option', { hasText: 'Parametric' }).click();
  await a.keyboard.press('Escape');
  const published = a.waitForResponse((r) => r.url().includes('/turing/community/work/publish'));
  await dialog.getByTestId('publish-submit').click();
  expect((await published).ok()).toBe(true);
  await expect(dialog).toBeHidden();

  // B filters the gallery by that style, searches the title and finds A's work.
  const contextB = await browser.newContext();
  const b = await contextB.newPage();
  await signUp(b, nameB);
  await b.goto('/#/community');
  await b.getByTestId('filter-style').click();
  await b.locator('.ant-select-item-option', { hasText: 'Parametric' }).click();
  await expect(b).toHaveURL(/style=parametric/);
  await b.getByTestId('filter-search').fill(tag);
  await expect(b).toHaveURL(new RegExp(`q=${tag}`));
  const found = b.getByTestId('work-card');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(title);
  await found.click();
  await expect(b).toHaveURL(/#\/detail\/[0-9a-f-]{36}$/);
  const workId = b.url().split('/detail/')[1]!;
  await expect(b.getByTestId('work-detail').getByRole('heading', { level: 1 })).toHaveText(title);

  // Like, collect and follow; each sticks.
  await b.getByTestId('like-button').click();
  await expect(b.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(b.getByTestId('like-count')).toHaveText('1');
  await b.getByTestId('collect-button').click();
  await expect(b.getByTestId('collect-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(b.getByTestId('collect-count')).toHaveText('1');
  await b.getByTestId('follow-button').click();
  await expect(b.getByTestId('follow-button')).toHaveText(/Following/);
  await expect(b.getByTestId('creator-followers')).toHaveText('1 follower');

  // Copy parameters opens the studio with A's prompt.
  await b.getByTestId('copy-params').click();
  await expect(b).toHaveURL(/#\/design\/text-generate/);
  await expect(b.getByTestId('prompt-input')).toHaveValue(prompt);

  // The header's Favorites opens B's own page on the collection tab, holding the work.
  await chooseFromUserMenu(b, 'Favorites', /#\/own\?selectedCollection=true$/);
  await expect(b.getByRole('tab', { name: 'Collection' })).toHaveAttribute('aria-selected', 'true');
  await expect(b.getByTestId('own-collection').getByRole('link', { name: title })).toBeVisible();
  await expect(b.getByTestId('own-stat-following')).toHaveAttribute('data-value', '1');

  // A's own page: one follower, B in the list, and the first publication unlocked.
  await a.goto('/#/own');
  await expect(a.getByRole('heading', { level: 1, name: nameA })).toBeVisible();
  await expect(a.getByTestId('own-stat-followers')).toHaveAttribute('data-value', '1');
  await expect(a.getByTestId('own-works').getByRole('link', { name: title })).toBeVisible();
  await a.getByTestId('own-stat-followers').getByRole('button').click();
  const followers = a.getByTestId('own-followers');
  await expect(followers.getByTestId('own-person')).toHaveCount(1);
  await expect(followers.getByRole('link', { name: new RegExp(nameB) })).toBeVisible();
  await a.keyboard.press('Escape');
  await a.getByRole('tab', { name: 'Achievements' }).click();
  const badge = a.getByTestId('achievement-first_publication');
  await expect(badge).toHaveAttribute('data-unlocked', 'true');
  await expect(badge).toContainText('First publication');

  // The work's detail page counts what B did, as anyone reads it.
  await a.goto(`/#/detail/${workId}`);
  await expect(a.getByTestId('like-count')).toHaveText('1');
  await expect(a.getByTestId('collect-count')).toHaveText('1');
  await contextA.close();
  await contextB.close();
});

test('a visitor copying parameters logs in first and lands in the studio with them', async ({ browser }) => {
  const tag = unique('l');
  const prompt = `A brick water tower turned into a library ${tag}`;

  // The creator publishes through the API; the visitor's account exists but is logged out.
  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  await signUp(creator, `Rhea Moss ${tag}`);
  const task = await creator.request.post('/turing/design/task/submit', {
    headers: appHeader,
    data: { mode: 'text', prompt, count: 1 },
  });
  const taskId = ((await task.json()) as { data: { id: string } }).data.id;
  let imageId = '';
  await expect(async () => {
    const res = await creator.request.get(`/turing/design/task/get?id=${taskId}`, { headers: appHeader });
    const now = ((await res.json()) as { data: { state: string; results: { id: string }[] } }).data;
    expect(now.state).toBe('complete');
    imageId = now.results[0]!.id;
  }).toPass({ timeout: 30_000 });
  const publish = await creator.request.post('/turing/community/work/publish', {
    headers: appHeader,
    data: { imageId, title: `Water tower ${tag}` },
  });
  const workId = ((await publish.json()) as { data: { id: string } }).data.id;

  const visitorAccountContext = await browser.newContext();
  const account = await signUp(await visitorAccountContext.newPage(), `Tomas Weil ${tag}`);
  await visitorAccountContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/#/detail/${workId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Water tower ${tag}` })).toBeVisible();
  await page.getByTestId('copy-params').click();
  await expect(page).toHaveURL(/#\/login\?redirect=/);

  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('E-mail address').fill(account.email);
  await login.getByLabel('Password').fill(account.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/#\/design\/text-generate/);
  await expect(page.getByTestId('prompt-input')).toHaveValue(prompt);
  await context.close();
  await creatorContext.close();
});
