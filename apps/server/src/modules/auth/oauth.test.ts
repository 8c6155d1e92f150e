import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appHeaders, buildTestApp, cookieFrom, registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { fakeServer } from '../../../test-support/fake-server.ts';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const stateCookieOf = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  const list = (Array.isArray(raw) ? raw : [raw]).filter((c): c is string => typeof c === 'string');
  return list.find((c) => c.startsWith('oauth_state='))!.split(';')[0]!;
};
const location = (res: { headers: Record<string, unknown> }) => new URL(String(res.headers.location));
/** The query of the SPA route a redirect lands on (`http://host/#/page?a=b`). */
const spaQuery = (res: { headers: Record<string, unknown> }) =>
  new URLSearchParams(location(res).hash.split('?')[1] ?? '');

describe('without provider settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('Google and WeChat say they are unavailable', async () => {
    expect((await t.app.inject({ url: '/turing/unauthorized/google/info' })).json().data).toEqual({
      enabled: false,
      startUrl: null,
    });
    expect((await t.app.inject({ url: '/turing/unauthorized/wechat/info' })).json().data).toEqual({
      enabled: false,
      startUrl: null,
    });
    const start = await t.app.inject({ url: '/turing/unauthorized/google/start' });
    expect(start.json()).toMatchObject({
      code: 'GOOGLE_UNAVAILABLE',
      msg: 'Google sign-in is not available on this server',
    });
    const { cookie } = await registerUser(t);
    const bind = await t.app.inject({
      method: 'POST',
      url: `/turing/user/bind/wechat?ticket=${'t'.repeat(43)}`,
      headers: { ...appHeaders('zh'), cookie },
    });
    expect(bind.json()).toMatchObject({ code: 'WECHAT_UNAVAILABLE', msg: '本服务器未开通微信登录' });
  });
});

