import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHeaders, buildTestApp, cookieFrom, registerUser, type TestApp } from '../../test/test-app.ts';
import { fakeServer } from '../../test/fake-server.ts';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

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
      url: '/turing/user/bind/wechat?code=abc',
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

  it('redirects to the provider, creates the account on return and lands on the login page logged in', async () => {
    expect((await t.app.inject({ url: '/turing/unauthorized/google/info' })).json().data).toEqual({
      enabled: true,
      startUrl: '/turing/unauthorized/google/start',
    });
    const start = await t.app.inject({ url: '/turing/unauthorized/google/start' });
    expect(start.statusCode).toBe(302);
    const auth = new URL(start.headers.location as string);
    expect(auth.origin + auth.pathname).toBe(`${idp.url}/auth`);
    expect(auth.searchParams.get('redirect_uri')).toBe('http://app.test/turing/unauthorized/google/callback');
    const state = auth.searchParams.get('state')!;
    nonce = auth.searchParams.get('nonce')!;
    const stateCookie = String(start.headers['set-cookie']).split(';')[0];

    const back = await t.app.inject({
      url: `/turing/unauthorized/google/callback?code=good-code&state=${state}`,
      headers: { cookie: stateCookie },
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('http://app.test/#/login?sso=ok');
    const info = await t.app.inject({ url: '/turing/user/info', headers: { cookie: cookieFrom(back) } });
    expect(info.json().data).toMatchObject({ nickname: 'Sso User', email: 'ss***@example.com', hasPassword: false });
  });

  it('refuses a callback whose state does not match', async () => {
    const back = await t.app.inject({
      url: '/turing/unauthorized/google/callback?code=good-code&state=forged',
      headers: { cookie: 'oauth_state=other.nonce' },
    });
    expect(back.headers.location).toBe('http://app.test/#/login?sso=error&code=GOOGLE_FAILED');
    expect(cookieFrom(back)).toBe('');
  });
});

describe('WeChat', () => {
  let t: TestApp;
  let wx: Awaited<ReturnType<typeof fakeServer>>;
  beforeAll(async () => {
    wx = await fakeServer((req) => {
      const code = new URL(req.url, 'http://x').searchParams.get('code');
      if (code?.startsWith('code-')) return { json: { access_token: 't', openid: `openid-${code.slice(5)}` } };
      return { json: { errcode: 40029, errmsg: 'invalid code' } };
    });
    t = await buildTestApp({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's', WECHAT_API_URL: wx.url });
  });
  afterAll(async () => {
    await t.close();
    await wx.close();
  });
  const bind = (cookie: string, code: string, locale: 'en' | 'zh' = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/turing/user/bind/wechat?code=${code}`,
      headers: { ...appHeaders(locale), cookie },
    });
  const wxLogin = (code: string) =>
    t.app.inject({ method: 'POST', url: `/turing/unauthorized/wechat/login?code=${code}`, headers: appHeaders() });

  it('binds once, refuses a second binding and a WeChat used elsewhere, then signs in with it', async () => {
    const a = await registerUser(t, { phone: '+8613900139000' });
    const b = await registerUser(t);
    expect((await wxLogin('code-a')).json()).toMatchObject({
      code: 'WECHAT_NOT_REGISTERED',
      msg: 'This WeChat account is not registered, please register or bind it first',
    });
    expect((await bind(a.cookie, 'code-a')).json().data.wechatBound).toBe(true);
    expect((await bind(a.cookie, 'code-z', 'zh')).json()).toMatchObject({
      code: 'PHONE_ALREADY_BOUND_WECHAT',
      msg: '该手机号码已绑定微信',
    });
    expect((await bind(b.cookie, 'code-a')).json().code).toBe('WECHAT_TAKEN');
    expect((await bind(b.cookie, 'bad')).json().code).toBe('WECHAT_FAILED');
    const signedIn = await wxLogin('code-a');
    expect(signedIn.json().data.phone).toBe('+86139****9000');
  });
});
