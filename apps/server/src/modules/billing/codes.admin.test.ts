import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '@turing/contract';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { expectError, redeem } from '../../../test-support/redemption.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', path: string, body?: object, token = t.app.services!.adminToken) =>
  t.app
    .inject({
      method,
      url: `/turing/admin/codes/${path}`,
      headers: { ...appHeaders(), [ADMIN_TOKEN_HEADER]: token },
      ...(body ? { payload: body } : {}),
    })
    .then((r) => r.json());

describe('operator code routes', () => {
  it('mint a batch, list it with its states, revoke what is unused', async () => {
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const minted = await call('POST', 'mint', { count: 5, cubes: 15, planDays: 1, expiresAt, batch: 'spring-fair' });
    expect(minted.data).toMatchObject({ batch: 'spring-fair', cubes: 15, planDays: 1, expiresAt });
    const codes = minted.data.codes as string[];
    expect(new Set(codes).size).toBe(5);

    const user = await seedUser(t);
    expect((await redeem(t, user.cookie, codes[0]!)).data).toEqual({ cubes: 15, planDays: 1 });
    expect((await call('POST', 'revoke', { code: codes[1]!.toLowerCase() })).data).toEqual({ matched: 1, revoked: 1 });

    const all = (await call('GET', 'list?batch=spring-fair')).data;
    expect(all.total).toBe(5);
    const byCode = new Map((all.items as { code: string }[]).map((c) => [c.code, c]));
    expect(byCode.get(codes[0]!)).toMatchObject({
      status: 'used',
      usedBy: { id: user.user.id, username: user.user.username },
    });
    expect(byCode.get(codes[1]!)).toMatchObject({ status: 'revoked', usedBy: null });
    expect(byCode.get(codes[2]!)).toMatchObject({ status: 'unused', cubes: 15, planDays: 1, expiresAt });
    expect((await call('GET', 'list?batch=spring-fair&status=unused')).data.total).toBe(3);
    expect((await call('GET', 'list?batch=spring-fair&status=used&limit=1')).data.items).toHaveLength(1);

    expect((await call('POST', 'revoke', { batch: 'spring-fair' })).data).toEqual({ matched: 5, revoked: 3 });
    expect((await call('GET', 'list?batch=spring-fair&status=revoked')).data.total).toBe(4);
    expectError(await redeem(t, user.cookie, codes[4]!), 'REDEEM_CODE_NOT_FOUND');
    expect((await call('POST', 'revoke', { batch: 'no-such-batch' })).data).toEqual({ matched: 0, revoked: 0 });
    expect((await call('POST', 'revoke', { code: 'AAAA-AAAA-AAAA' })).data).toEqual({ matched: 0, revoked: 0 });
  });

  it('refuse worthless, past and oversized batches, and need the token', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const before = (await call('GET', 'list')).data.total as number;
    for (const body of [
      { count: 1 },
      { count: 1, cubes: 0, planDays: 0 },
      { count: 0, cubes: 5 },
      { count: 10_001, cubes: 5 },
      { count: 1, cubes: -5, planDays: 2 },
      { count: 1, cubes: 5, expiresAt: past },
      { count: 1, cubes: 5, batch: 'has spaces' },
    ])
      expect((await call('POST', 'mint', body)).code).toBe('VALIDATION');
    expect((await call('POST', 'revoke', { code: 'X', batch: 'Y' })).code).toBe('VALIDATION');
    expect((await call('GET', 'list?status=lost')).code).toBe('VALIDATION');
    expect((await call('POST', 'mint', { count: 1, cubes: 5 }, 'wrong-token-wrong-token')).code).toBe(
      'ADMIN_TOKEN_INVALID',
    );
    // Nothing was minted by any of them.
    expect((await call('GET', 'list')).data.total).toBe(before);
  });

  it('name a batch from the date when none is given', async () => {
    const minted = (await call('POST', 'mint', { count: 2, planDays: 30 })).data;
    expect(minted.batch).toMatch(/^batch-\d{4}-\d{2}-\d{2}-[0-9a-f]{6}$/);
    expect(minted.expiresAt).toBeNull();
    expect((await call('GET', `list?batch=${minted.batch}`)).data.items).toHaveLength(2);
  });
});
