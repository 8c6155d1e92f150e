import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../config.ts';
import { FakeWechatPay, wechatPayEnv } from '../../../../../test-support/providers/fake-wechatpay.ts';
import { RefundRefused } from '../provider.ts';
import { createWechatPayGateway } from './wechatpay.gateway.ts';

// WeChat Pay's failure orders, straight at the provider: a hang, a 429, a server that died.
const fake = await new FakeWechatPay().listen();
afterAll(() => fake.close());

const provider = (apiUrl = fake.url) =>
  createWechatPayGateway(
    loadConfig({ DATA_DIR: '/tmp/x', PUBLIC_URL: 'https://turing.example.com', ...wechatPayEnv(apiUrl) }),
    pino({ level: 'silent' }) as FastifyBaseLogger,
    { timeoutMs: 300 },
  )!.provider;

const request = (orderId: string) => ({
  orderId,
  amount: 990,
  currency: 'CNY' as const,
  description: '50 cubes',
  locale: 'en' as const,
  device: 'desktop' as const,
  clientIp: '203.0.113.9',
  expiresAt: new Date(Date.now() + 30 * 60_000),
});
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('WeChat Pay when it misbehaves', () => {
  it('a checkout that hangs with the socket open fails within the timeout', async () => {
    fake.fail('native', 'hang');
    const started = Date.now();
    await expect(provider().checkout(request(id(1)))).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a 429 or a 500 on a refund is a passing fault, not a refusal', async () => {
    const p = provider();
    await p.checkout(request(id(2)));
    fake.pay(id(2).replace(/-/g, ''));
    fake.fail('refund', { status: 429, json: { code: 'FREQUENCY_LIMITED', message: '频率超限' } });
    const refund = { orderId: id(2), paymentRef: null, checkoutRef: null, amount: 990, currency: 'CNY' as const };
    const err = await p.refund!(refund).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(RefundRefused);
    fake.fail('refund', { status: 500, json: { code: 'SYSTEM_ERROR', message: '系统异常' } });
    expect(await p.refund!(refund).catch((e: unknown) => e)).not.toBeInstanceOf(RefundRefused);
    expect(await p.refund!(refund)).toEqual({ state: 'processing' });
  });

  it('a server that died and stays down fails every call, and queries throw rather than guess', async () => {
    const gone = await new FakeWechatPay().listen();
    const p = provider(gone.url);
    await gone.close();
    await expect(p.checkout(request(id(3)))).rejects.toThrow();
    await expect(p.query!({ orderId: id(3), ref: null })).rejects.toThrow();
  });
});
