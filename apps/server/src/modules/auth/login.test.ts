import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHeaders, buildTestApp, cookieFrom, lastCode, registerUser, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (payload: object, headers: Record<string, string> = {}, locale: 'en' | 'zh' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/turing/unauthorized/login',
    headers: { ...appHeaders(locale), ...headers },
    payload,
  });
const info = (cookie: string) => t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie } });

describe('login', () => {
  it('works by e-mail and by phone', async () => {
    const byEmail = await registerUser(t, { email: 'login@example.com' });
    const res = await login({ email: 'LOGIN@example.com', password: byEmail.password });
    expect(res.json().data.email).toBe('lo***@example.com');
    expect((await info(cookieFrom(res))).json().status).toBe(200);

    const byPhone = await registerUser(t, { phone: '+44 7911 123456' });
    const res2 = await login({ phone: '+447911123456', password: byPhone.password });
    expect(res2.json().status).toBe(200);
  });

  it('answers one generic message for a wrong password or an unknown account', async () => {
    await registerUser(t, { email: 'generic@example.com' });
    const wrong = await login({ email: 'generic@example.com', password: 'not-it' });
    const unknown = await login({ email: 'ghost@example.com', password: 'not-it' });
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 'LOGIN_FAILED', msg: 'Login failed: the account or password is wrong' });
    expect((await login({ email: 'ghost@example.com', password: 'x' }, {}, 'zh')).json().msg).toBe(
      '登录失败：账号或密码错误',
    );
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('needs phone or e-mail and a password', async () => {
    expect((await login({ password: 'secret123' })).json().code).toBe('PHONE_OR_EMAIL_REQUIRED');
    expect((await login({ email: 'a@example.com' })).json().code).toBe('PASSWORD_REQUIRED');
  });

  it('rotates the session id and ends the old one', async () => {
    const user = await registerUser(t, { email: 'rotate@example.com' });
    const res = await login({ email: 'rotate@example.com', password: user.password }, { cookie: user.cookie });
    const fresh = cookieFrom(res);
    expect(fresh).not.toBe(user.cookie);
    expect((await info(user.cookie)).json().status).toBe(202);
    expect((await info(fresh)).json().status).toBe(200);
  });

  it('keeps the cookie for 7 days only when asked to remember', async () => {
    const user = await registerUser(t, { email: 'remember@example.com' });
    const remembered = await login({ email: 'remember@example.com', password: user.password, remember: true });
    expect(String(remembered.headers['set-cookie'])).toMatch(/Expires=/);
    const once = await login({ email: 'remember@example.com', password: user.password, remember: false });
    expect(String(once.headers['set-cookie'])).not.toMatch(/Expires=/);
  });

  it('pauses an account after five failures and says for how long', async () => {
    const user = await registerUser(t, { email: 'locked@example.com' });
    for (let i = 0; i < 5; i += 1)
      expect((await login({ email: 'locked@example.com', password: 'bad' })).json().code).toBe('LOGIN_FAILED');
    const blocked = await login({ email: 'locked@example.com', password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toMatch(/^Too many requests, please try again in \d+ s$/);
    expect((await login({ email: 'locked@example.com', password: user.password }, {}, 'zh')).json().msg).toMatch(
      /^请求过于频繁，请 \d+ 秒后再试$/,
    );
  });
});

describe('password reset', () => {
  it('sets the new password and ends every session', async () => {
    const user = await registerUser(t, { email: 'reset@example.com' });
    const second = cookieFrom(await login({ email: 'reset@example.com', password: user.password }));
    await t.app.inject({
      method: 'POST',
      url: '/turing/unauthorized/verCode',
      headers: appHeaders(),
      payload: { channel: 'email', email: 'reset@example.com', purpose: 'reset' },
    });
    const code = lastCode(t, 'reset@example.com');
    const reset = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/turing/unauthorized/reset', headers: appHeaders(), payload });

    const mismatch = await reset({
      email: 'reset@example.com',
      code,
      password: 'newpass1',
      confirmPassword: 'newpass2',
    });
    expect(mismatch.json().msg).toBe('Password not match');
    expect((await info(user.cookie)).json().status).toBe(200);

    const ok = await reset({ email: 'reset@example.com', code, password: 'newpass1', confirmPassword: 'newpass1' });
    expect(ok.json().status).toBe(200);
    expect((await info(user.cookie)).json().status).toBe(202);
    expect((await info(second)).json().status).toBe(202);
    expect((await login({ email: 'reset@example.com', password: user.password })).json().code).toBe('LOGIN_FAILED');
    expect((await login({ email: 'reset@example.com', password: 'newpass1' })).json().status).toBe(200);
  });
});

describe('per-IP login limit', () => {
  it('answers 429 with the wait', async () => {
    const limited = await buildTestApp({ LOGIN_IP_LIMIT: '2' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/turing/unauthorized/login',
          headers: appHeaders(),
          payload: { email: 'x@example.com', password: 'whatever' },
        });
      await attempt();
      await attempt();
      const third = await attempt();
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
