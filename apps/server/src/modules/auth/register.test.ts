import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHeaders, buildTestApp, cookieFrom, lastCode, readOutbox, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const sendCode = (payload: object, locale: 'en' | 'zh' = 'en') =>
  t.app.inject({ method: 'POST', url: '/turing/unauthorized/verCode', headers: appHeaders(locale), payload });
const register = (payload: object, locale: 'en' | 'zh' = 'en') =>
  t.app.inject({ method: 'POST', url: '/turing/unauthorized/reg', headers: appHeaders(locale), payload });

const valid = (over: object = {}) => ({
  email: 'ada@example.com',
  code: '123456',
  username: 'ada',
  password: 'secret123',
  confirmPassword: 'secret123',
  occupation: 'architect',
  agree: true,
  ...over,
});

describe('registration rules', () => {
  const cases: [string, object, string, string][] = [
    ['username required', { username: '' }, 'Please enter a username', '请输入用户名'],
    [
      'username at most 32',
      { username: 'x'.repeat(33) },
      'The username can be at most 32 characters',
      '用户名最多 32 个字符',
    ],
    ['code required', { code: '' }, 'Please enter the verification code', '请输入验证码'],
    [
      'code 1 to 6 characters',
      { code: '1234567' },
      'The verification code has 1 to 6 characters',
      '验证码为 1 到 6 个字符',
    ],
    [
      'password at least 6',
      { password: '12345', confirmPassword: '12345' },
      'The password must be 6 to 32 characters',
      '密码长度为 6 到 32 个字符',
    ],
    [
      'password at most 32',
      { password: 'p'.repeat(33), confirmPassword: 'p'.repeat(33) },
      'The password must be 6 to 32 characters',
      '密码长度为 6 到 32 个字符',
    ],
    ['passwords match', { confirmPassword: 'secret124' }, 'Password not match', '两次输入的密码不一致'],
    ['occupation required', { occupation: undefined }, 'Please choose your occupation', '请选择您的职业'],
    ['occupation from the list', { occupation: 'astronaut' }, 'Please choose your occupation', '请选择您的职业'],
    ['valid e-mail', { email: 'not-an-email' }, 'Please enter a valid e-mail address', '请输入有效的邮箱地址'],
    [
      'valid phone',
      { email: undefined, phone: '+86 123' },
      'Please enter a valid phone number',
      '请输入有效的手机号码',
    ],
    [
      'phone or e-mail',
      { email: undefined },
      'Please enter a phone number or an e-mail address',
      '请输入手机号码或邮箱地址',
    ],
    [
      'agreement',
      { agree: false },
      'Please read and agree to the user agreement and privacy policy',
      '请阅读并同意用户协议和隐私政策',
    ],
  ];
  it.each(cases)('%s', async (_name, over, en, zh) => {
    const resEn = await register(valid(over));
    expect(resEn.statusCode).toBe(400);
    expect(resEn.json().msg).toBe(en);
    const resZh = await register(valid(over), 'zh');
    expect(resZh.json().msg).toBe(zh);
  });
});

describe('registering by e-mail', () => {
  it('sends a 6-digit code to the outbox, creates the account and starts a session', async () => {
    const send = await sendCode({ channel: 'email', email: 'Grace@Example.com', purpose: 'register' });
    expect(send.json()).toEqual({ status: 200, msg: 'success', data: { cooldownSeconds: 60, ttlMinutes: 10 } });
    const sent = readOutbox(t).at(-1)!;
    expect(sent).toMatchObject({ channel: 'email', to: 'grace@example.com', purpose: 'register' });
    expect(sent.code).toMatch(/^\d{6}$/);
    expect(sent.text).toContain(sent.code);

    const res = await register(valid({ email: 'grace@example.com', username: 'grace', code: sent.code }));
    expect(res.json().status).toBe(200);
    expect(res.json().data).toMatchObject({
      username: 'grace',
      nickname: 'grace',
      occupation: 'architect',
      email: 'gr***@example.com',
    });
    const cookie = cookieFrom(res);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(res.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
    const info = await t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie } });
    expect(info.json().data.username).toBe('grace');
  });

  it('writes the code message in the language of the request', async () => {
    await sendCode({ channel: 'email', email: 'zh@example.com', purpose: 'register' }, 'zh');
    expect(readOutbox(t).at(-1)!.text).toContain('验证码');
  });

  it('refuses duplicates with their own messages and keeps the code usable', async () => {
    await sendCode({ channel: 'email', email: 'dup@example.com', purpose: 'register' });
    const code = lastCode(t, 'dup@example.com');
    const taken = await register(valid({ email: 'dup@example.com', username: 'grace', code }));
    expect(taken.json()).toMatchObject({ status: 409, code: 'USERNAME_TAKEN', msg: 'This username is already taken' });
    const ok = await register(valid({ email: 'dup@example.com', username: 'dup', code }));
    expect(ok.json().status).toBe(200);

    const again = await sendCode({ channel: 'email', email: 'dup@example.com', purpose: 'register' }, 'zh');
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN', msg: '该邮箱地址已注册' });
  });

  it('uses a code once', async () => {
    await sendCode({ channel: 'email', email: 'once@example.com', purpose: 'register' });
    const code = lastCode(t, 'once@example.com');
    expect((await register(valid({ email: 'once@example.com', username: 'once', code }))).json().status).toBe(200);
    const reuse = await register(valid({ email: 'once@example.com', username: 'once2', code }));
    expect(reuse.json().code).toBe('EMAIL_TAKEN');
  });
});

describe('registering by phone', () => {
  it('normalises the number, refuses it twice', async () => {
    await sendCode({ channel: 'phone', phone: '+86 138 0013 8000', purpose: 'register' });
    const sent = readOutbox(t).at(-1)!;
    expect(sent).toMatchObject({ channel: 'phone', to: '+8613800138000' });
    const res = await register(
      valid({ email: undefined, phone: '+8613800138000', username: 'phoneuser', code: sent.code }),
    );
    expect(res.json().data.phone).toBe('+86138****8000');
    const dup = await sendCode({ channel: 'phone', phone: '+86 138 0013 8000', purpose: 'register' });
    expect(dup.json()).toMatchObject({ code: 'PHONE_TAKEN', msg: 'This phone number is already registered' });
  });
});
