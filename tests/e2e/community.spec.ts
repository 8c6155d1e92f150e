import { expect, test } from '@playwright/test';
import { otherUser, publishWork } from './support/community.ts';
import { unique } from './support/outbox.ts';
import { studioUser } from './support/studio.ts';

test.describe.configure({ timeout: 120_000 });

test('gallery filters live in the address; a work is liked, collected, followed, shared and its parameters copied', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const tag = unique('w');
  const creator = await otherUser(baseURL!, `Creator ${tag}`);
  const pavilion = await publishWork(creator, {
    prompt: `A timber pavilion in a birch forest ${tag}`,
    title: `Pavilion ${tag}`,
    style: 'modern',
  });
  await publishWork(creator, {
    prompt: `A concrete stair hall ${tag}`,
    title: `Stair hall ${tag}`,
    style: 'brutalist',
  });
  const hidden = await publishWork(creator, {
    prompt: `A secret courtyard ${tag}`,
    title: `Courtyard ${tag}`,
    hideParams: true,
  });
  await studioUser(page);

  // Search, then a style: each lands in the address, and back undoes the style.
  await page.goto('/#/community');
  await page.getByTestId('filter-search').fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page.getByTestId('work-card')).toHaveCount(3);
  await page.getByTestId('filter-style').click();
  // The select's options are drawn apart from its (partial) accessible listbox.
  await page.locator('.ant-select-item-option', { hasText: 'Brutalist' }).click();
  await expect(page).toHaveURL(/style=brutalist/);
  await expect(page.getByTestId('work-card')).toHaveCount(1);
  await expect(page.getByTestId('work-card')).toContainText(`Stair hall ${tag}`);
  await page.goBack();
  await expect(page).not.toHaveURL(/style=/);
  await expect(page.getByTestId('work-card')).toHaveCount(3);
  // A shared filtered address opens the same gallery.
  await page.goto(`/#/community?style=modern&q=${tag}`);
  await expect(page.getByTestId('work-card')).toHaveCount(1);

  await page.getByTestId('work-card').click();
  await expect(page).toHaveURL(new RegExp(`/detail/${pavilion.id}$`));
  const detail = page.getByTestId('work-detail');
  await expect(detail.getByRole('heading', { level: 1 })).toHaveText(`Pavilion ${tag}`);

  // Like and collect flip at once and stay after a reload; then both undo.
  await page.getByTestId('like-button').click();
  await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('like-count')).toHaveText('1');
  await page.getByTestId('collect-button').click();
  await expect(page.getByTestId('collect-count')).toHaveText('1');
  await page.reload();
  await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('collect-button')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('like-button').click();
  await expect(page.getByTestId('like-count')).toHaveText('0');
  await page.getByTestId('collect-button').click();
  await expect(page.getByTestId('collect-count')).toHaveText('0');
  await page.reload();
  await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'false');

  // Follow the creator.
  await page.getByTestId('follow-button').click();
  await expect(page.getByTestId('follow-button')).toHaveText(/Following/);
  await expect(page.getByTestId('creator-followers')).toHaveText('1 follower');

  // Share copies the public link and counts it.
  await page.getByTestId('share-button').click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/detail/${pavilion.id}`);
  await expect(page.getByTestId('share-count')).toHaveText('1');

  // Copy parameters opens the studio prefilled.
  await page.getByTestId('copy-params').click();
  await expect(page).toHaveURL(/\/design\/text-generate/);
  await expect(page.getByTestId('prompt-input')).toHaveValue(`A timber pavilion in a birch forest ${tag}`);

  // A work whose parameters are hidden cannot be copied.
  await page.goto(`/#/detail/${hidden.id}`);
  await expect(page.getByTestId('copy-params')).toBeDisabled();
  await expect(page.getByTestId('params-hidden')).toHaveText('The creator has hidden the parameters of this work');
  await creator.dispose();
});

test('a visitor is sent to log in before liking, and a missing work says so', async ({ page, baseURL }) => {
  const tag = unique('v');
  const creator = await otherUser(baseURL!, `Visitor host ${tag}`);
  const work = await publishWork(creator, { prompt: `A glass library ${tag}`, title: `Library ${tag}` });
  await page.goto(`/#/detail/${work.id}`);
  await page.getByTestId('like-button').click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(`/detail/${work.id}`)}`));

  await page.goto('/#/detail/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('work-not-found')).toBeVisible();
  await creator.dispose();
});

test('a result is published from the studio, then edited and unpublished by its owner', async ({ page }) => {
  const tag = unique('p');
  await studioUser(page);
  await page.goto('/#/design/text-generate');
  await page.getByTestId('prompt-input').fill(`A rammed earth chapel ${tag}`);
  await page.getByTestId('generate').click();
  const card = page.getByTestId('result-card').first();
  await expect(card).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
  await card.getByRole('button', { name: 'Result 1 of 1' }).click();
  await page.getByTestId('publish-result').click();

  // The dialog proposes the prompt as the title; an empty one is refused.
  const dialog = page.getByRole('dialog', { name: 'Publish to the community' });
  await expect(dialog.getByTestId('publish-title')).toHaveValue(`A rammed earth chapel ${tag}`);
  await dialog.getByTestId('publish-title').fill('');
  await dialog.getByTestId('publish-submit').click();
  await expect(dialog.getByText('Please enter a title for the work')).toBeVisible();
  await dialog.getByTestId('publish-title').fill(`Chapel ${tag}`);
  await dialog.getByTestId('publish-tags-style').click();
  await page.locator('.ant-select-item-option', { hasText: 'Minimalist' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByTestId('publish-submit').click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'View the work' }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Chapel ${tag}` })).toBeVisible();
  await expect(page.getByText('Minimalist')).toBeVisible();
  await page.getByTestId('edit-work').click();
  const edit = page.getByRole('dialog', { name: 'Edit the published work' });
  await expect(edit.getByTestId('publish-title')).toHaveValue(`Chapel ${tag}`);
  await edit.getByTestId('publish-title').fill(`Earth chapel ${tag}`);
  await edit.getByTestId('publish-submit').click();
  await expect(page.getByRole('heading', { level: 1, name: `Earth chapel ${tag}` })).toBeVisible();

  await page.getByTestId('unpublish-work').click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Only you can see this work: it is not published.')).toBeVisible();
  await page.goto(`/#/community?q=${tag}`);
  await expect(page.getByText('No works match these filters yet.')).toBeVisible();
});
