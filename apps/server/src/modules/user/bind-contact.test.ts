import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appHeaders, buildTestApp, lastCode, registerUser, type TestApp } from '../../../test-support/test-app.ts';

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

  it('answers "taken" when another account got the address first, and keeps the code for a retry', async () => {
    const user = await registerUser(t);
    const rival = await registerUser(t);
    expect((await sendBindCode(user.cookie, { channel: 'phone', phone: '+8613500135000' })).json().status).toBe(200);
    const code = lastCode(t, '+8613500135000');
    // Between the code and the binding, another account takes the number.
    await t.database.db.execute(sql`update users set phone = '+8613500135000' where id = ${rival.profile.id}`);
    const taken = await bind(user.cookie, { phone: '+8613500135000', code }, 'zh');
    expect(taken.json()).toMatchObject({ code: 'PHONE_TAKEN', msg: '该手机号码已注册' });
    // Once it is free again, the same code still works.
    await t.database.db.execute(sql`update users set phone = null where id = ${rival.profile.id}`);
    expect((await bind(user.cookie, { phone: '+8613500135000', code })).json().data.phone).toBe('+86135****5000');
  });

  it('binds one address when two arrive at once', async () => {
    const user = await registerUser(t);
    for (const phone of ['+8613400134001', '+8613400134002'])
      await sendBindCode(user.cookie, { channel: 'phone', phone });
    const results = await Promise.all(
      ['+8613400134001', '+8613400134002'].map((phone) => bind(user.cookie, { phone, code: lastCode(t, phone) })),
    );
    expect(results.map((r) => r.json().code ?? 'OK').sort()).toEqual(['OK', 'PHONE_ALREADY_BOUND']);
  });
});
