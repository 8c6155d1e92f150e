import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  appHeaders,
  buildTestApp,
  cookieFrom,
  lastCode,
  readOutbox,
  registerUser,
  type TestApp,
} from '../../../test-support/test-app.ts';
import { THROTTLE } from '../identity/throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (
  payload: object,
  headers: Record<string, string> = {},
  locale: 'en' | 'zh' = 'en',
  from: { remoteAddress?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/turing/unauthorized/login',
    headers: { ...appHeaders(locale), ...headers },
    payload,
    ...from,
  });
const sendResetCode = (email: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/turing/unauthorized/verCode',
    headers: appHeaders(),
    remoteAddress,
    payload: { channel: 'email', email, purpose: 'reset' },
  });
const reset = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/turing/unauthorized/reset', headers: appHeaders(), payload });
/** Reset messages go out after the answer: wait for them before reading the outbox. */
const settled = () => t.app.services!.auth.settled();
/** Moves a target's codes two minutes into the past, out of the one-minute cooldown. */
const pastCooldown = (target: string) =>
  t.database.db.execute(
    sql`update verification_codes set created_at = now() - interval '2 minutes' where target = ${target}`,
  );
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

  it('pauses an account at one address after five failures, says for how long, and not at the owner’s address', async () => {
    const user = await registerUser(t, { email: 'locked@example.com' });
    const stranger = { remoteAddress: '10.0.0.66' };
    for (let i = 0; i < 5; i += 1)
      expect((await login({ email: 'locked@example.com', password: 'bad' }, {}, 'en', stranger)).json().code).toBe(
        'LOGIN_FAILED',
      );
    const blocked = await login({ email: 'locked@example.com', password: user.password }, {}, 'en', stranger);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toMatch(/^Too many requests, please try again in \d+ s$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(
      (await login({ email: 'locked@example.com', password: user.password }, {}, 'zh', stranger)).json().msg,
    ).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    // The owner, from their own address, is not refused.
    const owner = await login({ email: 'locked@example.com', password: user.password }, {}, 'en', {
      remoteAddress: '10.0.0.7',
    });
    expect(owner.json().status).toBe(200);
  });

  it('counts parallel guesses before checking them: at most five are tried', async () => {
    await registerUser(t, { email: 'parallel@example.com' });
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        login({ email: 'parallel@example.com', password: 'wrong-guess' }, {}, 'en', { remoteAddress: '10.0.0.30' }),
      ),
    );
    const codes = results.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'LOGIN_FAILED')).toHaveLength(5);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(25);
  });
});

describe('password reset', () => {
  it('sets the new password and ends every session', async () => {
    const user = await registerUser(t, { email: 'reset@example.com' });
    const second = cookieFrom(await login({ email: 'reset@example.com', password: user.password }));
    await sendResetCode('reset@example.com');
    await settled();
    const code = lastCode(t, 'reset@example.com');

    const mismatch = await reset({
      email: 'reset@example.com',
      code,
      password: 'newpass1',
      confirmPassword: 'newpass2',
    });
    expect(mismatch.json().msg).toBe('The two passwords do not match');
    expect((await info(user.cookie)).json().status).toBe(200);

    const ok = await reset({ email: 'reset@example.com', code, password: 'newpass1', confirmPassword: 'newpass1' });
    expect(ok.json().status).toBe(200);
    expect((await info(user.cookie)).json().status).toBe(202);
    expect((await info(second)).json().status).toBe(202);
    expect((await login({ email: 'reset@example.com', password: user.password })).json().code).toBe('LOGIN_FAILED');
    expect((await login({ email: 'reset@example.com', password: 'newpass1' })).json().status).toBe(200);
  });
});

