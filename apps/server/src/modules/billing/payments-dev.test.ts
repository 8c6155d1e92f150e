import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { account, buildStripeTestApp, call, createOrder } from '../../../test-support/billing-helpers.ts';

// Stripe configured, NODE_ENV not production and PAYMENTS_DEV unset: the setup that gave the shop away.
let t: TestApp;
beforeAll(async () => {
  t = await buildStripeTestApp('http://127.0.0.1:9', { PAYMENTS_DEV: '' });
});
afterAll(() => t.close());

describe('with Stripe configured and PAYMENTS_DEV left unset', () => {
  it('offers only Stripe: a dev order cannot be made, nor confirmed, and no ribbon is asked for', async () => {
    const user = await registerUser(t);
    expect((await account(t, user.cookie)).providers).toEqual(['stripe']);
    expect((await createOrder(t, user.cookie, { productId: 'cubes-50', provider: 'dev' })).code).toBe(
      'PAYMENT_UNAVAILABLE',
    );
    const confirm = await call(t, user.cookie, 'POST', 'dev/confirm', {
      id: '00000000-0000-4000-8000-000000000000',
      outcome: 'paid',
    });
    expect(confirm.statusCode).toBe(404);
    expect((await account(t, user.cookie)).cubes).toBe(20);
    const config = await t.app.inject({ method: 'GET', url: '/turing/config' });
    expect(config.json().data.testPayments).toBe(false);
  });
});
