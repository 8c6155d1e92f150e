import { readFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  alipayOrder,
  buildAlipayTestApp,
  deliverTo,
  notify,
  openCashier,
  payAtCashier,
} from '../../../test-support/alipay-helpers.ts';
import {
  account,
  cancel,
  expectBalanceMatchesLedger,
  ledgerRows,
  orderOf,
  payAgain,
  refundOrder,
} from '../../../test-support/billing-helpers.ts';
import { ALIPAY_TEST, FakeAlipay } from '../../../test-support/providers/fake-alipay.ts';
import { epochOf, rsa2, signingString } from '../../../test-support/providers/alipay-test-kit.ts';
import { capturingLogger, registerUser, type TestApp } from '../../../test-support/test-app.ts';

const fake = await new FakeAlipay().listen();
const logs = capturingLogger('info');
let t: TestApp;
beforeAll(async () => {
  t = await buildAlipayTestApp(fake, { CODE_IP_LIMIT: '1000', LOG_LEVEL: 'info' }, { logger: logs.logger });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.refundsRefused = false;
  fake.deliver = deliverTo(t);
});

const stateOf = async (id: string) =>
  (await t.database.query<{ state: string }>('select state from orders where id = $1', [id]))[0]!.state;
const sweep = () => t.app.services!.orders.reconciler.sweep(['alipay']);
/** Makes the order look older (reconciliation asks about orders a few minutes old) and, if said, expired. */
const age = (id: string, opts: { expired?: boolean } = {}) =>
  t.database.query(
    `update orders set created_at = now() - interval '10 minutes'${opts.expired ? `, expires_at = now() - interval '1 minute'` : ''} where id = $1`,
    [id],
  );
const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams);
const bizOf = (url: string) => JSON.parse(paramsOf(url).biz_content!) as Record<string, string>;

/** A user's order opened on the double's cashier and paid there, its notification delivered (or not). */
async function paidOrder(opts: { notified?: boolean } = {}) {
  const user = await registerUser(t);
  const before = await expectBalanceMatchesLedger(t, user.cookie, user.profile.id);
  const made = await alipayOrder(t, user.cookie);
  expect((await openCashier(made.checkoutUrl)).status).toBe(200);
  if (opts.notified === false) fake.deliver = null;
  expect((await payAtCashier(fake, made.no)).status).toBe(303);
  return { user, before, ...made };
}

