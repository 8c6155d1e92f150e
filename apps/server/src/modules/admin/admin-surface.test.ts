import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp } from '../../app.ts';
import { makeOperator } from '../../../test-support/operator-helpers.ts';
import { appHeaders, buildTestApp, type TestApp } from '../../../test-support/test-app.ts';

// ADMIN_LISTEN: the operator API and its console on an internal address, none of it on PORT.
let t: TestApp;
let publicApp: Awaited<ReturnType<typeof buildHttpApp>>;
let adminApp: Awaited<ReturnType<typeof buildHttpApp>>;
beforeAll(async () => {
  t = await buildTestApp();
  const logger = pino({ level: 'silent' });
  publicApp = await buildHttpApp(t.app.services!, { logger, surface: 'public' });
  adminApp = await buildHttpApp(t.app.services!, { logger, surface: 'admin' });
});
afterAll(async () => {
  await publicApp.close();
  await adminApp.close();
  await t.close();
});

describe('the console on its own address', () => {
  it('signs operators in and serves the console there, and nothing of it on the public port', async () => {
    const op = await makeOperator(t, 'support');
    const me = await adminApp.inject({ method: 'GET', url: '/turing/admin/me', headers: op.headers });
    expect(me.json().data).toMatchObject({ role: 'support', via: 'session' });
    const info = await adminApp.inject({ method: 'GET', url: '/turing/user/info', headers: op.headers });
    expect(info.json().data.operator).toBe('support');
    const login = await adminApp.inject({
      method: 'POST',
      url: '/turing/unauthorized/login',
      headers: appHeaders(),
      payload: { username: 'nobody-here', password: 'secret123' },
    });
    expect(login.json().code).toBeDefined();
    expect(login.statusCode).not.toBe(404);

    const hidden = await publicApp.inject({ method: 'GET', url: '/turing/admin/me', headers: op.headers });
    expect(hidden.statusCode).toBe(404);
    // The rest of the product stays on the public port only.
    const works = { method: 'GET' as const, url: '/turing/community/work/list' };
    expect((await publicApp.inject(works)).statusCode).toBe(200);
    expect((await adminApp.inject(works)).statusCode).toBe(404);
  });
});
