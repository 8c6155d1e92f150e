import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerItem } from '@turing/contract';
import { appHeaders, buildTestApp, registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { submit } from '../../../test-support/design-helpers.ts';
import {
  account,
  call,
  cancel,
  confirm,
  createOrder,
  expectBalanceMatchesLedger,
  ledgerRows,
  orderOf,
  refundOrder,
} from '../../../test-support/billing-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ USER_ACTIVE_TASKS_MAX: '100' });
});
afterAll(() => t.close());

async function paidOrder(cookie: string, body: object) {
  const id = (await createOrder(t, cookie, { provider: 'dev', ...body })).data.order.id as string;
  expect((await confirm(t, cookie, id)).data.state).toBe('paid');
  return id;
}

const isVipInProfile = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie } })).json().data.isVip as boolean;

describe('the operator refunds a dev order', () => {
  it('refunds a paid order once: the cubes go back out through a reversal in the ledger', async () => {
    const user = await registerUser(t);
    const id = await paidOrder(user.cookie, { productId: 'cubes-200', pieces: 2 });
    expect((await account(t, user.cookie)).cubes).toBe(420);

    const refunded = await refundOrder(t, id);
    expect(refunded.status).toBe(200);
    expect(refunded.data).toMatchObject({
      order: { id, state: 'refunded', cubes: 400 },
      userId: user.profile.id,
      username: user.profile.username,
      taken: { cubes: 400, planSeconds: 0 },
      owed: { cubes: 0, planSeconds: 0 },
      cubes: 20,
      debt: 0,
      providerRefunded: false,
    });
    expect(await orderOf(t, user.cookie, id)).toMatchObject({ state: 'refunded' });
    expect(await ledgerRows(t, user.profile.id, 'reversal')).toEqual([
      { cubes: -400, plan_seconds: 0, note: 'cubes-200 × 2', idempotency_key: `reversal:order:${id}` },
    ]);
    const [refundedAt] = await t.database.query<{ refunded_at: Date | null }>(
      'select refunded_at from orders where id = $1',
      [id],
    );
    expect(refundedAt!.refunded_at).toBeInstanceOf(Date);

    // The user's balance history lists it, newest first, and so does the export.
    const history = (await call(t, user.cookie, 'GET', 'ledger/list')).json().data.items as LedgerItem[];
    expect(history[0]).toMatchObject({
      kind: 'reversal',
      cubes: -400,
      planSeconds: 0,
      note: 'cubes-200 × 2',
      product: { id: 'cubes-200', kind: 'cubes', pieces: 2 },
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/turing/billing/ledger/export.csv',
      headers: { cookie: user.cookie },
    });
    expect(csv.body.split('\r\n')[1]).toMatch(/,Order refunded,Cube pack: 200 cubes × 2,-400,0,reversal$/);

    expect((await refundOrder(t, id)).code).toBe('ORDER_NOT_REFUNDABLE');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
    expect(await ledgerRows(t, user.profile.id, 'reversal')).toHaveLength(1);
  });

  it('refuses orders that are not paid and orders that do not exist, changing nothing', async () => {
    const user = await registerUser(t);
    const mk = async () => (await createOrder(t, user.cookie, { productId: 'cubes-50' })).data.order.id as string;
    const pending = await mk();
    const cancelled = await mk();
    await cancel(t, user.cookie, cancelled);
    const failed = await mk();
    await confirm(t, user.cookie, failed, 'failed');
    const refunded = await paidOrder(user.cookie, { productId: 'cubes-50' });
    expect((await refundOrder(t, refunded)).status).toBe(200);

    const states = { [pending]: 'pending', [cancelled]: 'cancelled', [failed]: 'failed', [refunded]: 'refunded' };
    for (const [id, state] of Object.entries(states)) {
      expect((await refundOrder(t, id)).code).toBe('ORDER_NOT_REFUNDABLE');
      expect((await orderOf(t, user.cookie, id)).state).toBe(state);
    }
    expect((await refundOrder(t, '00000000-0000-4000-8000-000000000000')).code).toBe('ORDER_NOT_FOUND');
    expect((await refundOrder(t, 'not-an-order')).code).toBe('ORDER_NOT_FOUND');
    expect(await ledgerRows(t, user.profile.id, 'reversal')).toHaveLength(1);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
  });

  it('needs the admin token', async () => {
    const user = await registerUser(t);
    const id = await paidOrder(user.cookie, { productId: 'cubes-50' });
    expect((await refundOrder(t, id, 'wrong-token-wrong-token')).code).toBe('ADMIN_TOKEN_INVALID');
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/turing/admin/orders/refund',
      headers: appHeaders(),
      payload: { orderId: id },
    });
    expect(noToken.json().code).toBe('ADMIN_TOKEN_INVALID');
    expect((await orderOf(t, user.cookie, id)).state).toBe('paid');
    expect((await account(t, user.cookie)).cubes).toBe(70);
  });

  it('takes back all the order granted: cubes spent already become a debt that later credits pay first', async () => {
    const user = await registerUser(t);
    const id = await paidOrder(user.cookie, { productId: 'cubes-50' });
    // Three generations of four full-HD images: 48 of the 70 cubes.
    for (let i = 0; i < 3; i += 1) {
      const task = await submit(t, user.cookie, { mode: 'text', prompt: `spend ${i}`, quality: 'FHD', count: 4 });
      expect(task.json().status).toBe(200);
    }
    expect((await account(t, user.cookie)).cubes).toBe(22);

    const refunded = await refundOrder(t, id);
    expect(refunded.data).toMatchObject({
      taken: { cubes: 22, planSeconds: 0 },
      owed: { cubes: 28, planSeconds: 0 },
      cubes: 0,
      debt: 28,
    });
    expect((await ledgerRows(t, user.profile.id, 'reversal')).map((r) => r.cubes)).toEqual([-50]);
    expect(await account(t, user.cookie)).toMatchObject({ cubes: 0, debt: 28 });
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(-28);
    const refused = await submit(t, user.cookie, { mode: 'text', prompt: 'in debt', quality: 'SD', count: 1 });
    expect(refused.json().code).toBe('INSUFFICIENT_BALANCE');

    // The next purchase pays the debt first; what is left is the user's.
    await paidOrder(user.cookie, { productId: 'cubes-50' });
    expect(await account(t, user.cookie)).toMatchObject({ cubes: 22, debt: 0 });
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(22);
  });
});

