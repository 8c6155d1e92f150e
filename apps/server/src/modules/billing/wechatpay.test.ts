import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  account,
  cancel,
  expectBalanceMatchesLedger,
  orderOf,
  refundOrder,
} from '../../../test-support/billing-helpers.ts';
import { FakeWechatPay, WECHATPAY_TEST } from '../../../test-support/providers/fake-wechatpay.ts';
import { capturingLogger, registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { runAdminCli } from '../../../test-support/admin-cli.ts';
import { buildWechatTestApp, notify, wechatOrder } from '../../../test-support/wechatpay-helpers.ts';

const fake = await new FakeWechatPay().listen();
const logs = capturingLogger('info');
let t: TestApp;
beforeAll(async () => {
  t = await buildWechatTestApp(fake, { CODE_IP_LIMIT: '1000', LOG_LEVEL: 'info' }, { logger: logs.logger });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.signer = 'publickey';
  fake.refundAnswer = 'PROCESSING';
  fake.refundsRefused = false;
});

const stateOf = async (id: string) =>
  (await t.database.query<{ state: string }>('select state from orders where id = $1', [id]))[0]!.state;
const sweep = () => t.app.services!.orders.reconciler.sweep(['wechatpay']);
/** Makes the order look older (reconciliation asks about orders a few minutes old) and, if said, expired. */
const age = (id: string, opts: { expired?: boolean } = {}) =>
  t.database.query(
    `update orders set created_at = now() - interval '10 minutes'${opts.expired ? `, expires_at = now() - interval '1 minute'` : ''} where id = $1`,
    [id],
  );

describe('WeChat Pay checkout', () => {
  it('opens a Native payment in CNY whatever currency was asked, shown as a QR code in the app', async () => {
    const user = await registerUser(t);
    expect((await account(t, user.cookie)).providers).toEqual(['wechatpay', 'dev']);
    const { order, checkoutUrl, no } = await wechatOrder(t, user.cookie, { currency: 'USD' });
    expect(order).toMatchObject({ currency: 'CNY', amount: 3500, state: 'pending' });
    expect(checkoutUrl).toBe(`https://turing.example.com/#/user/product?scan=${order.id}`);
    expect(order.payCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const trade = fake.trades.get(no)!;
    expect(trade).toMatchObject({
      kind: 'NATIVE',
      total: 3500,
      notify_url: 'https://turing.example.com/turing/billing/webhook/wechatpay',
      appid: WECHATPAY_TEST.appId,
      // The Chinese name for an English buyer too: it shows in the payer's WeChat bill.
      description: '200 魔方',
    });
    // Payable for ORDER_PAY_MINUTES (30), in Beijing time.
    const minutes = (Date.parse(trade.time_expire) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThan(31);
    expect(no).toHaveLength(32);
  });

  it('sends a phone to its H5 address with the way back built from PUBLIC_URL', async () => {
    const user = await registerUser(t);
    const { order, checkoutUrl, no } = await wechatOrder(t, user.cookie, { device: 'phone' });
    const back = encodeURIComponent(`https://turing.example.com/#/user/product?order=${order.id}`);
    expect(checkoutUrl).toMatch(/^https:\/\/wx\.tenpay\.com\/cgi-bin\/mmpayweb-bin\/checkmweb\?prepay_id=/);
    expect(checkoutUrl.endsWith(`&redirect_url=${back}`)).toBe(true);
    expect(fake.trades.get(no)!.kind).toBe('MWEB');
  });

  it('answers PAYMENT_UNAVAILABLE in the user’s language and leaves no order that could be paid unseen', async () => {
    const user = await registerUser(t);
    fake.fail('native', { status: 500, json: { code: 'SYSTEM_ERROR', message: '系统异常，请稍后重试' } });
    const made = await t.app.inject({
      method: 'POST',
      url: '/turing/billing/order/create',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'zh-CN', cookie: user.cookie },
      payload: { productId: 'cubes-200', currency: 'CNY', provider: 'wechatpay' },
    });
    expect(made.statusCode).toBe(503);
    expect(made.json()).toMatchObject({ code: 'PAYMENT_UNAVAILABLE', msg: '暂时无法支付，请稍后重试' });
    const [row] = await t.database.query<{ id: string; state: string }>(
      'select id, state from orders where user_id = $1',
      [user.profile.id],
    );
    expect(row!.state).toBe('failed');
    // Closed at WeChat Pay too, in case it had made the order before the failure reached us.
    expect(fake.requestsTo('close').some((r) => r.path.includes(row!.id.replace(/-/g, '')))).toBe(true);
  });
});

describe('WeChat Pay notifications', () => {
  it('fulfil a paid order exactly once, whichever key signed them', async () => {
    const user = await registerUser(t);
    const before = await expectBalanceMatchesLedger(t, user.cookie, user.profile.id);
    const { order, no } = await wechatOrder(t, user.cookie);
    expect(fake.pay(no)).toBe(true);
    const note = fake.notification('payment', no);
    expect((await notify(t, note)).statusCode).toBe(204);
    // The same payment again, signed the older way with the platform certificate, and replayed.
    const byCert = fake.notification('payment', no, { signer: 'platform' });
    expect((await notify(t, byCert)).statusCode).toBe(204);
    expect((await notify(t, note)).statusCode).toBe(204);
    expect(await orderOf(t, user.cookie, order.id)).toMatchObject({ state: 'paid', payCode: null });
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before + 200);
  });

  it.each([
    ['no signature', (n: Note) => ({ ...n, headers: { 'content-type': 'application/json' } }), 401],
    [
      'a bad signature',
      (n: Note) => ({ ...n, body: n.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') }),
      401,
    ],
    [
      'an unknown serial',
      (n: Note) => ({ ...n, headers: { ...n.headers, 'wechatpay-serial': 'PUB_KEY_ID_0000' } }),
      401,
    ],
    [
      'a signing time 6 minutes off',
      (_n: Note, no: string) => fake.notification('payment', no, { timestamp: Math.floor(Date.now() / 1000) - 360 }),
      401,
    ],
    [
      'a ciphertext that does not decrypt',
      (_n: Note, no: string) => fake.notification('payment', no, { key: 'x'.repeat(32) }),
      400,
    ],
    [
      'another amount',
      (_n: Note, no: string) => fake.notification('payment', no, { plain: { amount: { total: 1, currency: 'CNY' } } }),
      204,
    ],
    [
      'another currency',
      (_n: Note, no: string) =>
        fake.notification('payment', no, { plain: { amount: { total: 3500, currency: 'USD' } } }),
      204,
    ],
    [
      'another merchant',
      (_n: Note, no: string) => fake.notification('payment', no, { plain: { mchid: '1900000000' } }),
      204,
    ],
    [
      'another app',
      (_n: Note, no: string) => fake.notification('payment', no, { plain: { appid: 'wx0000000000000000' } }),
      204,
    ],
    [
      'an order not ours',
      (_n: Note, no: string) => fake.notification('payment', no, { plain: { out_trade_no: 'f'.repeat(32) } }),
      204,
    ],
  ])('with %s are refused or answered without fulfilling anything', async (_name, make, status) => {
    const user = await registerUser(t);
    const before = await expectBalanceMatchesLedger(t, user.cookie, user.profile.id);
    const { order, no } = await wechatOrder(t, user.cookie);
    fake.pay(no);
    const answer = await notify(t, make(fake.notification('payment', no), no));
    expect(answer.statusCode).toBe(status);
    if (status >= 400) expect(answer.json()).toMatchObject({ code: 'FAIL' });
    // Read from the database: the order page would ask WeChat Pay, which (rightly) says it was paid.
    expect(await stateOf(order.id)).toBe('pending');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before);
  });

  it('refuse a body of 1 MB before reading it', async () => {
    const answer = await notify(t, { headers: { 'content-type': 'application/json' }, body: 'x'.repeat(1024 * 1024) });
    expect(answer.statusCode).toBe(413);
  });

  it('never log a key', () => {
    const text = JSON.stringify(logs.lines);
    expect(text).not.toContain(WECHATPAY_TEST.apiV3Key);
    expect(text).not.toContain('PRIVATE KEY');
  });
});

type Note = { headers: Record<string, string>; body: string };

describe('reconciliation without a notification', () => {
  it('settles a paid order when the buyer comes back, asking WeChat Pay', async () => {
    const user = await registerUser(t);
    const { order, no } = await wechatOrder(t, user.cookie);
    fake.pay(no);
    expect(await orderOf(t, user.cookie, order.id)).toMatchObject({ state: 'paid' });
    expect((await account(t, user.cookie)).cubes).toBeGreaterThanOrEqual(200);
  });

  it('settles what was paid, leaves what is payable, and closes what expired before cancelling it', async () => {
    const user = await registerUser(t);
    const paid = await wechatOrder(t, user.cookie);
    const open = await wechatOrder(t, user.cookie);
    const expired = await wechatOrder(t, user.cookie);
    fake.pay(paid.no);
    for (const o of [paid, open]) await age(o.order.id);
    await age(expired.order.id, { expired: true });
    expect(await sweep()).toMatchObject({ settled: 1, open: 1, cancelled: 1 });
    expect((await orderOf(t, user.cookie, paid.order.id)).state).toBe('paid');
    expect((await orderOf(t, user.cookie, open.order.id)).state).toBe('pending');
    expect((await orderOf(t, user.cookie, expired.order.id)).state).toBe('cancelled');
    // Closed at WeChat Pay first: the QR code the buyer may still hold can no longer pay it.
    expect(fake.trades.get(expired.no)!.state).toBe('CLOSED');
    expect(fake.pay(expired.no)).toBe(false);
  });

  it('settles an expired order that was paid meanwhile instead of cancelling it', async () => {
    const user = await registerUser(t);
    const { order, no } = await wechatOrder(t, user.cookie);
    await age(order.id, { expired: true });
    fake.pay(no);
    await sweep();
    expect((await orderOf(t, user.cookie, order.id)).state).toBe('paid');
  });

  it('does not believe an answer whose signature fails', async () => {
    const user = await registerUser(t);
    const { order, no } = await wechatOrder(t, user.cookie);
    fake.pay(no);
    await age(order.id);
    fake.forgeAnswers = 100;
    expect((await sweep()).unreachable).toBeGreaterThanOrEqual(1);
    expect(await stateOf(order.id)).toBe('pending');
    fake.forgeAnswers = 0;
  });

  it('refunds a payment that arrives for an order cancelled here, and never keeps it', async () => {
    const user = await registerUser(t);
    const before = await expectBalanceMatchesLedger(t, user.cookie, user.profile.id);
    const { order, no } = await wechatOrder(t, user.cookie);
    // The buyer pays while the order is being cancelled here (the close lost the race).
    fake.pay(no);
    await t.database.query(`update orders set state = 'cancelled' where id = $1`, [order.id]);
    expect((await notify(t, fake.notification('payment', no))).statusCode).toBe(204);
    expect(fake.refunds.get(no)).toMatchObject({ refund: 3500, status: 'PROCESSING' });
    expect(await orderOf(t, user.cookie, order.id)).toMatchObject({ state: 'cancelled', refund: 'processing' });
    fake.settleRefund(no);
    expect((await notify(t, fake.notification('refund', no))).statusCode).toBe(204);
    expect((await orderOf(t, user.cookie, order.id)).state).toBe('refunded');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before);
  });

  it('cancelling an order closes it at WeChat Pay', async () => {
    const user = await registerUser(t);
    const { order, no } = await wechatOrder(t, user.cookie);
    expect((await cancel(t, user.cookie, order.id)).data.state).toBe('cancelled');
    expect(fake.trades.get(no)!.state).toBe('CLOSED');
  });
});

describe('refunds through WeChat Pay', () => {
  async function paidOrder() {
    const user = await registerUser(t);
    const made = await wechatOrder(t, user.cookie);
    fake.pay(made.no);
    await notify(t, fake.notification('payment', made.no));
    return { user, ...made };
  }

  it('reverse the order once WeChat Pay confirms, by its notification', async () => {
    const { user, order, no } = await paidOrder();
    const before = await expectBalanceMatchesLedger(t, user.cookie, user.profile.id);
    const asked = await refundOrder(t, order.id);
    expect(asked.data).toMatchObject({
      pending: true,
      providerRefunded: true,
      order: { state: 'paid', refund: 'processing' },
    });
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before);
    // Asked again while it is processing: the same refund, not a second one.
    expect((await refundOrder(t, order.id)).data).toMatchObject({ pending: true });
    expect(fake.requestsTo('refund')).toHaveLength(fake.refunds.size + 1);
    fake.settleRefund(no);
    const note = fake.notification('refund', no);
    expect((await notify(t, note)).statusCode).toBe(204);
    expect((await notify(t, note)).statusCode).toBe(204);
    expect(await orderOf(t, user.cookie, order.id)).toMatchObject({ state: 'refunded', refund: null });
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before - 200);
  });

  it('reverse at once when WeChat Pay refunds at once, and through reconciliation when its notification is lost', async () => {
    fake.refundAnswer = 'SUCCESS';
    const first = await paidOrder();
    expect((await refundOrder(t, first.order.id)).data).toMatchObject({ pending: false, order: { state: 'refunded' } });
    fake.refundAnswer = 'PROCESSING';
    const second = await paidOrder();
    await refundOrder(t, second.order.id);
    fake.settleRefund(second.no);
    await age(second.order.id);
    await sweep();
    expect((await orderOf(t, second.user.cookie, second.order.id)).state).toBe('refunded');
  });

  it('are asked for from the command line, which says when WeChat Pay is still paying back', async () => {
    const { order, no } = await paidOrder();
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const asked = await runAdminCli(t, url, 'order:refund', order.id);
    expect(asked.stdout).toContain(`WeChat Pay accepted the refund of ¥35.00 for order ${order.id}`);
    expect(asked.stdout).toContain('The order stays paid until WeChat Pay confirms');
    fake.settleRefund(no);
    await notify(t, fake.notification('refund', no));
    fake.refundsRefused = true;
    const second = await paidOrder();
    const refused = await runAdminCli(t, url, 'order:refund', second.order.id);
    expect(`${refused.stdout}${refused.stderr}`).toContain('NOT_ENOUGH');
  });

  it('leave the order paid, with WeChat Pay’s reason for the operator, when it refuses', async () => {
    const { user, order } = await paidOrder();
    fake.refundsRefused = true;
    const refused = await refundOrder(t, order.id);
    expect(refused).toMatchObject({ code: 'PAYMENT_REFUND_REFUSED' });
    expect(refused.msg).toContain('NOT_ENOUGH');
    expect(await orderOf(t, user.cookie, order.id)).toMatchObject({ state: 'paid', refund: 'refused' });
    // A payment notification replayed after all this changes nothing.
  });

  it('a refund that WeChat Pay fails later (ABNORMAL) is shown as refused and the order stays paid', async () => {
    const { user, order, no } = await paidOrder();
    await refundOrder(t, order.id);
    fake.settleRefund(no, 'ABNORMAL');
    expect((await notify(t, fake.notification('refund', no))).statusCode).toBe(204);
    expect(await orderOf(t, user.cookie, order.id)).toMatchObject({ state: 'paid', refund: 'refused' });
  });

  it('a payment notification for an order refunded already credits nothing', async () => {
    fake.refundAnswer = 'SUCCESS';
    const { user, order, no } = await paidOrder();
    await refundOrder(t, order.id);
    const before = await expectBalanceMatchesLedger(t, user.cookie, user.profile.id);
    expect((await notify(t, fake.notification('payment', no))).statusCode).toBe(204);
    expect((await orderOf(t, user.cookie, order.id)).state).toBe('refunded');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before);
  });
});