describe('password reset without telling who has an account', () => {
  it('answers an unknown address exactly like a registered one', async () => {
    await registerUser(t, { email: 'known@example.com' });
    const answers = async (email: string) => {
      const first = await sendResetCode(email);
      const second = await sendResetCode(email);
      const guess = await reset({ email, code: '000000', password: 'newpass1', confirmPassword: 'newpass1' });
      return [first.json(), { ...second.json(), msg: second.json().msg.replace(/\d+/, 'N') }, guess.json()];
    };
    const known = await answers('known@example.com');
    const unknown = await answers('unknown@example.com');
    expect(unknown).toEqual(known);
    expect(known[1]).toMatchObject({ code: 'CODE_COOLDOWN' });
    expect(known[2]).toMatchObject({ code: 'CODE_WRONG' });
    await settled();
    expect(readOutbox(t).some((e) => e.to === 'unknown@example.com')).toBe(false);
  });

  it('a stranger asking for codes does not stop the owner asking from their own address', async () => {
    await registerUser(t, { email: 'target@example.com' });
    for (let i = 0; i < 10; i += 1) {
      expect((await sendResetCode('target@example.com', '10.9.9.9')).json().status).toBe(200);
      // Each code is made and mailed after the answer: settled first, so the next one is sent
      // after it (the owner's code must be the last in the outbox) and the cooldown moves it.
      await settled();
      await pastCooldown('target@example.com');
    }
    const stranger = await sendResetCode('target@example.com', '10.9.9.9');
    expect(stranger.json().code).toBe('RATE_LIMITED');
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);

    expect((await sendResetCode('target@example.com', '10.1.1.1')).json().status).toBe(200);
    await settled();
    const code = lastCode(t, 'target@example.com');
    const ok = await reset({ email: 'target@example.com', code, password: 'newpass1', confirmPassword: 'newpass1' });
    expect(ok.json().status).toBe(200);
    expect((await login({ email: 'target@example.com', password: 'newpass1' })).json().status).toBe(200);
  });
});