describe('Alipay checkout', () => {
  it('sends a desktop to the computer website payment, in CNY whatever was asked, signed as the double checks', async () => {
    const user = await registerUser(t);
    expect((await account(t, user.cookie)).providers).toEqual(['alipay', 'dev']);
    const { order, checkoutUrl, no } = await alipayOrder(t, user.cookie, { currency: 'USD' });
    expect(order).toMatchObject({ currency: 'CNY', amount: 3500, state: 'pending' });
    expect(checkoutUrl.startsWith(`${fake.url}/gateway.do?`)).toBe(true);
    expect(paramsOf(checkoutUrl)).toMatchObject({
      method: 'alipay.trade.page.pay',
      app_id: ALIPAY_TEST.appId,
      sign_type: 'RSA2',
      charset: 'utf-8',
      notify_url: 'https://turing.example.com/turing/billing/webhook/alipay',
      return_url: `https://turing.example.com/#/user/product?order=${order.id}`,
    });
    const biz = bizOf(checkoutUrl);
    expect(biz).toMatchObject({ out_trade_no: no, total_amount: '35.00', product_code: 'FAST_INSTANT_TRADE_PAY' });
    // Payable for ORDER_PAY_MINUTES (30), in Beijing time, as the order says.
    expect(epochOf(biz.time_expire!)).toBe(Math.floor(Date.parse(order.expiresAt!) / 1000) * 1000);
    expect((epochOf(biz.time_expire!) - Date.now()) / 60_000).toBeGreaterThan(29);
    const page = await openCashier(checkoutUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('¥35.00');
    expect(fake.trades.get(no)).toMatchObject({ method: 'alipay.trade.page.pay', status: 'WAIT_BUYER_PAY' });
  });

  it('sends a phone to the mobile website payment', async () => {
    const user = await registerUser(t);
    const { order, checkoutUrl, no } = await alipayOrder(t, user.cookie, { device: 'phone' });
    expect(paramsOf(checkoutUrl).method).toBe('alipay.trade.wap.pay');
    expect(bizOf(checkoutUrl)).toMatchObject({
      product_code: 'QUICK_WAP_WAY',
      quit_url: `https://turing.example.com/#/user/product?order=${order.id}`,
    });
    expect((await openCashier(checkoutUrl)).status).toBe(200);
    expect(fake.trades.get(no)!.method).toBe('alipay.trade.wap.pay');
  });

  it('an address changed on its way (another amount) is refused by the double', async () => {
    const user = await registerUser(t);
    const { checkoutUrl, no } = await alipayOrder(t, user.cookie);
    const url = new URL(checkoutUrl);
    url.searchParams.set('biz_content', url.searchParams.get('biz_content')!.replace('35.00', '0.01'));
    const page = await openCashier(url.toString());
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('isv.invalid-signature');
    expect(fake.trades.has(no)).toBe(false);
  });

  it('paying again gives the address again, until Alipay says it was paid', async () => {
    const user = await registerUser(t);
    const { order, no } = await alipayOrder(t, user.cookie);
    const again = await payAgain(t, user.cookie, order.id);
    expect((await openCashier(again.data.checkoutUrl)).status).toBe(200);
    fake.pay(no);
    expect(await payAgain(t, user.cookie, order.id)).toMatchObject({ code: 'ORDER_NOT_PENDING' });
  });

  it('cancelling an order closes it at Alipay, opened or not', async () => {
    const user = await registerUser(t);
    const opened = await alipayOrder(t, user.cookie);
    await openCashier(opened.checkoutUrl);
    expect((await cancel(t, user.cookie, opened.order.id)).data.state).toBe('cancelled');
    expect(fake.trades.get(opened.no)!.status).toBe('TRADE_CLOSED');
    expect((await payAtCashier(fake, opened.no)).status).toBe(409);
    const never = await alipayOrder(t, user.cookie);
    expect((await cancel(t, user.cookie, never.order.id)).data.state).toBe('cancelled');
  });
});

describe('paying through Alipay', () => {
  it('the cashier pays, notifies and sends the buyer back; the order is fulfilled once', async () => {
    const user = await registerUser(t);
    const before = await expectBalanceMatchesLedger(t, user.cookie, user.profile.id);
    const { order, checkoutUrl, no } = await alipayOrder(t, user.cookie);
    await openCashier(checkoutUrl);
    const delivered: string[] = [];
    fake.deliver = async (url, body) => {
      delivered.push(body);
      return deliverTo(t)(url, body);
    };
    const back = await payAtCashier(fake, no);
    expect(back.status).toBe(303);
    const location = back.headers.get('location')!;
    expect(location.startsWith(`https://turing.example.com/#/user/product?order=${order.id}&`)).toBe(true);
    expect(location).toContain(`out_trade_no=${no}`);
    expect(await stateOf(order.id)).toBe('paid');
    // Alipay sends it again (no success seen) and someone replays it: nothing more.
    for (const body of [delivered[0]!, delivered[0]!, fake.notification(no)]) {
      const replay = await notify(t, body);
      expect(replay.statusCode).toBe(200);
      expect(replay.body).toBe('success');
      expect(replay.headers['content-type']).toMatch(/^text\/plain/);
    }
    expect(await orderOf(t, user.cookie, order.id)).toMatchObject({ state: 'paid', expiresAt: null });
    expect(await ledgerRows(t, user.profile.id, 'purchase')).toHaveLength(1);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before + 200);
  });

  it('the buyer’s return settles a paid order without any notification, asking Alipay', async () => {
    const { user, before, order } = await paidOrder({ notified: false });
    expect(await stateOf(order.id)).toBe('pending');
    expect(await orderOf(t, user.cookie, order.id)).toMatchObject({ state: 'paid' });
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before + 200);
  });

  it('a failure while settling answers 500, so Alipay sends it again, and nothing was recorded', async () => {
    const { user, before, order, no } = await paidOrder({ notified: false });
    const note = fake.notification(no);
    await t.database.query('alter table payment_events rename to payment_events_away');
    let failed;
    try {
      failed = await notify(t, note);
    } finally {
      await t.database.query('alter table payment_events_away rename to payment_events');
    }
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain('success');
    expect(failed.body).not.toContain('PRIVATE');
    expect(await stateOf(order.id)).toBe('pending');
    expect((await notify(t, note)).body).toBe('success');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before + 200);
  });
});

