import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@turing/contract';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /turing/user/info', () => {
  it('answers status 202 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/turing/user/info' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      status: 202,
      code: 'SESSION_EXPIRED',
      data: null,
      msg: 'Your login has expired, please log in again',
    });
  });

  it('answers status 202 for an unknown session cookie, in Chinese when asked', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/turing/user/info',
      headers: { cookie: `${SESSION_COOKIE}=forged`, 'accept-language': 'zh' },
    });
    expect(res.json()).toMatchObject({ status: 202, msg: '登录已过期，请重新登录' });
  });

  it('returns the profile with a session', async () => {
    const { cookie, user } = await seedUser(t, { email: 'ada@example.com', phone: '+8613812345678' });
    const res = await t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ id: user.id, nickname: user.nickname, isVip: false, wechatBound: false });
    expect(data.email).toBe('ad***@example.com');
    expect(data.phone).toBe('+86138****5678');
    expect(JSON.stringify(data)).not.toContain('password');
  });
});

describe('POST /turing/user/logout', () => {
  it('is refused without the app header and the session survives', async () => {
    const { cookie } = await seedUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/turing/user/logout', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, code: 'APP_HEADER_MISSING' });
    expect(res.json().msg).toContain('X-Requested-With');
    const info = await t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie } });
    expect(info.json().status).toBe(200);
  });

  it('ends the session: the next call gets 202', async () => {
    const { cookie } = await seedUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/turing/user/logout',
      headers: { cookie, ...appHeaders() },
    });
    expect(res.json()).toEqual({ status: 200, msg: 'success', data: null });
    expect(String(res.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=;`);
    const info = await t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie } });
    expect(info.json().status).toBe(202);
  });
});
