import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHeaders, buildTestApp, lastCode, registerUser, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const sendBindCode = (cookie: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/turing/unauthorized/verCode',
    headers: { ...appHeaders(), cookie },
    payload: { ...payload, purpose: 'bind' },
  });
const bind = (cookie: string, payload: object, locale: 'en' | 'zh' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/turing/user/bind/contact',
    headers: { ...appHeaders(locale), cookie },
    payload,
  });

describe('binding a phone or e-mail to an account', () => {
  it('adds a verified phone to an e-mail account, once', async () => {
    const user = await registerUser(t);
    expect((await sendBindCode(user.cookie, { channel: 'phone', phone: '+8613700137000' })).json().status).toBe(200);
    const code = lastCode(t, '+8613700137000');
    expect(
      (await bind(user.cookie, { phone: '+8613700137000', code: code === '000000' ? '111111' : '000000' })).json().code,
    ).toBe('CODE_WRONG');
    const ok = await bind(user.cookie, { phone: '+8613700137000', code });
    expect(ok.json().data.phone).toBe('+86137****7000');
    const again = await bind(user.cookie, { phone: '+8613700137001', code }, 'zh');
    expect(again.json()).toMatchObject({ code: 'PHONE_ALREADY_BOUND', msg: '您的账号已绑定手机号码' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/turing/unauthorized/login',
      headers: appHeaders(),
      payload: { phone: '+8613700137000', password: user.password },
    });
    expect(login.json().status).toBe(200);
  });

  it('refuses an address another account uses, and needs a session', async () => {
    const owner = await registerUser(t, { email: 'taken-bind@example.com' });
    const other = await registerUser(t, { phone: '+8613600136000' });
    expect(owner.cookie).not.toBe('');
    const taken = await sendBindCode(other.cookie, { channel: 'email', email: 'taken-bind@example.com' });
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    const anonymous = await sendBindCode('', { channel: 'email', email: 'free@example.com' });
    expect(anonymous.json().status).toBe(202);
  });
});