describe('an account under attack', () => {
  const DEVICE = 'known_device';
  /** The known-device cookie a sign-in set, ready for a Cookie header. */
  const deviceFrom = (res: { headers: Record<string, unknown> }) => {
    const raw = res.headers['set-cookie'];
    const found = (Array.isArray(raw) ? raw : [raw]).find(
      (c): c is string => typeof c === 'string' && c.startsWith(`${DEVICE}=`),
    );
    return found ? found.split(';')[0]! : '';
  };
  /** 110 wrong passwords: five from each of 22 addresses, past the account's limit of 100. */
  const attack = async (email: string) => {
    for (let a = 0; a < 22; a += 1) {
      const tries = await Promise.all(
        Array.from({ length: 5 }, () =>
          login({ email, password: 'not-the-one' }, {}, 'en', { remoteAddress: `10.66.${a}.1` }),
        ),
      );
      // Refused, never locked: past the account's limit a code is asked for, whatever the password.
      for (const r of tries) expect(['LOGIN_FAILED', 'LOGIN_VERIFICATION_REQUIRED']).toContain(r.json().code);
    }
  };
  /**
   * The account's count past its limit, as strangers' failures leave it, without paying for 110
   * password checks again (the first test makes them for real, from 22 addresses).
   */
  const besiege = async (email: string) => {
    const { max, windowMs } = THROTTLE.loginAccount;
    for (let i = 0; i <= max; i += 1) await t.app.services!.limits.countOver(`login:account:${email}`, max, windowMs);
  };
  const sendLoginCode = (email: string, remoteAddress = '10.77.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/turing/unauthorized/verCode',
      headers: appHeaders(),
      remoteAddress,
      payload: { channel: 'email', email, purpose: 'login' },
    });

  it('asks the owner at a new device for a code instead of refusing, and the code signs in', async () => {
    const user = await registerUser(t, { email: 'besieged@example.com' });
    await attack('besieged@example.com');
    const owner = { remoteAddress: '10.77.0.1' };

    const asked = await login({ email: 'besieged@example.com', password: user.password }, {}, 'en', owner);
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ status: 403, code: 'LOGIN_VERIFICATION_REQUIRED' });
    expect(asked.json().msg).toMatch(/verification code/);
    expect(asked.headers['set-cookie']).toBeUndefined();
    const zh = await login({ email: 'besieged@example.com', password: user.password }, {}, 'zh', owner);
    expect(zh.json().msg).toMatch(/验证码/);

    expect((await sendLoginCode('besieged@example.com')).json().status).toBe(200);
    await settled();
    const code = lastCode(t, 'besieged@example.com');
    expect(readOutbox(t).at(-1)).toMatchObject({ purpose: 'login' });
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(
      (await login({ email: 'besieged@example.com', password: user.password, code: wrongCode }, {}, 'en', owner)).json()
        .code,
    ).toBe('CODE_WRONG');

    const ok = await login({ email: 'besieged@example.com', password: user.password, code }, {}, 'en', owner);
    expect(ok.json().status).toBe(200);
    expect((await info(cookieFrom(ok))).json().status).toBe(200);
    // Used once.
    const again = await login({ email: 'besieged@example.com', password: user.password, code }, {}, 'en', {
      remoteAddress: '10.77.0.2',
    });
    expect(again.json().code).toBe('CODE_EXPIRED');
    // The browser that proved itself is known from now on.
    const known = await login({ email: 'besieged@example.com', password: user.password }, { cookie: deviceFrom(ok) });
    expect(known.json().status).toBe(200);
  });

  it('signs a device the owner signed in from before straight in', async () => {
    const user = await registerUser(t, { email: 'regular@example.com' });
    const earlier = await login({ email: 'regular@example.com', password: user.password }, {}, 'en', {
      remoteAddress: '10.78.0.1',
    });
    const device = deviceFrom(earlier);
    expect(device).toMatch(/^known_device=[\w.-]+$/);
    expect(String(earlier.headers['set-cookie'])).toMatch(/known_device=[^;]+;.*HttpOnly/);
    await besiege('regular@example.com');

    const back = await login({ email: 'regular@example.com', password: user.password }, { cookie: device }, 'en', {
      remoteAddress: '10.78.0.2',
    });
    expect(back.json().status).toBe(200);
    // A cookie that was not signed by the server, or is another account's, is no known device.
    const other = await registerUser(t, { email: 'other-device@example.com' });
    const otherDevice = deviceFrom(
      await login({ email: 'other-device@example.com', password: other.password }, {}, 'en', {
        remoteAddress: '10.78.0.3',
      }),
    );
    for (const cookie of [otherDevice, `${device}x`, `${DEVICE}=${'A'.repeat(22)}.${'B'.repeat(22)}`]) {
      const res = await login({ email: 'regular@example.com', password: user.password }, { cookie }, 'en', {
        remoteAddress: '10.78.0.4',
      });
      expect(res.json().code).toBe('LOGIN_VERIFICATION_REQUIRED');
    }
  });

  it('never tells a stranger whether a guessed password was right, code or not', async () => {
    const user = await registerUser(t, { email: 'sieged@example.com' });
    await besiege('sieged@example.com');
    const stranger = { remoteAddress: '10.79.0.1' };
    const wrong = await login({ email: 'sieged@example.com', password: 'guess-1' }, {}, 'en', stranger);
    const right = await login({ email: 'sieged@example.com', password: user.password }, {}, 'en', stranger);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'LOGIN_VERIFICATION_REQUIRED' });
    expect(right.json()).toEqual(wrong.json());
    // A made-up code is refused before the password is looked at, right or wrong.
    const withCode = (password: string) =>
      login({ email: 'sieged@example.com', password, code: '123456' }, {}, 'en', { remoteAddress: '10.79.0.2' });
    const [guess, owners] = [await withCode('guess-2'), await withCode(user.password)];
    expect(guess.json().code).toMatch(/^CODE_/);
    expect(owners.json()).toEqual(guess.json());
    // An address without an account answers alike.
    const nobody = await login({ email: 'nobody-here@example.com', password: 'x-guess-1' }, {}, 'en', stranger);
    expect(nobody.json().code).toBe('LOGIN_FAILED');
    // The address's own limit still holds.
    for (let i = 0; i < 3; i += 1) await login({ email: 'sieged@example.com', password: 'guess' }, {}, 'en', stranger);
    expect((await login({ email: 'sieged@example.com', password: 'guess' }, {}, 'en', stranger)).statusCode).toBe(429);
  });

  it('sends login codes to owners only, answering alike for an unknown address', async () => {
    await registerUser(t, { email: 'has-account@example.com' });
    const known = await sendLoginCode('has-account@example.com', '10.80.0.1');
    const unknown = await sendLoginCode('no-account@example.com', '10.80.0.1');
    expect(unknown.json()).toEqual(known.json());
    await settled();
    expect(readOutbox(t).some((e) => e.to === 'no-account@example.com')).toBe(false);
    expect(readOutbox(t).some((e) => e.to === 'has-account@example.com' && e.purpose === 'login')).toBe(true);
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
