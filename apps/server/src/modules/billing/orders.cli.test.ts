import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../../test-support/admin-cli.ts';
import {
  account,
  confirm,
  createOrder,
  expectBalanceMatchesLedger,
  orderOf,
} from '../../../test-support/billing-helpers.ts';
import { buildTestApp, registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { duration } from './orders.cli.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const admin = (...args: string[]) => runAdminCli(t, url, ...args);

async function paidOrder(cookie: string, productId: string) {
  const id = (await createOrder(t, cookie, { productId })).data.order.id as string;
  await confirm(t, cookie, id);
  return id;
}

describe('orders from the command line', () => {
  it('lists a user’s orders and refunds a paid one', async () => {
    const user = await registerUser(t, { email: 'refund-me@example.com' });
    const cubes = await paidOrder(user.cookie, 'cubes-200');
    const plan = await paidOrder(user.cookie, 'plan-week');
    const pending = (await createOrder(t, user.cookie, { productId: 'cubes-50', currency: 'USD' })).data.order.id;

    const list = await admin('order:list', '--user', 'refund-me@example.com');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`Orders of ${user.profile.username} (${user.profile.id}), newest first:`);
    const lines = list.stdout.split('\n');
    expect(lines.findIndex((l) => l.startsWith(pending))).toBeLessThan(lines.findIndex((l) => l.startsWith(cubes)));
    expect(list.stdout).toMatch(
      new RegExp(`${pending}\\s+\\S+ \\S+ UTC\\s+cubes-50 × 1\\s+50 cubes\\s+\\$1\\.49\\s+dev\\s+pending`),
    );
    expect(list.stdout).toMatch(new RegExp(`${plan}\\s+.*plan-week × 1\\s+7 d plan\\s+¥58\\.00\\s+dev\\s+paid`));
    expect(list.stdout).toMatch(new RegExp(`${cubes}\\s+.*cubes-200 × 1\\s+200 cubes\\s+¥35\\.00\\s+dev\\s+paid`));

    const paged = await admin('order:list', '--user', user.profile.username, '--limit', '2');
    expect(paged.stdout).toMatch(/Next page: npm run admin -- order:list --user \S+ --limit 2 --cursor \S+/);
    const cursor = /--cursor (\S+)/.exec(paged.stdout)![1]!;
    const next = await admin('order:list', '--user', user.profile.username, '--limit', '2', '--cursor', cursor);
    expect(next.stdout).toContain(cubes);
    expect(next.stdout).not.toContain('Next page');

    const refunded = await admin('order:refund', cubes);
    expect(refunded.code).toBe(0);
    expect(refunded.stdout).toContain(`Order ${cubes} (cubes-200 × 1) is refunded. No money moved (dev provider).`);
    expect(refunded.stdout).toContain(
      `Took back 200 cubes from ${user.profile.username}; the balance is now 20 cubes.`,
    );
    const week = await admin('order:refund', plan);
    // The week began when it was bought: what is left of it by now.
    expect(week.stdout).toMatch(/Took back (7 d|6 d 23 h 59 min) plan from \S+; the balance is now 20 cubes\./);
    expect((await orderOf(t, user.cookie, plan)).state).toBe('refunded');
    expect((await account(t, user.cookie)).isVip).toBe(false);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
  });

  it('says what is wrong and changes nothing', async () => {
    const user = await registerUser(t);
    const pending = (await createOrder(t, user.cookie, { productId: 'cubes-50' })).data.order.id;

    const missing = await admin('order:refund');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('order:refund needs an order id');
    const noUser = await admin('order:list');
    expect(noUser.code).toBe(2);
    expect(noUser.stderr).toContain('order:list needs --user');
    expect((await admin('order:list', '--user', 'x', '--limit', '0')).stderr).toContain('--limit must be');

    const notPaid = await admin('order:refund', pending);
    expect(notPaid.code).toBe(1);
    expect(notPaid.stderr).toContain(`Only a paid order can be refunded: ${pending}.`);
    const unknown = await admin('order:refund', '00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('This order was not found: 00000000-0000-4000-8000-000000000000.');
    const nobody = await admin('order:list', '--user', 'nobody-at-all');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toMatch(/: nobody-at-all\.\n/);

    expect((await orderOf(t, user.cookie, pending)).state).toBe('pending');
    const other = await registerUser(t);
    expect((await admin('order:list', '--user', other.profile.id)).stdout).toContain(
      `${other.profile.username} has no orders.`,
    );
  });

  it('shows plan time in days, hours and minutes', () => {
    expect(duration(7 * 86_400)).toBe('7 d');
    expect(duration(86_400 + 3 * 3600 + 120)).toBe('1 d 3 h 2 min');
    expect(duration(59)).toBe('59 s');
    expect(duration(0)).toBe('0');
  });
});