describe('reconciliation without a notification', () => {
  it('settles what was paid, leaves what is payable, and closes what expired before cancelling it', async () => {
    const user = await registerUser(t);
    const paid = await alipayOrder(t, user.cookie);
    const open = await alipayOrder(t, user.cookie);
    const expired = await alipayOrder(t, user.cookie);
    for (const o of [paid, open, expired]) await openCashier(o.checkoutUrl);
    fake.pay(paid.no);
    for (const o of [paid, open]) await age(o.order.id);
    await age(expired.order.id, { expired: true });
    const counts = await sweep();
    expect(counts.settled).toBeGreaterThanOrEqual(1);
    expect(counts.cancelled).toBeGreaterThanOrEqual(1);
    expect(await stateOf(paid.order.id)).toBe('paid');
    expect(await stateOf(open.order.id)).toBe('pending');
    expect(await stateOf(expired.order.id)).toBe('cancelled');
    // Closed at Alipay first: the address the buyer may still have open can no longer pay it.
    expect(fake.trades.get(expired.no)!.status).toBe('TRADE_CLOSED');
    expect((await payAtCashier(fake, expired.no)).status).toBe(409);
    await cancel(t, user.cookie, open.order.id);
  });

  it('settles an expired order that was paid meanwhile instead of cancelling it', async () => {
    const { order } = await paidOrder({ notified: false });
    await age(order.id, { expired: true });
    await sweep();
    expect(await stateOf(order.id)).toBe('paid');
  });

  it.each([
    ['a bad signature', () => fake.trouble('alipay.trade.query', 'BAD_SIGN')],
    ['a system error', () => fake.trouble('alipay.trade.query', 'SYSTEM_ERROR')],
    ['a 502', () => fake.fail('alipay.trade.query', { status: 502 })],
    ['a page that is not JSON', () => fake.trouble('alipay.trade.query', 'NOT_JSON')],
  ])('does not believe an answer with %s', async (_name, arrange) => {
    const { order } = await paidOrder({ notified: false });
    await age(order.id);
    arrange();
    expect((await sweep()).unreachable).toBeGreaterThanOrEqual(1);
    expect(await stateOf(order.id)).toBe('pending');
    await sweep();
    expect(await stateOf(order.id)).toBe('paid');
  });

  it('refunds a payment that arrives for an order cancelled here, at Alipay, and never keeps it', async () => {
    const { user, before, order, no } = await paidOrder({ notified: false });
    // The buyer paid while the order was being cancelled here (the close lost the race).
    await t.database.query(`update orders set state = 'cancelled' where id = $1`, [order.id]);
    expect((await notify(t, fake.notification(no))).body).toBe('success');
    expect(fake.trades.get(no)).toMatchObject({ refunded: 3500, status: 'TRADE_CLOSED' });
    expect(await orderOf(t, user.cookie, order.id)).toMatchObject({ state: 'refunded' });
    // Alipay's refund notification, and the payment's again: nothing changes, nothing is refunded twice.
    expect((await notify(t, fake.notification(no))).body).toBe('success');
    expect(
      (await notify(t, fake.notification(no, { trade_status: 'TRADE_SUCCESS', refund_fee: undefined }))).body,
    ).toBe('success');
    expect(fake.trades.get(no)!.refunds.size).toBe(1);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before);
  });
});

describe('refunds through Alipay', () => {
  it('the operator’s refund pays back at Alipay and reverses the order; its notification changes nothing', async () => {
    const { user, before, order, no } = await paidOrder();
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before + 200);
    const done = await refundOrder(t, order.id);
    expect(done.data).toMatchObject({ pending: false, providerRefunded: true, order: { state: 'refunded' } });
    expect(fake.requestsTo('alipay.trade.refund')).not.toHaveLength(0);
    expect(fake.trades.get(no)).toMatchObject({ refunded: 3500, status: 'TRADE_CLOSED' });
    expect((await notify(t, fake.notification(no))).body).toBe('success');
    expect(await refundOrder(t, order.id)).toMatchObject({ code: 'ORDER_NOT_REFUNDABLE' });
    // A payment notification for the refunded order credits nothing.
    expect(
      (await notify(t, fake.notification(no, { trade_status: 'TRADE_SUCCESS', refund_fee: undefined }))).body,
    ).toBe('success');
    expect(await stateOf(order.id)).toBe('refunded');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before);
  });

  it('a refused refund leaves the order paid, with Alipay’s reason for the operator', async () => {
    const { user, order } = await paidOrder();
    fake.refundsRefused = true;
    const refused = await refundOrder(t, order.id);
    expect(refused).toMatchObject({ code: 'PAYMENT_REFUND_REFUSED' });
    expect(refused.msg).toContain('ACQ.SELLER_BALANCE_NOT_ENOUGH');
    expect(await orderOf(t, user.cookie, order.id)).toMatchObject({ state: 'paid', refund: 'refused' });
    // Alipay in trouble is not a refusal: the operator is told to try again, and nothing changes.
    fake.refundsRefused = false;
    fake.trouble('alipay.trade.refund', 'SYSTEM_ERROR');
    expect(await refundOrder(t, order.id)).toMatchObject({ code: 'PAYMENT_UNAVAILABLE' });
    expect(await stateOf(order.id)).toBe('paid');
    expect((await refundOrder(t, order.id)).data).toMatchObject({ order: { state: 'refunded' } });
  });

  it('a refund made in Alipay’s console reverses the order by its notification; part of one changes nothing', async () => {
    const { user, before, order, no } = await paidOrder();
    fake.refundAtConsole(no, 1000);
    expect((await notify(t, fake.notification(no))).body).toBe('success');
    expect(await stateOf(order.id)).toBe('paid');
    fake.refundAtConsole(no, 2500);
    const full = fake.notification(no);
    expect(new URLSearchParams(full).get('trade_status')).toBe('TRADE_CLOSED');
    expect((await notify(t, full)).body).toBe('success');
    expect((await notify(t, full)).body).toBe('success');
    expect(await stateOf(order.id)).toBe('refunded');
    expect(await ledgerRows(t, user.profile.id, 'reversal')).toHaveLength(1);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before);
  });
});

