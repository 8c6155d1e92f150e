import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '@turing/contract';
import { appHeaders, buildTestApp, registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { balanceOf } from '../../../test-support/design-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const grant = (body: object, token = t.app.services!.adminToken) =>
  t.app.inject({
    method: 'POST',
    url: '/turing/admin/credits/grant',
    headers: { ...appHeaders(), [ADMIN_TOKEN_HEADER]: token },
    payload: body,
  });

describe('operator grants', () => {
  it('add cubes through the ledger once per key, by e-mail, username or id', async () => {
    const user = await registerUser(t, { email: 'granted@example.com' });
    const first = (await grant({ user: 'GRANTED@example.com', cubes: 30, key: 'T-1', note: 'apology' })).json();
    expect(first.data).toMatchObject({ applied: true, cubes: 50 });
    expect((await grant({ user: user.profile.username, cubes: 30, key: 'T-1' })).json().data).toMatchObject({
      applied: false,
      cubes: 50,
    });
    expect((await grant({ user: user.profile.id, cubes: -10 })).json().data.cubes).toBe(40);
    expect((await balanceOf(t, user.cookie)).cubes).toBe(40);
    expect(await t.app.services!.ledger.sumOf(user.profile.id)).toBe(40);
  });

  it('never take the balance below zero, and say which account is unknown', async () => {
    const user = await registerUser(t);
    expect((await grant({ user: user.profile.id, cubes: -21 })).json().code).toBe('BALANCE_TOO_LOW');
    expect((await balanceOf(t, user.cookie)).cubes).toBe(20);
    expect((await grant({ user: 'nobody-at-all', cubes: 5 })).json().code).toBe('USER_NOT_FOUND');
    expect((await grant({ user: user.profile.id, cubes: 0 })).json().code).toBe('VALIDATION');
  });

  it('need the admin token', async () => {
    const user = await registerUser(t);
    const res = await grant({ user: user.profile.id, cubes: 5 }, 'wrong-token-wrong-token');
    expect(res.json().code).toBe('ADMIN_TOKEN_INVALID');
    expect((await balanceOf(t, user.cookie)).cubes).toBe(20);
  });
});
