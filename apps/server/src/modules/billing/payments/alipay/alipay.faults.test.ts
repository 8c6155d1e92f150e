import { readFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../config.ts';
import { ALIPAY_TEST, alipayEnv, FakeAlipay } from '../../../../../test-support/providers/fake-alipay.ts';
import { AppError } from '../../../../shared/app-error.ts';
import { RefundRefused, tradeNoOf } from '../provider.ts';
import { appKeyPem } from './alipay.client.ts';
import { createAlipayGateway } from './alipay.gateway.ts';
import { fenOf, yuan } from './alipay.provider.ts';

// Alipay straight at the provider: its documented answers and its failures (a hang, a 502, down).
const fake = await new FakeAlipay().listen();
afterAll(() => fake.close());
beforeEach(() => {
  fake.refundsRefused = false;
  fake.deliver = null;
});

const provider = (url = fake.url, env: Record<string, string> = {}) =>
  createAlipayGateway(
    loadConfig({ DATA_DIR: '/tmp/x', PUBLIC_URL: 'https://turing.example.com', ...alipayEnv(url), ...env }),
    pino({ level: 'silent' }) as FastifyBaseLogger,
    { timeoutMs: 300 },
  )!.provider;

let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const request = (orderId: string, device: 'desktop' | 'phone' = 'desktop') => ({
  orderId,
  amount: 990,
  currency: 'CNY' as const,
  description: '50 cubes',
  locale: 'en' as const,
  device,
  clientIp: '203.0.113.9',
  expiresAt: new Date(Date.now() + 30 * 60_000),
});
const refundOf = (orderId: string) => ({
  orderId,
  paymentRef: null,
  checkoutRef: null,
  amount: 990,
  currency: 'CNY' as const,
});

/** A trade opened at the double (the buyer's browser on the checkout address) and, if said, paid. */
async function opened(orderId: string, opts: { paid?: boolean } = {}) {
  const { url } = await provider().checkout(request(orderId));
  expect((await fetch(url)).status).toBe(200);
  if (opts.paid) expect(fake.pay(tradeNoOf(orderId))).toBe(true);
}

describe('amounts', () => {
  it('fen become yuan with two decimals and back, exactly', () => {
    for (const [fen, text] of [
      [1, '0.01'],
      [10, '0.10'],
      [1990, '19.90'],
      [3500, '35.00'],
      [123456789, '1234567.89'],
    ] as const) {
      expect(yuan(fen)).toBe(text);
      expect(fenOf(text)).toBe(fen);
    }
    expect(fenOf('35')).toBe(3500);
    expect(fenOf('35.5')).toBe(3550);
    for (const bad of ['35.001', '-1.00', '1e3', '', ' 1.00', undefined, 35]) expect(fenOf(bad)).toBe(-1);
  });
});

describe('Alipay through the provider', () => {
  it('reads the app key as PKCS#8 or PKCS#1, PEM or bare base64', () => {
    const key = createPrivateKey(readFileSync(ALIPAY_TEST.files.appKey, 'utf8'));
    const pkcs1 = key.export({ type: 'pkcs1', format: 'pem' }).toString();
    const bare = key.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    const pkcs8 = key.export({ type: 'pkcs8', format: 'pem' }).toString();
    for (const form of [pkcs1, bare, key.export({ type: 'pkcs1', format: 'der' }).toString('base64')]) {
      expect(appKeyPem(form)).toBe(pkcs8);
    }
    // A PKCS#1 key configured as bare base64 still signs what the double verifies.
    const p = provider(fake.url, {
      ALIPAY_PRIVATE_KEY: key.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
    });
    return p.checkout(request(id())).then(async ({ url }) => expect((await fetch(url)).status).toBe(200));
  });

  it('queries: not opened yet is open, paid is paid in fen, expired is closed', async () => {
    const p = provider();
    const [fresh, paid, expiring] = [id(), id(), id()];
    expect(await p.query!({ orderId: fresh, ref: null })).toEqual({ state: 'open' });
    await opened(paid, { paid: true });
    expect(await p.query!({ orderId: paid, ref: null })).toMatchObject({ state: 'paid', amount: 990, currency: 'CNY' });
    await opened(expiring);
    fake.trades.get(tradeNoOf(expiring))!.expires = Date.now() - 1000;
    expect(await p.query!({ orderId: expiring, ref: null })).toEqual({ state: 'closed' });
    expect(fake.pay(tradeNoOf(expiring))).toBe(false);
  });

  it('closes: an open trade closes, one never opened counts as closed, a paid one is not pending', async () => {
    const p = provider();
    const [open, never, paid] = [id(), id(), id()];
    await opened(open);
    await p.close({ orderId: open, ref: null });
    expect(fake.trades.get(tradeNoOf(open))!.status).toBe('TRADE_CLOSED');
    await p.close({ orderId: open, ref: null });
    await p.close({ orderId: never, ref: null });
    await opened(paid, { paid: true });
    await expect(p.close({ orderId: paid, ref: null })).rejects.toMatchObject({ code: 'ORDER_NOT_PENDING' });
    await expect(p.resume(request(paid), null)).rejects.toMatchObject({ code: 'ORDER_NOT_PENDING' });
    await expect(p.resume(request(open), null)).rejects.toMatchObject({ code: 'ORDER_NOT_PENDING' });
    expect(await p.resume(request(never), null)).toMatchObject({ ref: null });
  });

  it('refunds once per order; a repeat is the same refund, done', async () => {
    const p = provider();
    const orderId = id();
    await opened(orderId, { paid: true });
    expect(await p.refund!(refundOf(orderId))).toEqual({ state: 'done' });
    expect(await p.refund!(refundOf(orderId))).toEqual({ state: 'done' });
    expect(await p.refundStatus!(refundOf(orderId))).toEqual({ state: 'done' });
    const trade = fake.trades.get(tradeNoOf(orderId))!;
    expect(trade).toMatchObject({ refunded: 990, status: 'TRADE_CLOSED' });
    expect(trade.refunds.size).toBe(1);
  });

  it('a refund never received is asked for again when its status is asked', async () => {
    const p = provider();
    const orderId = id();
    await opened(orderId, { paid: true });
    fake.fail('alipay.trade.refund', 'hang');
    await expect(p.refund!(refundOf(orderId))).rejects.toThrow();
    expect(await p.refundStatus!(refundOf(orderId))).toEqual({ state: 'done' });
  });

  it('a refused refund is a refusal with Alipay’s reason; its system error is not', async () => {
    const p = provider();
    const orderId = id();
    await opened(orderId, { paid: true });
    fake.refundsRefused = true;
    const refused = await p.refund!(refundOf(orderId)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RefundRefused);
    expect((refused as RefundRefused).reason).toBe('卖家余额不足 (ACQ.SELLER_BALANCE_NOT_ENOUGH)');
    fake.refundsRefused = false;
    fake.trouble('alipay.trade.refund', 'SYSTEM_ERROR');
    const system = await p.refund!(refundOf(orderId)).catch((e: unknown) => e);
    expect(system).toBeInstanceOf(Error);
    expect(system).not.toBeInstanceOf(RefundRefused);
    expect(await p.refund!(refundOf(orderId))).toEqual({ state: 'done' });
  });

  it.each([
    ['hangs with the socket open', () => fake.fail('alipay.trade.query', 'hang')],
    ['answers 502', () => fake.fail('alipay.trade.query', { status: 502 })],
    ['answers what is not JSON', () => fake.trouble('alipay.trade.query', 'NOT_JSON')],
    ['signs its answer wrongly', () => fake.trouble('alipay.trade.query', 'BAD_SIGN')],
    ['has a system error', () => fake.trouble('alipay.trade.query', 'SYSTEM_ERROR')],
  ])('a query throws, within the timeout, when Alipay %s', async (_name, arrange) => {
    const orderId = id();
    await opened(orderId, { paid: true });
    arrange();
    const started = Date.now();
    const err = await provider().query!({ orderId, ref: null }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(AppError);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await provider().query!({ orderId, ref: null })).toMatchObject({ state: 'paid' });
  });

  it('a gateway that is down fails every call, and a resume says unavailable rather than guess', async () => {
    const gone = await new FakeAlipay().listen();
    await gone.close();
    const p = provider(gone.url);
    const orderId = id();
    await expect(p.query!({ orderId, ref: null })).rejects.toThrow();
    await expect(p.refund!(refundOf(orderId))).rejects.not.toBeInstanceOf(RefundRefused);
    await expect(p.close({ orderId, ref: null })).rejects.toMatchObject({ code: 'PAYMENT_UNAVAILABLE' });
    await expect(p.resume(request(orderId), null)).rejects.toMatchObject({ code: 'PAYMENT_UNAVAILABLE' });
  });

  it('the double refuses a request signed with another key, with the documented error', async () => {
    // Alipay's own key in place of the app's: the double's check (isv.invalid-signature) refuses it.
    const p = provider(fake.url, { ALIPAY_PRIVATE_KEY: ALIPAY_TEST.files.platformKey });
    const { url } = await p.checkout(request(id()));
    const page = await fetch(url);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('isv.invalid-signature');
    const err = await p.query!({ orderId: id(), ref: null }).catch((e: unknown) => e);
    expect(String(err)).toContain('40002 isv.invalid-signature');
    const other = provider(fake.url, { ALIPAY_APP_ID: '2021000000000000' });
    expect(String(await other.query!({ orderId: id(), ref: null }).catch((e: unknown) => e))).toContain(
      'isv.invalid-app-id',
    );
  });
});
