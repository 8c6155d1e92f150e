import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test-support/fake-server.ts';
import { submit } from '../../../test-support/design-helpers.ts';
import { registerUser, type TestApp } from '../../../test-support/test-app.ts';
import {
  account,
  buildStripeTestApp,
  cancelTask,
  confirm,
  createOrder,
  deliver,
  expectBalanceMatchesLedger,
  ledgerRows,
  orderOf,
  refundOrder,
  signedChargeEvent,
  signedEvent,
} from '../../../test-support/billing-helpers.ts';

// PostgreSQL only: real concurrent connections racing to refund the same order.
let n = 0;
const stripeApi = await fakeServer((req) => {
  if (req.url === '/v1/refunds') return { json: { id: `re_pg_${n}`, object: 'refund' } };
  n += 1;
  return {
    json: { id: `cs_pg_${n}`, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/cs_pg_${n}` },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await buildStripeTestApp(stripeApi.url, { USER_ACTIVE_TASKS_MAX: '1000' });
});
afterAll(async () => {
  await t.close();
  await stripeApi.close();
});

describe('refund races', () => {
  it('20 concurrent refunds of a Stripe order — the operator’s and Stripe’s events mixed — take back once', async () => {
    const user = await registerUser(t);
    const { order } = (await createOrder(t, user.cookie, { productId: 'cubes-600', provider: 'stripe' })).data;
    const intent = `pi_pg_${order.id.slice(0, 8)}`;
    const session = {
      id: `cs_pg_${n}`,
      client_reference_id: order.id,
      payment_status: 'paid',
      amount_total: order.amount,
      currency: 'cny',
      payment_intent: intent,
    };
    expect((await deliver(t, signedEvent('checkout.session.completed', session))).statusCode).toBe(200);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(620);

    const replayed = signedChargeEvent({ paymentIntent: intent, amount: order.amount });
    const distinct = Array.from({ length: 5 }, () =>
      signedChargeEvent({ paymentIntent: intent, amount: order.amount }),
    );
    const [admins, hooks] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => refundOrder(t, order.id, undefined, '10.0.1.1'))),
      Promise.all([...Array.from({ length: 5 }, () => deliver(t, replayed)), ...distinct.map((e) => deliver(t, e))]),
    ]);
    expect(hooks.map((h) => h.statusCode)).toEqual(Array(10).fill(200));
    const refunds = [
      ...admins.filter((a) => a.status === 200),
      ...hooks.filter((h) => h.json().outcome === 'refunded'),
    ];
    expect(refunds).toHaveLength(1);
    expect(admins.filter((a) => a.status !== 200).every((a) => a.code === 'ORDER_NOT_REFUNDABLE')).toBe(true);
    expect((await orderOf(t, user.cookie, order.id)).state).toBe('refunded');
    expect(await ledgerRows(t, user.profile.id, 'reversal')).toMatchObject([{ cubes: -600 }]);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
  });

  it('20 concurrent operator refunds of a dev order: one refunds, the rest are told it is not refundable', async () => {
    const user = await registerUser(t);
    const { order } = (await createOrder(t, user.cookie, { productId: 'plan-week', provider: 'dev' })).data;
    await confirm(t, user.cookie, order.id);
    // All from one address: the right admin token is never counted against it.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refundOrder(t, order.id, undefined, '10.0.0.1')),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'ORDER_NOT_REFUNDABLE')).toHaveLength(19);
    const [row] = await ledgerRows(t, user.profile.id, 'reversal');
    expect(row!.plan_seconds).toBeLessThanOrEqual(-(7 * 86_400 - 60));
    expect(await ledgerRows(t, user.profile.id, 'reversal')).toHaveLength(1);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
  });

  it('a refund racing generation charges takes the order back whole; the spendable balance never goes below zero', async () => {
    const later = <T>(ms: number, run: () => Promise<T>) =>
      new Promise<T>((resolve, reject) =>
        setTimeout(() => {
          run().then(resolve, reject);
        }, ms),
      );
    for (let round = 0; round < 6; round += 1) {
      const user = await registerUser(t);
      const { order } = (await createOrder(t, user.cookie, { productId: 'cubes-50', provider: 'dev' })).data;
      await confirm(t, user.cookie, order.id);
      // 70 cubes; twenty full-HD generations would cost 80. The refund comes at a later moment
      // each round, so it lands before, among and after the charges.
      const [refund, ...tasks] = await Promise.all([
        later(round * 15, () => refundOrder(t, order.id)),
        ...Array.from({ length: 20 }, (_, i) =>
          later(i * 4, () =>
            submit(t, user.cookie, { mode: 'text', prompt: `race ${round} ${i}`, quality: 'FHD' }).then((r) =>
              r.json(),
            ),
          ),
        ),
      ]);
      expect(refund.status).toBe(200);
      const accepted = tasks.filter((a) => a.status === 200).length;
      expect(tasks.filter((a) => a.status !== 200).every((a) => a.code === 'INSUFFICIENT_BALANCE')).toBe(true);
      expect(refund.data.taken.cubes + refund.data.owed.cubes).toBe(50);
      const balance = await expectBalanceMatchesLedger(t, user.cookie, user.profile.id);
      expect(balance).toBe(70 - 4 * accepted - 50);
      expect((await account(t, user.cookie)).cubes).toBeGreaterThanOrEqual(0);
      expect(accepted).toBeLessThanOrEqual(17);
    }
  });
});

/** A new account (20 cubes) with a paid cubes-50 order (70) and four queued full-HD × 4 tasks (64; 6 left). */
async function spentOnQueuedTasks(provider: 'dev' | 'stripe') {
  const user = await registerUser(t);
  const { order } = (await createOrder(t, user.cookie, { productId: 'cubes-50', provider })).data;
  const intent = `pi_repro_${order.id.slice(0, 8)}`;
  if (provider === 'dev') await confirm(t, user.cookie, order.id);
  else {
    const session = {
      id: `cs_pg_${n}`,
      client_reference_id: order.id,
      payment_status: 'paid',
      amount_total: order.amount,
      currency: 'cny',
      payment_intent: intent,
    };
    expect((await deliver(t, signedEvent('checkout.session.completed', session))).json().outcome).toBe('settled');
  }
  expect((await account(t, user.cookie)).cubes).toBe(70);
  const tasks: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    const res = (await submit(t, user.cookie, { mode: 'text', prompt: `held ${i}`, quality: 'FHD', count: 4 })).json();
    expect(res.status).toBe(200);
    tasks.push(res.data.id as string);
  }
  expect((await account(t, user.cookie)).cubes).toBe(6);
  return { user, order, intent, tasks };
}

describe('cubes held by queued tasks when their order is refunded', () => {
  it('the operator’s refund, then the tasks cancelled: the user keeps only what was theirs (20)', async () => {
    const { user, order, tasks } = await spentOnQueuedTasks('dev');
    const refunded = await refundOrder(t, order.id);
    expect(refunded.data).toMatchObject({ taken: { cubes: 6 }, owed: { cubes: 44 }, cubes: 0, debt: 44 });
    for (const id of tasks) expect((await cancelTask(t, user.cookie, id)).json().data.state).toBe('cancelled');
    expect(await account(t, user.cookie)).toMatchObject({ cubes: 20, debt: 0 });
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
  });

  it('Stripe’s charge.refunded, then the tasks cancelled: the same', async () => {
    const { user, order, intent, tasks } = await spentOnQueuedTasks('stripe');
    const event = signedChargeEvent({ paymentIntent: intent, amount: order.amount });
    expect((await deliver(t, event)).json().outcome).toBe('refunded');
    expect(await account(t, user.cookie)).toMatchObject({ cubes: 0, debt: 44 });
    for (const id of tasks) expect((await cancelTask(t, user.cookie, id)).json().data.state).toBe('cancelled');
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
    expect(await ledgerRows(t, user.profile.id, 'reversal')).toMatchObject([{ cubes: -50 }]);
  });

  it('cancels racing the refund (operator and Stripe) end at 20 whichever commits first', async () => {
    for (let round = 0; round < 4; round += 1) {
      const provider = round % 2 ? 'stripe' : 'dev';
      const { user, order, intent, tasks } = await spentOnQueuedTasks(provider);
      const refund =
        provider === 'dev'
          ? refundOrder(t, order.id).then((r) => r.status as number)
          : deliver(t, signedChargeEvent({ paymentIntent: intent, amount: order.amount })).then((r) => r.statusCode);
      const cancels = tasks.map((id, i) =>
        new Promise((resolve) => setTimeout(resolve, (round + i) % 3)).then(() => cancelTask(t, user.cookie, id)),
      );
      const [status, ...cancelled] = await Promise.all([refund, ...cancels]);
      expect(status).toBe(200);
      expect(cancelled.map((c) => c.json().data.state)).toEqual(Array(4).fill('cancelled'));
      expect(await account(t, user.cookie)).toMatchObject({ cubes: 20, debt: 0 });
      expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
    }
  });
});

describe('plan-time reversals', () => {
  it('a plan refund racing a new plan leaves exactly the new plan’s time, whichever commits first', async () => {
    for (let round = 0; round < 4; round += 1) {
      const user = await registerUser(t);
      const first = (await createOrder(t, user.cookie, { productId: 'plan-week', provider: 'dev' })).data.order;
      await confirm(t, user.cookie, first.id);
      const second = (await createOrder(t, user.cookie, { productId: 'plan-week', provider: 'dev' })).data.order;
      const [refund, paid] = await Promise.all([
        new Promise((resolve) => setTimeout(resolve, round % 2)).then(() => refundOrder(t, first.id)),
        new Promise((resolve) => setTimeout(resolve, (round + 1) % 2)).then(() => confirm(t, user.cookie, second.id)),
      ]);
      expect(refund.status).toBe(200);
      expect(paid.data.state).toBe('paid');
      const acc = await account(t, user.cookie);
      // The time used of the first week (well under a second here) is owed and paid by the second.
      expect(acc.planSecondsLeft).toBeGreaterThan(7 * 86_400 - 60);
      expect(acc.planSecondsLeft).toBeLessThanOrEqual(7 * 86_400);
      expect(acc.planDebtSeconds).toBe(0);
      expect(refund.data.taken.planSeconds + refund.data.owed.planSeconds).toBe(7 * 86_400);
      expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
    }
  });

  it('a plan refund racing generations: those it covered cost nothing, the rest pay cubes, never below zero', async () => {
    const user = await registerUser(t);
    const { order } = (await createOrder(t, user.cookie, { productId: 'plan-day', provider: 'dev' })).data;
    await confirm(t, user.cookie, order.id);
    const [refund, ...tasks] = await Promise.all([
      new Promise((resolve) => setTimeout(resolve, 10)).then(() => refundOrder(t, order.id)),
      ...Array.from({ length: 12 }, (_, i) =>
        new Promise((resolve) => setTimeout(resolve, i * 2)).then(() =>
          submit(t, user.cookie, { mode: 'text', prompt: `plan race ${i}`, quality: 'FHD' }).then((r) => r.json()),
        ),
      ),
    ]);
    expect(refund.status).toBe(200);
    const accepted = tasks.filter((a) => a.status === 200);
    const paidInCubes = accepted.filter((a) => !a.data.cost.coveredByPlan).length;
    expect(tasks.filter((a) => a.status !== 200).every((a) => a.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect(paidInCubes).toBeLessThanOrEqual(5);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20 - 4 * paidInCubes);
    expect((await account(t, user.cookie)).isVip).toBe(false);
  });
});
