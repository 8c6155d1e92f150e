import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '@turing/contract';
import { account, confirm, createOrder, orderOf } from '../../../test-support/billing-helpers.ts';
import { adminCall, makeOperator, type TestOperator } from '../../../test-support/operator-helpers.ts';
import { FakeWechatPay } from '../../../test-support/providers/fake-wechatpay.ts';
import { registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { buildWechatTestApp, notify, wechatOrder } from '../../../test-support/wechatpay-helpers.ts';

// WeChat Pay answers refunds every way an operator meets: paid back at once, still paying, refused.
const fake = await new FakeWechatPay().listen();
let t: TestApp;
let finance: TestOperator;
beforeAll(async () => {
  t = await buildWechatTestApp(fake, { CODE_IP_LIMIT: '1000' });
  finance = await makeOperator(t, 'finance');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.refundAnswer = 'PROCESSING';
  fake.refundsRefused = false;
});

const refund = (who: TestOperator | { headers: Record<string, string> }, orderId: string) =>
  adminCall(t, who, 'POST', '/admin/orders/refund', { body: { orderId } });
const auditOf = (orderId: string) =>
  t.database.query<{
    actor_name: string;
    actor_role: string;
    target_type: string;
    target_label: string;
    before: unknown;
    after: unknown;
  }>(
    `select actor_name, actor_role, target_type, target_label, before, after
       from audit_log where action = 'orders/refund' and target_id = $1 order by id`,
    [orderId],
  );

async function paidWechatOrder() {
  const user = await registerUser(t);
  const made = await wechatOrder(t, user.cookie);
  fake.pay(made.no);
  await notify(t, fake.notification('payment', made.no));
  return { user, ...made };
}

describe('an operator’s refund', () => {
  it('of a dev order is audited with the order’s state before and after and what was taken back', async () => {
    const user = await registerUser(t);
    const id = (await createOrder(t, user.cookie, { provider: 'dev', productId: 'cubes-50' })).data.order.id as string;
    await confirm(t, user.cookie, id);
    const res = (await refund(finance, id)).json();
    expect(res.data).toMatchObject({ order: { state: 'refunded' }, providerRefunded: false, pending: false });
    expect(await auditOf(id)).toEqual([
      {
        actor_name: finance.username,
        actor_role: 'finance',
        target_type: 'order',
        target_label: user.profile.username,
        before: { state: 'paid', refund: null },
        after: {
          state: 'refunded',
          refund: null,
          provider: 'none',
          takenCubes: 50,
        },
      },
    ]);
    // The audit trail finds it by the action, as the console's audit page asks.
    const trail = (await adminCall(t, finance, 'GET', '/admin/audit/list', { query: { action: 'orders/' } })).json();
    expect(trail.data.items[0]).toMatchObject({ action: 'orders/refund', target: { type: 'order', id } });
  });

  it('records what the account could not give back as owed', async () => {
    const user = await registerUser(t);
    const id = (await createOrder(t, user.cookie, { provider: 'dev', productId: 'cubes-50' })).data.order.id as string;
    await confirm(t, user.cookie, id);
    // 70 cubes; 60 of them taken away again before the refund.
    await adminCall(t, 'token', 'POST', '/admin/credits/grant', { body: { user: user.profile.id, cubes: -60 } });
    expect((await refund(finance, id)).json().data).toMatchObject({
      taken: { cubes: 10 },
      owed: { cubes: 40 },
      debt: 40,
    });
    expect((await auditOf(id))[0]!.after).toEqual({
      state: 'refunded',
      refund: null,
      provider: 'none',
      takenCubes: 10,
      owedCubes: 40,
    });
  });

  it('that WeChat Pay accepts but has not paid yet is audited as pending, each time it is asked', async () => {
    const { order, no, user } = await paidWechatOrder();
    expect((await refund(finance, order.id)).json().data).toMatchObject({ pending: true, providerRefunded: true });
    expect((await refund(finance, order.id)).json().data).toMatchObject({ pending: true });
    const pending = { state: 'paid', refund: 'processing', provider: 'pending' };
    expect((await auditOf(order.id)).map((r) => [r.before, r.after])).toEqual([
      [{ state: 'paid', refund: null }, pending],
      [{ state: 'paid', refund: 'processing' }, pending],
    ]);
    // WeChat Pay's confirmation reverses the order; it is the provider's doing, not an operator's.
    fake.settleRefund(no);
    await notify(t, fake.notification('refund', no));
    expect((await orderOf(t, user.cookie, order.id)).state).toBe('refunded');
    expect(await auditOf(order.id)).toHaveLength(2);
  });

  it('that WeChat Pay pays back at once is audited as refunded', async () => {
    fake.refundAnswer = 'SUCCESS';
    const { order } = await paidWechatOrder();
    expect((await refund(finance, order.id)).json().data).toMatchObject({
      pending: false,
      order: { state: 'refunded' },
    });
    expect((await auditOf(order.id))[0]!.after).toMatchObject({ state: 'refunded', provider: 'refunded' });
  });

  it('that WeChat Pay refuses answers its reason and records the refusal kept on the order', async () => {
    const { order, user } = await paidWechatOrder();
    fake.refundsRefused = true;
    const res = (await refund(finance, order.id)).json();
    expect(res).toMatchObject({ code: 'PAYMENT_REFUND_REFUSED' });
    expect(res.msg).toContain('NOT_ENOUGH');
    expect(await orderOf(t, user.cookie, order.id)).toMatchObject({ state: 'paid', refund: 'refused' });
    const [row] = await auditOf(order.id);
    expect(row!.before).toEqual({ state: 'paid', refund: null });
    expect(row!.after).toMatchObject({ state: 'paid', refund: 'refused', provider: 'refused' });
    expect((row!.after as { reason: string }).reason).toContain('NOT_ENOUGH');
  });

  it('is refused to moderators and support; bad and unknown orders change and record nothing', async () => {
    const { order, user } = await paidWechatOrder();
    const before = await account(t, user.cookie);
    const asked = fake.requestsTo('refund').length;
    for (const role of ['moderator', 'support'] as const) {
      const who = await makeOperator(t, role);
      const res = await refund(who, order.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ADMIN_FORBIDDEN');
    }
    const zh = { headers: { ...finance.headers, 'accept-language': 'zh' } };
    expect((await refund(zh, 'not-an-order')).json()).toMatchObject({
      code: 'ORDER_NOT_FOUND',
      msg: ERRORS.ORDER_NOT_FOUND.zh,
    });
    expect((await refund(zh, '00000000-0000-4000-8000-000000000000')).json().code).toBe('ORDER_NOT_FOUND');
    const pending = (await wechatOrder(t, user.cookie)).order.id;
    expect((await refund(zh, pending)).json()).toMatchObject({ code: 'ORDER_NOT_REFUNDABLE' });
    expect(fake.requestsTo('refund')).toHaveLength(asked);
    expect(await orderOf(t, user.cookie, order.id)).toMatchObject({ state: 'paid', refund: null });
    expect(await account(t, user.cookie)).toEqual(before);
    expect(await auditOf(order.id)).toEqual([]);
    expect(await auditOf(pending)).toEqual([]);
  });
});
