import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /turing/health', () => {
  it('answers in the envelope with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/turing/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 200, msg: 'success', data: { ok: true } });
    expect(['pglite', 'postgres']).toContain(body.data.database);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/turing/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('OpenAPI', () => {
  it('is generated from the contract and served as JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/turing/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/turing/health', '/turing/user/info', '/turing/user/logout']),
    );
  });
});

describe('unknown API paths', () => {
  it('answer 404 in the envelope, in the caller language', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/turing/nope' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({
      status: 404,
      msg: 'The requested resource does not exist',
      data: null,
      code: 'NOT_FOUND',
    });
    const zh = await t.app.inject({
      method: 'GET',
      url: '/turing/nope',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(zh.json().msg).toBe('请求的资源不存在');
  });
});
