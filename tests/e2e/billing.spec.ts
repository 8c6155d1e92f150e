import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { otherUser } from './support/community.ts';
import { appHeader, cards, generate, studioUser } from './support/studio.ts';

interface Product {
  id: string;
  kind: 'cubes' | 'plan';
  cubes: number;
  period: 'day' | 'week' | 'month' | null;
  name: { en: string; zh: string };
}

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { status: number; data: T; msg: string };
  if (body.status !== 200) throw new Error(`${res.url()}: ${body.msg}`);
  return body.data;
}

/** Mints one redemption code through the operator's API, with the token the server wrote at start. */
async function mintCode(page: Page, worth: { cubes?: number; planDays?: number; expiresAt?: string }) {
  const token = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'admin-token'), 'utf8').trim();
  const minted = await data<{ codes: string[] }>(
    await page.request.post('/turing/admin/codes/mint', {
      headers: { ...appHeader, 'x-admin-token': token },
      data: { count: 1, ...worth },
    }),
  );
  return minted.codes[0]!;
}

const account = async (page: Page) =>
  data<{ cubes: number; planSecondsLeft: number; isVip: boolean }>(await page.request.get('/turing/billing/account'));

/** Buy on the product page, then settle the order on the development provider's test payment. */
async function buy(page: Page, product: Product, outcome: 'Pay' | 'Fail') {
  await page.getByTestId(`product-${product.id}`).check();
  await page.getByTestId('buy').click();
  const checkout = page.getByRole('dialog', { name: 'Test payment' });
  await expect(checkout).toContainText('no money moves');
  await expect(checkout).toContainText(product.name.en);
  await checkout.getByRole('button', { name: outcome, exact: true }).click();
  await expect(checkout).toBeHidden();
}

test('buying cubes and a day plan, generating on the plan, redeeming codes and entering an invitation', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await studioUser(page);
  const products = await data<Product[]>(await page.request.get('/turing/billing/products'));
  const pack = products.filter((p) => p.kind === 'cubes').sort((a, b) => a.cubes - b.cubes)[0]!;
  const day = products.find((p) => p.kind === 'plan' && p.period === 'day')!;
  const start = await account(page);

  // A cube pack: the balance rises by the pack.
  await page.goto('/#/user/product');
  await expect(page.getByRole('heading', { level: 1, name: 'Product services' })).toBeVisible();
  await expect(page.getByTestId('balance-cubes')).toContainText(String(start.cubes));
  await expect(page.getByTestId('balance-plan')).toContainText('No plan running');
  await expect(page.getByRole('radio', { name: 'USD' })).toBeChecked();
  await buy(page, pack, 'Pay');
  await expect(page.getByText('Payment received: your balance has been updated')).toBeVisible();
  await expect(page).toHaveURL(/#\/user\/product$/);
  const afterPack = start.cubes + pack.cubes;
  await expect(page.getByTestId('balance-cubes')).toContainText(String(afterPack));

  // A failed payment changes nothing and stays in the history as failed.
  await buy(page, pack, 'Fail');
  await expect(page.getByText('The payment failed; nothing was charged')).toBeVisible();
  await expect(page.getByTestId('balance-cubes')).toContainText(String(afterPack));

  // A day plan: plan time, VIP in the balance card and the header. The pack's message has gone
  // first (a message shows for three seconds), so the one seen is the plan's.
  const received = page.getByText('Payment received: your balance has been updated');
  await expect(received).toHaveCount(0);
  await buy(page, day, 'Pay');
  await expect(received).toBeVisible();
  await expect(page.getByTestId('balance-plan')).toContainText('1 d 0 h');
  await expect(page.getByTestId('balance-vip')).toContainText('VIP');
  await expect(page.getByTestId('header-vip')).toBeVisible();

  // Generating now uses the plan, not cubes.
  await page.goto('/#/design/text-generate');
  await page.getByTestId('prompt-input').fill('A timber pavilion by a lake');
  await expect(page.getByTestId('cost')).toContainText('Covered by your time plan');
  await generate(page).click();
  await expect(cards(page).first()).toBeVisible();
  await expect
    .poll(
      async () =>
        (await data<{ items: { state: string }[] }>(await page.request.get('/turing/design/task/list'))).items[0]
          ?.state,
      { timeout: 30_000 },
    )
    .toBe('complete');
  expect((await account(page)).cubes).toBe(afterPack);

  // Redemption codes: one that works, then each refusal once.
  const good = await mintCode(page, { cubes: 7 });
  const taken = await mintCode(page, { cubes: 5 });
  const soonExpires = Date.now() + 2_000;
  const soon = await mintCode(page, { cubes: 5, expiresAt: new Date(soonExpires).toISOString() });
  const inviter = await otherUser(baseURL!, 'Inviting Iris');
  await data(await inviter.post(`/turing/user/exchange?code=${encodeURIComponent(taken)}`));
  const inviteCode = (await data<{ code: string }>(await inviter.get('/turing/user/invitation'))).code;

  await page.goto('/#/user/profile');
  const redeem = page.getByTestId('redeem-card');
  const tryCode = async (code: string, answer: string) => {
    await redeem.getByRole('textbox', { name: 'Redemption code' }).fill(code);
    await redeem.getByRole('button', { name: 'Redeem' }).click();
    await expect(redeem.getByTestId('redeem-outcome')).toHaveText(answer);
  };
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await expect(redeem.getByText('Please enter a redemption code')).toBeVisible();
  await tryCode(good, 'Redeemed: 7 cubes added to your balance');
  await tryCode(good, 'You have already redeemed this code');
  await tryCode(taken, 'This redemption code has already been used');
  await tryCode('NO-SUCH-CODE-1234', 'This redemption code does not exist');
  // The third code was minted to expire two seconds later: the answers above usually take longer,
  // otherwise this waits out the rest.
  await expect.poll(() => Date.now(), { intervals: [100] }).toBeGreaterThan(soonExpires + 50);
  await tryCode(soon, 'This redemption code has expired');

  // An invitation code of another user, once: the form gives way to who invited.
  const invitation = page.getByTestId('invitation-card');
  await expect(invitation.getByTestId('my-invite-code')).not.toHaveText(inviteCode);
  await invitation.getByRole('textbox', { name: 'Invitation code you received' }).fill(inviteCode);
  await invitation.getByRole('button', { name: 'Enter code' }).click();
  await expect(invitation.getByTestId('invited-by')).toHaveText('You were invited by Inviting Iris');
  await expect(invitation.getByRole('textbox', { name: 'Invitation code you received' })).toHaveCount(0);
  expect((await data<{ invitedCount: number }>(await inviter.get('/turing/user/invitation'))).invitedCount).toBe(1);
  await inviter.dispose();

  // Order and balance history show all of it.
  await page.goto('/#/user/product');
  const orders = page.getByTestId('order-table');
  await expect(orders.getByRole('row')).toHaveCount(4);
  await expect(orders.getByTestId('order-state')).toHaveText(['Paid', 'Failed', 'Paid']);
  await expect(orders).toContainText(day.name.en);
  await expect(orders).toContainText('1 day');
  const ledger = page.getByTestId('ledger-table');
  for (const kind of ['Invitation bonus', 'Redemption code', 'Purchase', 'Welcome gift']) {
    await expect(ledger.getByRole('cell', { name: kind, exact: true }).first()).toBeVisible();
  }
  await expect(ledger).toContainText(`+${pack.cubes}`);
  await expect(ledger).toContainText('+7');
  // Rows name what they were for in the reader's words: the product bought, the plan, and the
  // generation the plan paid for.
  await expect(ledger.getByRole('cell', { name: `Cube pack: ${pack.name.en}`, exact: true })).toBeVisible();
  await expect(ledger.getByRole('cell', { name: 'Plan: Daily', exact: true })).toBeVisible();
  await expect(
    ledger.getByRole('cell', { name: /^Text to image · \d+ images? · (SD|HD|FHD) · Covered by your time plan$/ }),
  ).toBeVisible();
  const csv = await page.request.get(
    await page.getByRole('link', { name: 'Export CSV' }).evaluate((a) => (a as HTMLAnchorElement).href),
  );
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect((await csv.text()).split('\n').length).toBeGreaterThan(4);
});