const appKey = createPrivateKey(readFileSync(ALIPAY_TEST.files.appKey, 'utf8'));
/** The form re-signed with another key than Alipay's (the app's own, say). */
function signedByAnother(body: string) {
  const params = Object.fromEntries(new URLSearchParams(body));
  params.sign = rsa2(signingString(params, ['sign', 'sign_type']), appKey);
  return new URLSearchParams(params).toString();
}
const edit = (body: string, change: (p: URLSearchParams) => void) => {
  const params = new URLSearchParams(body);
  change(params);
  return params.toString();
};

describe('notifications that settle nothing', () => {
  it.each([
    ['no signature', (b: string) => edit(b, (p) => p.delete('sign')), 401],
    ['a changed amount', (b: string) => edit(b, (p) => p.set('total_amount', '0.01')), 401],
    ['another key’s signature', signedByAnother, 401],
    ['sign_type RSA', (b: string) => edit(b, (p) => p.set('sign_type', 'RSA')), 401],
    ['a repeated parameter', (b: string) => `${b}&trade_status=TRADE_SUCCESS`, 400],
    ['a body that is not a form', () => '{"trade_status":"TRADE_SUCCESS"}', 401],
    ['no notify_id', (_b: string, no: string) => fake.notification(no, { notify_id: undefined }), 400],
    ['another amount, signed', (_b: string, no: string) => fake.notification(no, { total_amount: '0.01' }), 200],
    ['another app, signed', (_b: string, no: string) => fake.notification(no, { app_id: '2021000000000000' }), 200],
    ['an order not ours', (_b: string, no: string) => fake.notification(no, { out_trade_no: 'f'.repeat(32) }), 200],
    ['a trade number not ours', (_b: string, no: string) => fake.notification(no, { out_trade_no: 'T2024' }), 200],
    [
      'a buyer still paying',
      (_b: string, no: string) => fake.notification(no, { trade_status: 'WAIT_BUYER_PAY' }),
      200,
    ],
  ])('with %s are refused or answered without fulfilling anything', async (_name, make, status) => {
    const user = await registerUser(t);
    const before = await expectBalanceMatchesLedger(t, user.cookie, user.profile.id);
    const { order, no, checkoutUrl } = await alipayOrder(t, user.cookie);
    await openCashier(checkoutUrl);
    fake.pay(no);
    const answer = await notify(t, make(fake.notification(no), no));
    expect(answer.statusCode).toBe(status);
    expect(answer.body).toBe(status === 200 ? 'success' : 'fail');
    expect(await stateOf(order.id)).toBe('pending');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(before);
  });

  it('a body of 1 MB is answered without being believed, and a larger one is refused unread', async () => {
    const oneMb = await notify(t, `a=${'x'.repeat(1024 * 1024 - 2)}`);
    expect(oneMb.statusCode).toBe(401);
    expect((await notify(t, 'x'.repeat(1024 * 1024 + 1))).statusCode).toBe(413);
  });

  it('never logs or answers a key', () => {
    const text = JSON.stringify(logs.lines);
    const keyBody = (file: string) => readFileSync(file, 'utf8').split('\n')[2]!;
    expect(text).not.toContain('PRIVATE KEY');
    expect(text).not.toContain(keyBody(ALIPAY_TEST.files.appKey));
    expect(text).not.toContain(keyBody(ALIPAY_TEST.files.platformPublicKey));
    expect(logs.lines.some((l) => String(l.msg).includes('Alipay'))).toBe(true);
  });
});
