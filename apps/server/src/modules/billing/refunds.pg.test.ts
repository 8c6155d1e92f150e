import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { submit } from '../../test/design-helpers.ts';
import { registerUser, type TestApp } from '../../test/test-app.ts';
import {
  buildStripeTestApp,
  confirm,
  createOrder,
  deliver,
  expectBalanceMatchesLedger,
  ledgerRows,
  orderOf,
  refundOrder,
  signedChargeEvent,
  signedEvent,
} from '../../test/billing-helpers.ts';

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
      Promise.all(Array.from({ length: 10 }, (_, i) => refundOrder(t, order.id, undefined, `10.0.1.${i % 2}`))),
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
    // From two operators' machines: the admin guard counts each address's attempts before it checks
    // the token, so one address gets at most ten admin calls at the same instant.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => refundOrder(t, order.id, undefined, `10.0.0.${i % 2}`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'ORDER_NOT_REFUNDABLE')).toHaveLength(19);
    const [row] = await ledgerRows(t, user.profile.id, 'reversal');
    expect(row!.plan_seconds).toBeLessThanOrEqual(-(7 * 86_400 - 60));
    expect(await ledgerRows(t, user.profile.id, 'reversal')).toHaveLength(1);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(20);
  });

  it('a refund racing generation charges never drives the balance below zero', async () => {
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
      const taken = refund.data.taken.cubes as number;
      expect(taken).toBeLessThanOrEqual(50);
      const balance = await expectBalanceMatchesLedger(t, user.cookie, user.profile.id);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(balance).toBe(70 - 4 * accepted - taken);
      expect(balance).toBeLessThan(4);
    }
  });
});