test('a share link opens registration with the invitation code filled in', async ({ page }) => {
  await page.goto('/#/login?invite=ABCD2345');
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Invitation code (optional)')).toHaveValue('ABCD2345');
});

test('a refunded order whose cubes were spent shows as a debt, under the test payments ribbon', async ({ page }) => {
  test.setTimeout(90_000);
  await studioUser(page);
  const token = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'admin-token'), 'utf8').trim();
  const { order } = await data<{ order: { id: string } }>(
    await page.request.post('/turing/billing/order/create', {
      headers: appHeader,
      data: { productId: 'cubes-50', currency: 'USD', provider: 'dev' },
    }),
  );
  await data(
    await page.request.post('/turing/billing/dev/confirm', {
      headers: appHeader,
      data: { id: order.id, outcome: 'paid' },
    }),
  );
  // 70 cubes: four full-HD generations of four images take 64 of them.
  for (let i = 0; i < 4; i += 1) {
    await data(
      await page.request.post('/turing/design/task/submit', {
        headers: appHeader,
        data: { mode: 'text', prompt: `Spent ${i}`, quality: 'FHD', count: 4 },
      }),
    );
  }
  await data(
    await page.request.post('/turing/admin/orders/refund', {
      headers: { ...appHeader, 'x-admin-token': token },
      data: { orderId: order.id },
    }),
  );

  await page.goto('/#/user/product');
  await expect(page.getByRole('complementary', { name: 'Test payments notice' })).toContainText('Test payments.');
  await expect(page.getByTestId('balance-cubes')).toContainText('0');
  await expect(page.getByTestId('balance-debt')).toContainText('Owed from a refunded order: 44 cubes');
  await page.goto('/#/community');
  await expect(page.getByRole('complementary', { name: 'Test payments notice' })).toBeVisible();
});
