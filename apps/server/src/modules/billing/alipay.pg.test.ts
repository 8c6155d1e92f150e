import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alipayOrder,
  buildAlipayTestApp,
  notify,
  openCashier,
  payAtCashier,
} from '../../../test-support/alipay-helpers.ts';
import { expectBalanceMatchesLedger, ledgerRows } from '../../../test-support/billing-helpers.ts';
import { FakeAlipay } from '../../../test-support/providers/fake-alipay.ts';
import { registerUser, type TestApp } from '../../../test-support/test-app.ts';

// PostgreSQL only: real concurrent connections racing to settle one Alipay order.
const fake = await new FakeAlipay().listen();
let t: TestApp;
beforeAll(async () => {
  t = await buildAlipayTestApp(fake);
  // Notifications are sent by the tests themselves, all at once.
  fake.deliver = null;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function paidOrder() {
  const user = await registerUser(t);
  const before = await expectBalanceMatchesLedger(t, user.cookie, user.profile.id);
  const made = await alipayOrder(t, user.cookie);
  await openCashier(made.checkoutUrl);
  expect((await payAtCashier(fake, made.no)).status).toBe(303);
  await t.database.query(`update orders set created_at = now() - interval '10 minutes' where id = $1`, [made.order.id]);
  return { user, before, ...made };
}

describe('Alipay races', () => {
  it('20 concurrent duplicate notifications and a sweep fulfil the order once', async () => {
    const { user, before, no } = await paidOrder();
    // Alipay retries with the same notify_id; a second notification of the payment has its own.
    const note = fake.notification(no);
    const other = fake.notification(no);
    const [answers] = await Promise.all([
      Promise.all([
        ...Array.from({ length: 10 }, () => notify(t, note)),
        ...Array.from({ length: 10 }, () => notify(t, other)),
      ]),
      t.app.services!.orders.reconciler.sweep(['alipay']),
    ]);
    expect(answers.map((a) => `${a.statusCode} ${a.body}`)).toEqual(Array(20).fill('200 success'));
    expect(await ledgerRows(t, user.profile.id, 'purchase')).toHaveLength(1);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before + 200);
  });

  it('20 concurrent notifications of a payment for an order cancelled here pay it back once', async () => {
    const { user, before, order, no } = await paidOrder();
    await t.database.query(`update orders set state = 'cancelled' where id = $1`, [order.id]);
    const notes = Array.from({ length: 20 }, () => fake.notification(no));
    const answers = await Promise.all(notes.map((n) => notify(t, n)));
    expect(answers.map((a) => `${a.statusCode} ${a.body}`)).toEqual(Array(20).fill('200 success'));
    const trade = fake.trades.get(no)!;
    expect(trade.refunds.size).toBe(1);
    expect(trade.refunded).toBe(3500);
    const [row] = await t.database.query<{ state: string }>('select state from orders where id = $1', [order.id]);
    expect(row!.state).toBe('refunded');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before);
  });
});
