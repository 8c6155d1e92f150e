import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  appHeaders,
  buildTestApp,
  cookieFrom,
  lastCode,
  readOutbox,
  type TestApp,
} from '../../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const sendCode = (payload: object, locale: 'en' | 'zh' = 'en') =>
  t.app.inject({ method: 'POST', url: '/turing/unauthorized/verCode', headers: appHeaders(locale), payload });
const register = (payload: object, locale: 'en' | 'zh' = 'en') =>
  t.app.inject({ method: 'POST', url: '/turing/unauthorized/reg', headers: appHeaders(locale), payload });

/** Moves a target's codes two minutes into the past, out of the one-minute cooldown. */
const pastCooldown = (target: string) =>
  t.database.db.execute(
    sql`update verification_codes set created_at = now() - interval '2 minutes' where target = ${target}`,
  );

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
    ['passwords match', { confirmPassword: 'secret124' }, 'The two passwords do not match', '两次输入的密码不一致'],
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

  it('refuses a taken username after the code, keeping the code usable', async () => {
    await sendCode({ channel: 'email', email: 'dup@example.com', purpose: 'register' });
    const code = lastCode(t, 'dup@example.com');
    const taken = await register(valid({ email: 'dup@example.com', username: 'GRACE', code }));
    expect(taken.json()).toMatchObject({ status: 409, code: 'USERNAME_TAKEN', msg: 'This username is already taken' });
    const ok = await register(valid({ email: 'dup@example.com', username: 'dup', code }));
    expect(ok.json().status).toBe(200);
  });

  it('never says on screen that an address is registered: its owner is told by e-mail instead', async () => {
    await sendCode({ channel: 'email', email: 'taken@example.com', purpose: 'register' });
    await register(valid({ email: 'taken@example.com', username: 'taken', code: lastCode(t, 'taken@example.com') }));
    await pastCooldown('taken@example.com');

    const again = await sendCode({ channel: 'email', email: 'taken@example.com', purpose: 'register' }, 'zh');
    const fresh = await sendCode({ channel: 'email', email: 'free@example.com', purpose: 'register' }, 'zh');
    expect(again.json()).toEqual(fresh.json());
    const notice = readOutbox(t).at(-2)!;
    expect(notice).toMatchObject({ to: 'taken@example.com', purpose: 'register', code: null });
    expect(notice.text).toContain('已经注册过');
    // Any code for it is simply wrong, as it would be for a free address; the answer names no account.
    const guess = await register(valid({ email: 'taken@example.com', username: 'other', code: '123456' }));
    expect(guess.json().code).toBe('CODE_WRONG');
    expect((await sendCode({ channel: 'email', email: 'taken@example.com', purpose: 'register' })).json().code).toBe(
      'CODE_COOLDOWN',
    );
  });

  it('uses a code once', async () => {
    await sendCode({ channel: 'email', email: 'once@example.com', purpose: 'register' });
    const code = lastCode(t, 'once@example.com');
    expect((await register(valid({ email: 'once@example.com', username: 'once', code }))).json().status).toBe(200);
    const reuse = await register(valid({ email: 'once@example.com', username: 'once2', code }));
    expect(reuse.json().code).toBe('CODE_EXPIRED');
  });

  it('keeps one account per username whatever the case, even when both arrive at once', async () => {
    const emails = ['case1@example.com', 'case2@example.com'];
    for (const email of emails) await sendCode({ channel: 'email', email, purpose: 'register' });
    const results = await Promise.all(
      emails.map((email, i) =>
        register(valid({ email, username: i === 0 ? 'Alice' : 'alice', code: lastCode(t, email) })),
      ),
    );
    const codes = results.map((r) => r.json().code ?? 'OK').sort();
    expect(codes).toEqual(['OK', 'USERNAME_TAKEN']);
    // The refused one keeps its code: it can register under another name.
    const loser = emails[results.findIndex((r) => r.json().code === 'USERNAME_TAKEN')]!;
    expect((await register(valid({ email: loser, username: 'alice2', code: lastCode(t, loser) }))).json().status).toBe(
      200,
    );
  });

  it('limits submissions per address, with Retry-After', async () => {
    const from = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/turing/unauthorized/reg',
        headers: appHeaders(),
        remoteAddress: '10.1.2.3',
        payload: valid({ email: `flood${n}@example.com`, username: `flood${n}` }),
      });
    for (let i = 0; i < 30; i += 1) expect((await from(i)).json().code).toBe('CODE_EXPIRED');
    const limited = await from(30);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('registering by phone', () => {
  it('normalises the number and never registers it twice', async () => {
    await sendCode({ channel: 'phone', phone: '+86 138 0013 8000', purpose: 'register' });
    const sent = readOutbox(t).at(-1)!;
    expect(sent).toMatchObject({ channel: 'phone', to: '+8613800138000' });
    const res = await register(
      valid({ email: undefined, phone: '+8613800138000', username: 'phoneuser', code: sent.code }),
    );
    expect(res.json().data.phone).toBe('+86138****8000');
    await pastCooldown('+8613800138000');
    const dup = await sendCode({ channel: 'phone', phone: '+86 138 0013 8000', purpose: 'register' });
    expect(dup.json().status).toBe(200);
    expect(readOutbox(t).at(-1)).toMatchObject({ to: '+8613800138000', code: null });
    const again = await register(valid({ email: undefined, phone: '+8613800138000', username: 'phone2', code: '1' }));
    expect(again.json().code).toBe('CODE_WRONG');
  });
});
