import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appHeaders, buildTestApp, lastCode, readOutbox, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ CODE_IP_LIMIT: '100' });
});
afterAll(() => t.close());

const sendCode = (email: string, locale: 'en' | 'zh' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/turing/unauthorized/verCode',
    headers: appHeaders(locale),
    payload: { channel: 'email', email, purpose: 'register' },
  });
const register = (email: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/turing/unauthorized/reg',
    headers: appHeaders(),
    payload: {
      email,
      code,
      username: email.split('@')[0],
      password: 'secret123',
      confirmPassword: 'secret123',
      occupation: 'others',
      agree: true,
    },
  });

describe('verification codes', () => {
  it('allow one request a minute per address, saying how long to wait', async () => {
    expect((await sendCode('cool@example.com')).json().status).toBe(200);
    const again = await sendCode('cool@example.com');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('CODE_COOLDOWN');
    expect(again.json().msg).toMatch(/^Please wait (60|59) s before requesting another code$/);
    expect((await sendCode('cool@example.com', 'zh')).json().msg).toMatch(/^请 (60|59) 秒后再获取验证码$/);
    expect(readOutbox(t).filter((e) => e.to === 'cool@example.com')).toHaveLength(1);
  });

  it('expire after 10 minutes', async () => {
    await sendCode('late@example.com');
    const code = lastCode(t, 'late@example.com');
    await t.database.db.execute(
      sql`update verification_codes set expires_at = now() - interval '1 second' where target = 'late@example.com'`,
    );
    const res = await register('late@example.com', code);
    expect(res.json()).toMatchObject({
      code: 'CODE_EXPIRED',
      msg: 'The verification code has expired or was not requested, please get a new one',
    });
  });

  it('are refused after five wrong tries, even with the right code', async () => {
    await sendCode('guess@example.com');
    const code = lastCode(t, 'guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) expect((await register('guess@example.com', wrong)).json().code).toBe('CODE_WRONG');
    expect((await register('guess@example.com', wrong)).json().code).toBe('CODE_TOO_MANY_TRIES');
    const right = await register('guess@example.com', code);
    expect(right.json()).toMatchObject({
      code: 'CODE_TOO_MANY_TRIES',
      msg: 'Too many wrong codes, please get a new verification code',
    });
  });

  it('only the newest code works', async () => {
    await sendCode('newest@example.com');
    const first = lastCode(t, 'newest@example.com');
    await t.database.db.execute(
      sql`update verification_codes set created_at = now() - interval '2 minutes' where target = 'newest@example.com'`,
    );
    await sendCode('newest@example.com');
    const second = lastCode(t, 'newest@example.com');
    if (first !== second) expect((await register('newest@example.com', first)).json().code).toBe('CODE_WRONG');
    expect((await register('newest@example.com', second)).json().status).toBe(200);
  });

  it('a reset code for an unknown address answers the same but sends nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/turing/unauthorized/verCode',
      headers: appHeaders(),
      payload: { channel: 'email', email: 'nobody@example.com', purpose: 'reset' },
    });
    expect(res.json().status).toBe(200);
    expect(readOutbox(t).some((e) => e.to === 'nobody@example.com')).toBe(false);
  });

  it('need the app header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/turing/unauthorized/verCode',
      payload: { channel: 'email', email: 'csrf@example.com', purpose: 'register' },
    });
    expect(res.json().code).toBe('APP_HEADER_MISSING');
    expect(readOutbox(t).some((e) => e.to === 'csrf@example.com')).toBe(false);
  });
});

describe('per-IP limit on codes', () => {
  it('says when to try again', async () => {
    const limited = await buildTestApp({ CODE_IP_LIMIT: '2' });
    try {
      const send = (n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/turing/unauthorized/verCode',
          headers: appHeaders(),
          payload: { channel: 'email', email: `ip${n}@example.com`, purpose: 'register' },
        });
      expect((await send(1)).json().status).toBe(200);
      expect((await send(2)).json().status).toBe(200);
      const third = await send(3);
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe('RATE_LIMITED');
      expect(third.json().msg).toMatch(/^Too many requests, please try again in \d+ s$/);
    } finally {
      await limited.close();
    }
  });
});
