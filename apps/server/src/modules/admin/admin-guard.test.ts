import fs from 'node:fs';
import path from 'node:path';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '@turing/contract';
import { rateCounters } from '../../db/schema/index.ts';
import { buildTestApp, capturingLogger, type TestApp } from '../../../test-support/test-app.ts';
import { ADMIN_TOKEN_MAX_FAILURES, ADMIN_TOKEN_WINDOW_MS } from './admin-guard.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = fs.readFileSync(path.join(t.config.DATA_DIR, 'admin-token'), 'utf8').trim();
});
afterAll(() => t.close());

const list = (token: string | null, ip: string, locale: 'en' | 'zh' = 'en') =>
  t.app.inject({
    method: 'GET',
    url: '/turing/admin/support/list',
    remoteAddress: ip,
    headers: { 'accept-language': locale, ...(token === null ? {} : { [ADMIN_TOKEN_HEADER]: token }) },
  });

describe('wrong admin tokens', () => {
  it(`are refused ${ADMIN_TOKEN_MAX_FAILURES} times, then the address waits out the window (429, Retry-After)`, async () => {
    const ip = '203.0.113.10';
    for (let i = 0; i < ADMIN_TOKEN_MAX_FAILURES; i += 1) {
      const res = await list(i % 2 ? 'guess' : null, ip);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ADMIN_TOKEN_INVALID');
    }
    const locked = await list('another guess', ip);
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(ADMIN_TOKEN_WINDOW_MS / 1000);
    expect(locked.json()).toMatchObject({
      status: 429,
      code: 'ADMIN_TOKEN_LOCKED',
      msg: `Too many wrong admin tokens from this address: try again in ${retryAfter} s`,
    });
    expect((await list('guess', ip, 'zh')).json().msg).toMatch(/^来自该地址的错误管理令牌过多，请 \d+ 秒后再试$/);
    // The right token still works: a 256-bit token needs no lock-out, and whoever shares the
    // operator's address cannot lock the operator out with wrong ones.
    expect((await list(adminToken, ip)).statusCode).toBe(200);
    expect((await list('guess again', ip)).statusCode).toBe(429);

    // Another address is not affected.
    expect((await list('guess', '203.0.113.11')).statusCode).toBe(403);

    // Once the window has ended, the address may guess again.
    await t.database.db
      .update(rateCounters)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(like(rateCounters.key, `%${ip}`));
    expect((await list('guess', ip)).statusCode).toBe(403);
  });

  it('are not counted while the right token is used', async () => {
    const ip = '203.0.113.20';
    for (let i = 0; i < ADMIN_TOKEN_MAX_FAILURES + 5; i += 1) {
      expect((await list(adminToken, ip)).statusCode).toBe(200);
    }
    for (let i = 0; i < ADMIN_TOKEN_MAX_FAILURES - 1; i += 1) expect((await list('guess', ip)).statusCode).toBe(403);
    expect((await list(adminToken, ip)).statusCode).toBe(200);
  });
});

describe('a wrong admin token', () => {
  it('is logged with the address, and never what was sent', async () => {
    const { logger, lines } = capturingLogger('warn');
    const logged = await buildTestApp({}, { logger });
    try {
      const res = await logged.app.inject({
        method: 'GET',
        url: '/turing/admin/support/list',
        remoteAddress: '198.51.100.7',
        headers: { [ADMIN_TOKEN_HEADER]: 'a-wrong-guess-0123456789' },
      });
      expect(res.statusCode).toBe(403);
      const line = lines.find((l) => l.msg === 'wrong admin token');
      expect(line).toMatchObject({ ip: '198.51.100.7', tokenSent: true, locked: false });
      expect(JSON.stringify(lines)).not.toContain('a-wrong-guess');
    } finally {
      await logged.close();
    }
  });
});
