import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBalanceMatchesLedger, ledgerRows } from '../../../test-support/billing-helpers.ts';
import { FakeWechatPay } from '../../../test-support/providers/fake-wechatpay.ts';
import { registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { buildWechatTestApp, notify, wechatOrder } from '../../../test-support/wechatpay-helpers.ts';

// PostgreSQL only: real concurrent connections racing to settle one WeChat Pay order.
const fake = await new FakeWechatPay().listen();
let t: TestApp;
beforeAll(async () => {
  t = await buildWechatTestApp(fake);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('WeChat Pay races', () => {
  it('20 concurrent duplicate notifications, a return and a sweep fulfil the order once', async () => {
    const user = await registerUser(t);
    const before = await expectBalanceMatchesLedger(t, user.cookie, user.profile.id);
    const { order, no } = await wechatOrder(t, user.cookie);
    fake.pay(no);
    const note = fake.notification('payment', no);
    // WeChat Pay retries with new notification ids too: ten of one, ten of another.
    const other = fake.notification('payment', no);
    await t.database.query(`update orders set created_at = now() - interval '10 minutes' where id = $1`, [order.id]);
    const [answers] = await Promise.all([
      Promise.all([
        ...Array.from({ length: 10 }, () => notify(t, note)),
        ...Array.from({ length: 10 }, () => notify(t, other)),
      ]),
      t.app.services!.orders.reconciler.sweep(['wechatpay']),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(204));
    expect(await ledgerRows(t, user.profile.id, 'purchase')).toHaveLength(1);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before + 200);
  });

  it('20 concurrent refund confirmations reverse the order once', async () => {
    fake.refundAnswer = 'PROCESSING';
    const user = await registerUser(t);
    const { order, no } = await wechatOrder(t, user.cookie);
    fake.pay(no);
    await notify(t, fake.notification('payment', no));
    const paid = await expectBalanceMatchesLedger(t, user.cookie, user.profile.id);
    await t.app.services!.orders.refund(order.id);
    fake.settleRefund(no);
    const notes = Array.from({ length: 20 }, (_, i) => (i % 2 ? fake.notification('refund', no) : null));
    const one = fake.notification('refund', no);
    const answers = await Promise.all(notes.map((n) => notify(t, n ?? one)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(204));
    expect(await ledgerRows(t, user.profile.id, 'reversal')).toHaveLength(1);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(paid - 200);
  });
});