describe('refunding time plans', () => {
  it('ends the plan bought, and the user is no longer a VIP', async () => {
    const user = await registerUser(t);
    const id = await paidOrder(user.cookie, { productId: 'plan-day' });
    expect(await isVipInProfile(user.cookie)).toBe(true);

    const refunded = await refundOrder(t, id);
    expect(refunded.data.taken.cubes).toBe(0);
    expect(refunded.data.taken.planSeconds).toBeGreaterThan(86_400 - 60);
    expect(refunded.data.taken.planSeconds).toBeLessThanOrEqual(86_400);
    const acc = await account(t, user.cookie);
    expect(acc).toMatchObject({ isVip: false, planUntil: null, planSecondsLeft: 0, cubes: 20 });
    // The session's cached profile is read again.
    expect(await isVipInProfile(user.cookie)).toBe(false);
    // The seconds used between the purchase and the refund are owed.
    expect(refunded.data.owed.planSeconds).toBe(86_400 - refunded.data.taken.planSeconds);
    expect(acc.planDebtSeconds).toBe(refunded.data.owed.planSeconds);
    const [row] = await ledgerRows(t, user.profile.id, 'reversal');
    expect(row).toMatchObject({ cubes: 0, plan_seconds: -86_400, note: 'plan-day × 1' });
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
  });

  it('takes only the refunded order’s time out of stacked plans', async () => {
    const user = await registerUser(t);
    const first = await paidOrder(user.cookie, { productId: 'plan-day' });
    const second = await paidOrder(user.cookie, { productId: 'plan-week' });
    const before = Date.parse((await account(t, user.cookie)).planUntil!);
    expect(before - Date.now()).toBeGreaterThan(8 * 86_400_000 - 60_000);

    const refunded = await refundOrder(t, second);
    expect(refunded.data.taken.planSeconds).toBe(7 * 86_400);
    expect(refunded.data.owed.planSeconds).toBe(0);
    const acc = await account(t, user.cookie);
    expect(Date.parse(acc.planUntil!)).toBe(before - 7 * 86_400_000);
    expect(acc.isVip).toBe(true);
    expect(await isVipInProfile(user.cookie)).toBe(true);

    // What is left is the first day plan's own time, and refunding it ends the plan.
    const last = await refundOrder(t, first);
    expect(last.data.taken.planSeconds).toBeLessThanOrEqual(86_400);
    expect((await account(t, user.cookie)).isVip).toBe(false);
    expect(await isVipInProfile(user.cookie)).toBe(false);
  });

  it('owes the time of a plan that has ended, and the next plan time pays it first', async () => {
    const user = await registerUser(t);
    const id = await paidOrder(user.cookie, { productId: 'plan-day' });
    await t.database.query("update accounts set plan_until = now() - interval '1 hour' where user_id = $1", [
      user.profile.id,
    ]);
    const refunded = await refundOrder(t, id);
    expect(refunded.data.taken).toEqual({ cubes: 0, planSeconds: 0 });
    expect(refunded.data.owed).toEqual({ cubes: 0, planSeconds: 86_400 });
    const [acc] = await t.database.query<{ over: boolean }>(
      "select plan_until < now() - interval '59 minutes' as over from accounts where user_id = $1",
      [user.profile.id],
    );
    expect(acc!.over).toBe(true);
    expect(await ledgerRows(t, user.profile.id, 'reversal')).toMatchObject([{ cubes: 0, plan_seconds: -86_400 }]);
    expect(await account(t, user.cookie)).toMatchObject({ planDebtSeconds: 86_400, isVip: false });

    // A week bought afterwards runs six days: its first day pays what was owed.
    await paidOrder(user.cookie, { productId: 'plan-week' });
    const after = await account(t, user.cookie);
    expect(after.planDebtSeconds).toBe(0);
    expect(after.planSecondsLeft).toBeGreaterThan(6 * 86_400 - 60);
    expect(after.planSecondsLeft).toBeLessThanOrEqual(6 * 86_400);
  });
});
