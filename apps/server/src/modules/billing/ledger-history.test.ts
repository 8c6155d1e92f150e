import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { loadConfig } from '../../config.ts';
import {
  account,
  call,
  confirm,
  createOrder,
  expectBalanceMatchesLedger,
} from '../../../test-support/billing-helpers.ts';
import {
  balanceOf,
  buildGenerationApp,
  finished,
  getTask,
  submit,
  until,
} from '../../../test-support/design-helpers.ts';
import { registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { csvField } from '../../shared/csv.ts';
import { createPayments } from './payments/payments.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildGenerationApp();
});
afterAll(() => t.close());

async function buy(cookie: string, productId: string) {
  const id = (await createOrder(t, cookie, { productId })).data.order.id;
  expect((await confirm(t, cookie, id)).data.state).toBe('paid');
}

describe('generation with a plan', () => {
  it('costs cubes without a plan and none while a plan runs', async () => {
    const user = await registerUser(t);
    const first = (await submit(t, user.cookie, { mode: 'text', prompt: 'house', quality: 'FHD' })).json().data;
    await until(() => getTask(t, user.cookie, first.id), finished);
    const afterCharge = (await balanceOf(t, user.cookie)).cubes;
    expect(afterCharge).toBeLessThan(20);

    await buy(user.cookie, 'plan-day');
    const task = (await submit(t, user.cookie, { mode: 'text', prompt: 'house', quality: 'FHD' })).json().data;
    await until(() => getTask(t, user.cookie, task.id), finished);
    expect((await balanceOf(t, user.cookie)).cubes).toBe(afterCharge);
    expect(await expectBalanceMatchesLedger(t, user.cookie, user.profile.id)).toBe(afterCharge);
  });
});

describe('ledger history', () => {
  it('shows a new user their welcome cubes on the first read, before anything else opened the account', async () => {
    const user = await registerUser(t);
    const first = (await call(t, user.cookie, 'GET', 'ledger/list')).json();
    expect(first.data.items).toMatchObject([{ kind: 'welcome', cubes: 20 }]);
  });

  it('pages newest first and exports every row as CSV with a BOM', async () => {
    const user = await registerUser(t);
    await buy(user.cookie, 'cubes-50');
    await buy(user.cookie, 'plan-week');
    const seen: { kind: string; cubes: number; planSeconds: number; createdAt: string }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await call(t, user.cookie, 'GET', `ledger/list?limit=1${query}`)).json().data;
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    // Newest first; rows written within one clock tick (PGlite counts milliseconds) may come in either order.
    const times = seen.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(seen.map((e) => [e.kind, e.cubes, e.planSeconds]).sort()).toEqual([
      ['purchase', 0, 604_800],
      ['purchase', 50, 0],
      ['welcome', 20, 0],
    ]);
    expect((await call(t, user.cookie, 'GET', 'ledger/list?cursor=nonsense')).json().code).toBe('CURSOR_INVALID');

    const csv = await t.app.inject({
      method: 'GET',
      url: '/turing/billing/ledger/export.csv',
      headers: { cookie: user.cookie, 'accept-language': 'zh' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="turing-ledger-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // In the reader's language: the type and what the row was for in words, the kind's code last.
    expect(lines[0]).toBe('时间（UTC）,类型,明细,魔方,套餐天数,类型代码');
    expect(lines).toHaveLength(4);
    expect(lines).toContainEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z,购买,套餐：周卡,0,7,purchase$/));
    expect(lines).toContainEqual(expect.stringMatching(/,购买,魔方包：50 魔方,50,0,purchase$/));
    expect(lines).toContainEqual(expect.stringMatching(/,新用户赠送,,20,0,welcome$/));
    expect((await t.app.inject({ method: 'GET', url: '/turing/billing/ledger/export.csv' })).json().code).toBe(
      'SESSION_EXPIRED',
    );
    expect((await account(t, user.cookie)).isVip).toBe(true);
  });

  it('quotes CSV fields and keeps formulas as text', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-4)).toBe('-4');
  });
});

describe('payment providers', () => {
  const production = {
    DATA_DIR: '/tmp/turing-billing-config',
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://turing.example.com',
    FILE_URL_SECRET: 'f'.repeat(32),
    ADMIN_TOKEN: 'a'.repeat(32),
    SMTP_URL: 'smtps://u:p@smtp.example.com',
  };

  const silent = pino({ level: 'silent' }) as FastifyBaseLogger;

  it('never include the dev provider in production', async () => {
    expect((await createPayments(loadConfig(production), silent)).providers.map((p) => p.name)).toEqual([]);
    const withStripe = loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect((await createPayments(withStripe, silent)).providers.map((p) => p.name)).toEqual(['stripe']);
    expect((await createPayments(loadConfig({ DATA_DIR: '/tmp/x' }), silent)).providers.map((p) => p.name)).toEqual([
      'dev',
    ]);
  });

  it('offer the dev provider with Stripe only when PAYMENTS_DEV=true says so, whatever NODE_ENV', async () => {
    const names = async (env: Record<string, string>) =>
      (await createPayments(loadConfig({ DATA_DIR: '/tmp/x', ...env }), silent)).providers.map((p) => p.name);
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    // NODE_ENV left unset (development) with Stripe configured: no free purchases.
    expect(await names(stripe)).toEqual(['stripe']);
    expect(await names({ ...stripe, NODE_ENV: 'test' })).toEqual(['stripe']);
    expect(await names({ ...stripe, PAYMENTS_DEV: 'true' })).toEqual(['stripe', 'dev']);
    expect(await names({ PAYMENTS_DEV: 'false' })).toEqual([]);
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).paymentsDev).toBe(true);
    expect(() => loadConfig({ ...production, PAYMENTS_DEV: 'true' })).toThrow(
      /PAYMENTS_DEV: not allowed in production/,
    );
  });

  it('refuse half a Stripe setup and unknown payment methods', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', STRIPE_PAYMENT_METHODS: 'card,bitcoin' })).toThrow(
      /STRIPE_PAYMENT_METHODS/,
    );
  });
});