describe('Google sign-in (OpenID Connect code flow)', () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof fakeServer>>;
  let nonce = '';
  beforeAll(async () => {
    idp = await fakeServer((req) => {
      if (req.url.startsWith('/.well-known/openid-configuration')) {
        return {
          json: { issuer: idp.url, authorization_endpoint: `${idp.url}/auth`, token_endpoint: `${idp.url}/token` },
        };
      }
      if (req.url === '/token') {
        const params = new URLSearchParams(req.body);
        if (params.get('code') !== 'good-code' || params.get('client_secret') !== 'secret')
          return { status: 400, json: { error: 'invalid_grant' } };
        const claims = {
          iss: idp.url,
          aud: 'client-1',
          sub: 'g-123',
          email: 'Sso@Example.com',
          email_verified: true,
          name: 'Sso User',
          nonce,
          exp: Math.floor(Date.now() / 1000) + 600,
        };
        return { json: { id_token: `${b64({ alg: 'RS256' })}.${b64(claims)}.sig` } };
      }
      return { status: 404, text: 'no' };
    });
    t = await buildTestApp({
      GOOGLE_CLIENT_ID: 'client-1',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: idp.url,
      PUBLIC_URL: 'http://app.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const start = async () => {
    const res = await t.app.inject({ url: '/turing/unauthorized/google/start' });
    const auth = location(res);
    nonce = auth.searchParams.get('nonce')!;
    return { res, auth, state: auth.searchParams.get('state')!, cookie: stateCookieOf(res) };
  };

  it('redirects to the provider, creates the account on return and lands on the login page logged in', async () => {
    expect((await t.app.inject({ url: '/turing/unauthorized/google/info' })).json().data).toEqual({
      enabled: true,
      startUrl: '/turing/unauthorized/google/start',
    });
    const { res, auth, state, cookie } = await start();
    expect(res.statusCode).toBe(302);
    expect(auth.origin + auth.pathname).toBe(`${idp.url}/auth`);
    expect(auth.searchParams.get('redirect_uri')).toBe('http://app.test/turing/unauthorized/google/callback');

    const back = await t.app.inject({
      url: `/turing/unauthorized/google/callback?code=good-code&state=${state}`,
      headers: { cookie },
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('http://app.test/#/login?sso=ok');
    const info = await t.app.inject({ url: '/turing/user/info', headers: { cookie: cookieFrom(back) } });
    expect(info.json().data).toMatchObject({ nickname: 'Sso User', email: 'ss***@example.com', hasPassword: false });
  });

  it('refuses a callback whose state does not match, or that comes back twice', async () => {
    const forged = await t.app.inject({
      url: '/turing/unauthorized/google/callback?code=good-code&state=forged',
      headers: { cookie: 'oauth_state=login.other' },
    });
    expect(forged.headers.location).toBe('http://app.test/#/login?sso=error&code=GOOGLE_FAILED');
    expect(cookieFrom(forged)).toBe('');

    const { state, cookie } = await start();
    const url = `/turing/unauthorized/google/callback?code=good-code&state=${state}`;
    // A link carrying someone else's state: this browser has no such cookie.
    const elsewhere = await t.app.inject({ url });
    expect(elsewhere.headers.location).toBe('http://app.test/#/login?sso=error&code=GOOGLE_FAILED');
    const first = await t.app.inject({ url, headers: { cookie } });
    expect(first.headers.location).toBe('http://app.test/#/login?sso=ok');
    const replay = await t.app.inject({ url, headers: { cookie } });
    expect(replay.headers.location).toBe('http://app.test/#/login?sso=error&code=GOOGLE_FAILED');
    expect(cookieFrom(replay)).toBe('');
  });

  it('keeps the provider’s reasons out of the browser', async () => {
    const { state, cookie } = await start();
    const back = await t.app.inject({
      url: `/turing/unauthorized/google/callback?code=bad-code&state=${state}`,
      headers: { cookie },
    });
    expect(back.headers.location).toBe('http://app.test/#/login?sso=error&code=GOOGLE_FAILED');
  });

  it('refuses a suspended account and starts no session', async () => {
    await t.database.db.execute(sql`update users set suspended_at = now() where google_sub = 'g-123'`);
    const { state, cookie } = await start();
    const back = await t.app.inject({
      url: `/turing/unauthorized/google/callback?code=good-code&state=${state}`,
      headers: { cookie },
    });
    expect(back.headers.location).toBe('http://app.test/#/login?sso=error&code=USER_SUSPENDED');
    expect(cookieFrom(back)).toBe('');
    await t.database.db.execute(sql`update users set suspended_at = null where google_sub = 'g-123'`);
  });
});

describe('redirects without PUBLIC_URL', () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof fakeServer>>;
  beforeAll(async () => {
    idp = await fakeServer((req) =>
      req.url.startsWith('/.well-known/')
        ? { json: { issuer: idp.url, authorization_endpoint: `${idp.url}/auth`, token_endpoint: `${idp.url}/token` } }
        : { status: 400, json: { error: 'invalid_grant' } },
    );
    t = await buildTestApp({
      PORT: '8123',
      GOOGLE_CLIENT_ID: 'client-1',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: idp.url,
      WECHAT_APP_ID: 'wx1',
      WECHAT_APP_SECRET: 's',
      WECHAT_API_URL: idp.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('are built from the configured origin, never from a forged Host or X-Forwarded-Host', async () => {
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    for (const provider of ['google', 'wechat']) {
      const res = await t.app.inject({ url: `/turing/unauthorized/${provider}/start`, headers: forged });
      expect(location(res).searchParams.get('redirect_uri')).toBe(
        `http://localhost:8123/turing/unauthorized/${provider}/callback`,
      );
      const back = await t.app.inject({
        url: `/turing/unauthorized/${provider}/callback?code=x&state=y`,
        headers: forged,
      });
      expect(location(back).origin).toBe('http://localhost:8123');
    }
  });
});

describe('WeChat', () => {
  let t: TestApp;
  let wx: Awaited<ReturnType<typeof fakeServer>>;
  beforeAll(async () => {
    wx = await fakeServer((req) => {
      const code = new URL(req.url, 'http://x').searchParams.get('code');
      if (code?.startsWith('code-')) return { json: { access_token: 't', openid: `openid-${code.slice(5)}` } };
      return { json: { errcode: 40029, errmsg: 'invalid code, secret hint rid: 1234' } };
    });
    t = await buildTestApp({
      WECHAT_APP_ID: 'wx1',
      WECHAT_APP_SECRET: 's',
      WECHAT_API_URL: wx.url,
      PUBLIC_URL: 'http://app.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await wx.close();
  });

  /** Starts a flow in a browser holding `session` (if any); answers what WeChat would send it back to. */
  const startFlow = async (intent: 'login' | 'bind', session = '') => {
    const res = await t.app.inject({
      url: `/turing/unauthorized/wechat/start?intent=${intent}`,
      headers: session ? { cookie: session } : {},
    });
    const state = location(res).searchParams.get('state')!;
    return { state, stateCookie: stateCookieOf(res) };
  };
  const callback = (state: string, code: string, cookies: string[]) =>
    t.app.inject({
      url: `/turing/unauthorized/wechat/callback?code=${code}&state=${state}`,
      headers: { cookie: cookies.filter(Boolean).join('; ') },
    });
  const bindWith = (session: string, ticket: string, locale: 'en' | 'zh' = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/turing/user/bind/wechat?ticket=${encodeURIComponent(ticket)}`,
      headers: { ...appHeaders(locale), cookie: session },
    });
  const info = async (session: string) =>
    (await t.app.inject({ url: '/turing/user/info', headers: { cookie: session } })).json().data;
  /** Runs the whole binding in one browser; answers the ticket the profile page receives. */
  const ticketFor = async (session: string, code: string) => {
    const { state, stateCookie } = await startFlow('bind', session);
    const back = await callback(state, code, [session, stateCookie]);
    expect(location(back).hash).toMatch(/^#\/user\/profile\?wechatTicket=/);
    return spaQuery(back).get('wechatTicket')!;
  };

  it('binds in the session that started it, refuses a second binding and a WeChat used elsewhere, then signs in', async () => {
    const a = await registerUser(t, { phone: '+8613900139000' });
    const b = await registerUser(t);

    const { state, stateCookie } = await startFlow('login');
    const unknown = await callback(state, 'code-a', [stateCookie]);
    expect(unknown.headers.location).toBe('http://app.test/#/login?sso=error&code=WECHAT_NOT_REGISTERED');
    expect(cookieFrom(unknown)).toBe('');

    expect((await bindWith(a.cookie, await ticketFor(a.cookie, 'code-a'))).json().data.wechatBound).toBe(true);
    expect((await bindWith(a.cookie, await ticketFor(a.cookie, 'code-z'), 'zh')).json()).toMatchObject({
      code: 'PHONE_ALREADY_BOUND_WECHAT',
      msg: '该手机号码已绑定微信',
    });
    expect((await bindWith(b.cookie, await ticketFor(b.cookie, 'code-a'))).json().code).toBe('WECHAT_TAKEN');

    const login = await startFlow('login');
    const signedIn = await callback(login.state, 'code-a', [login.stateCookie]);
    expect(signedIn.headers.location).toBe('http://app.test/#/login?sso=ok');
    expect((await info(cookieFrom(signedIn))).phone).toBe('+86139****9000');
  });

  it('refuses a suspended account bound to WeChat', async () => {
    const a = await registerUser(t);
    expect((await bindWith(a.cookie, await ticketFor(a.cookie, 'code-s'))).json().data.wechatBound).toBe(true);
    await t.database.db.execute(sql`update users set suspended_at = now() where wechat_open_id = 'openid-s'`);
    const login = await startFlow('login');
    const refused = await callback(login.state, 'code-s', [login.stateCookie]);
    expect(refused.headers.location).toBe('http://app.test/#/login?sso=error&code=USER_SUSPENDED');
    expect(cookieFrom(refused)).toBe('');
  });

  it('a crafted link cannot bind the attacker’s WeChat to someone else', async () => {
    const attacker = await registerUser(t);
    const victim = await registerUser(t);

    // The attacker starts a binding and sends the victim the address WeChat returned to.
    const flow = await startFlow('bind', attacker.cookie);
    const noState = await callback(flow.state, 'code-evil', [victim.cookie]);
    expect(noState.headers.location).toBe('http://app.test/#/login?sso=error&code=WECHAT_FAILED');
    // Even with the attacker's state cookie planted, the flow belongs to the attacker's session.
    const planted = await callback(flow.state, 'code-evil', [victim.cookie, flow.stateCookie]);
    expect(planted.headers.location).toBe('http://app.test/#/user/profile?sso=error&code=WECHAT_FAILED');

    // A ticket works only in the session it was made for, and is not used up by someone else's try.
    const ticket = await ticketFor(attacker.cookie, 'code-evil');
    expect((await bindWith(victim.cookie, ticket)).json()).toMatchObject({
      code: 'WECHAT_TICKET_INVALID',
      msg: 'This WeChat authorisation has expired or was started elsewhere, please bind WeChat again',
    });
    // The call never takes a raw WeChat code.
    const raw = await t.app.inject({
      method: 'POST',
      url: '/turing/user/bind/wechat?code=code-evil',
      headers: { ...appHeaders(), cookie: victim.cookie },
    });
    expect(raw.json().code).toBe('WECHAT_TICKET_INVALID');
    expect((await info(victim.cookie)).wechatBound).toBe(false);
    expect((await bindWith(attacker.cookie, ticket)).json().data.wechatBound).toBe(true);
    expect((await bindWith(attacker.cookie, ticket)).json().code).toBe('PHONE_ALREADY_BOUND_WECHAT');
  });

  it('a binding needs a session to start, and its ticket lasts two minutes and works once', async () => {
    const start = await t.app.inject({ url: '/turing/unauthorized/wechat/start?intent=bind' });
    expect(start.headers.location).toBe('http://app.test/#/login?sso=error&code=SESSION_EXPIRED');

    const user = await registerUser(t);
    const ticket = await ticketFor(user.cookie, 'code-late');
    await t.database.db.execute(sql`update oauth_flows set expires_at = now() - interval '1 second'`);
    expect((await bindWith(user.cookie, ticket)).json().code).toBe('WECHAT_TICKET_INVALID');
    expect((await info(user.cookie)).wechatBound).toBe(false);
  });

  it('the old code-taking sign-in call is gone, and WeChat’s own error text never reaches the browser', async () => {
    const old = await t.app.inject({
      method: 'POST',
      url: '/turing/unauthorized/wechat/login?code=code-a',
      headers: appHeaders(),
    });
    expect(old.statusCode).toBe(404);

    const { state, stateCookie } = await startFlow('login');
    const failed = await callback(state, 'bad', [stateCookie]);
    expect(failed.headers.location).toBe('http://app.test/#/login?sso=error&code=WECHAT_FAILED');
    expect(failed.body).not.toContain('invalid code');
  });
});
