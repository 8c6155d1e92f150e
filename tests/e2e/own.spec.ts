import { expect, test } from '@playwright/test';
import { collectWork, ownId, publishWork } from './support/published-work.ts';
import { chooseFromUserMenu, registerThroughApi } from './support/session.ts';

/**
 * A creator's home page as three people see it: the creator (A) publishes a work, a visitor reads
 * A's page, and another user (B) follows A from it and finds A's work in their own collection.
 */
test('a creator’s home page: works for visitors, follows, the collection tab and achievements', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Cedar reading room ${Date.now()}`;

  const creator = await browser.newPage();
  await registerThroughApi(creator, 'Ayla Stone');
  const workId = await publishWork(creator.request, title);
  const aId = await ownId(creator.request);
  const aPage = `/#/own?userId=${aId}`;

  // An anonymous visitor sees A's header and published work, and the card opens its detail page.
  const visitor = await browser.newPage();
  await visitor.goto(aPage);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Ayla Stone' })).toBeVisible();
  await expect(visitor.getByTestId('own-stat-works')).toHaveAttribute('data-value', '1');
  const card = visitor.getByTestId('own-works').getByRole('link', { name: title });
  await expect(card).toBeVisible();
  await card.click();
  await expect(visitor).toHaveURL(new RegExp(`#/detail/${workId}$`));

  // B follows A from A's page: the button turns to Following and A gains one follower.
  const follower = await browser.newPage();
  await registerThroughApi(follower, 'Bram Vos');
  await follower.goto(aPage);
  await follower.getByRole('button', { name: 'Follow Ayla Stone' }).click();
  await expect(follower.getByRole('button', { name: 'Following Ayla Stone' })).toBeVisible();
  await expect(follower.getByTestId('own-stat-followers')).toHaveAttribute('data-value', '1');

  // Anyone reading A's page now counts one follower and finds B in the list.
  await visitor.goto(aPage);
  await expect(visitor.getByTestId('own-stat-followers')).toHaveAttribute('data-value', '1');
  await visitor.getByTestId('own-stat-followers').getByRole('button').click();
  const followers = visitor.getByTestId('own-followers');
  await expect(followers.getByTestId('own-person')).toHaveCount(1);
  await expect(followers.getByRole('link', { name: /Bram Vos/ })).toBeVisible();
  // A visitor's follow button sends them to log in first.
  await followers.getByRole('button', { name: 'Follow Bram Vos' }).click();
  await expect(visitor).toHaveURL(/#\/login\?redirect=/);

  // B collects A's work; the header's Favorites opens B's page on the collection tab.
  await collectWork(follower.request, workId);
  await follower.goto('/#/home');
  await chooseFromUserMenu(follower, 'Favorites', /#\/own\?selectedCollection=true$/);
  await expect(follower.getByRole('tab', { name: 'Collection' })).toHaveAttribute('aria-selected', 'true');
  await expect(follower.getByTestId('own-collection').getByRole('link', { name: title })).toBeVisible();
  await expect(follower.getByTestId('own-stat-following')).toHaveAttribute('data-value', '1');
  // Switching tabs rewrites the address; My homepage lands on the works tab.
  await follower.getByRole('tab', { name: 'Works' }).click();
  await expect(follower).toHaveURL(/#\/own$/);
  await chooseFromUserMenu(follower, 'Favorites', /#\/own\?selectedCollection=true$/);
  await chooseFromUserMenu(follower, 'My homepage', /#\/own$/);
  await expect(follower.getByRole('tab', { name: 'Works' })).toHaveAttribute('aria-selected', 'true');
  await expect(follower.getByRole('button', { name: 'Edit profile' })).toBeVisible();

  // A's achievements: the first publication is unlocked, with its date.
  await creator.goto('/#/own');
  await creator.getByRole('tab', { name: 'Achievements' }).click();
  await expect(creator).toHaveURL(/#\/own\?tab=achievements$/);
  const badge = creator.getByTestId('achievement-first_publication');
  await expect(badge).toHaveAttribute('data-unlocked', 'true');
  await expect(badge).toContainText('First publication');
  await expect(badge).toContainText('Unlocked on');
});

test('a visitor asking for their own page is offered to log in; an unknown user is not found', async ({ page }) => {
  await page.goto('/#/own');
  await expect(page.getByText('Log in to see your home page')).toBeVisible();
  await page.getByRole('button', { name: 'Go to the community' }).click();
  await expect(page).toHaveURL(/#\/community$/);

  await page.goto('/#/own?userId=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This user does not exist')).toBeVisible();
  await page.goto('/#/own?userId=not-an-id');
  await expect(page.getByText('This user does not exist')).toBeVisible();
});
