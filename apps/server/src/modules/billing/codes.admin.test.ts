import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER, ERRORS } from '@turing/contract';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { expectError, redeem } from '../../../test-support/redemption.fixtures.ts';
import { adminCall, makeOperator, type TestOperator } from '../../../test-support/operator-helpers.ts';

let t: TestApp;
let finance: TestOperator;
beforeAll(async () => {
  t = await buildTestApp();
  finance = await makeOperator(t, 'finance');
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

/** The audit rows of one action about one target, oldest first. */
const auditOf = (action: string, targetId: string) =>
  t.database.query<{ actor_name: string; target_type: string; before: unknown; after: unknown }>(
    'select actor_name, target_type, before, after from audit_log where action = $1 and target_id = $2 order by id',
    [action, targetId],
  );
const asFinance = (method: 'GET' | 'POST', path: string, input?: { body?: object; query?: Record<string, string> }) =>
  adminCall(t, finance, method, `/admin/codes/${path}`, input).then((r) => r.json());

describe('operators minting and revoking codes', () => {
  it('keep a batch’s note with its audit record (never the codes) and list it with the batch', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const body = { count: 3, cubes: 50, expiresAt, batch: 'expo-2026', note: 'Design expo, booth 12' };
    const minted = (await asFinance('POST', 'mint', { body })).data;
    expect(minted).toMatchObject({
      batch: 'expo-2026',
      cubes: 50,
      planDays: 0,
      expiresAt,
      note: 'Design expo, booth 12',
    });
    const rows = await auditOf('codes/mint', 'expo-2026');
    expect(rows).toEqual([
      {
        actor_name: finance.username,
        target_type: 'batch',
        before: null,
        after: { count: 3, cubes: 50, planDays: 0, expiresAt, note: 'Design expo, booth 12' },
      },
    ]);
    for (const code of minted.codes as string[]) expect(JSON.stringify(rows)).not.toContain(code);

    const listed = (await asFinance('GET', 'list', { query: { batch: 'expo-2026' } })).data;
    expect(listed.total).toBe(3);
    expect(listed.notes).toEqual({ 'expo-2026': 'Design expo, booth 12' });
    // A batch without a note lists none; the whole list names the notes of the batches it shows.
    await asFinance('POST', 'mint', { body: { count: 1, planDays: 7, batch: 'quiet-batch' } });
    expect((await asFinance('GET', 'list', { query: { batch: 'quiet-batch' } })).data.notes).toEqual({});
    const all = (await asFinance('GET', 'list')).data;
    expect(all.notes['expo-2026']).toBe('Design expo, booth 12');
    expect(all.notes).not.toHaveProperty('quiet-batch');
  });

  it('audit each revoke with what matched and what was withdrawn, even when nothing was', async () => {
    const minted = (await asFinance('POST', 'mint', { body: { count: 3, cubes: 5, batch: 'to-withdraw' } })).data;
    const [first] = minted.codes as string[];
    expect((await asFinance('POST', 'revoke', { body: { code: first!.toLowerCase() } })).data).toEqual({
      matched: 1,
      revoked: 1,
    });
    expect((await asFinance('POST', 'revoke', { body: { batch: 'to-withdraw' } })).data).toEqual({
      matched: 3,
      revoked: 2,
    });
    expect((await asFinance('POST', 'revoke', { body: { batch: 'to-withdraw' } })).data).toEqual({
      matched: 3,
      revoked: 0,
    });
    expect(await auditOf('codes/revoke', first!)).toEqual([
      expect.objectContaining({ target_type: 'code', after: { matched: 1, revoked: 1 } }),
    ]);
    expect((await auditOf('codes/revoke', 'to-withdraw')).map((r) => r.after)).toEqual([
      { matched: 3, revoked: 2 },
      { matched: 3, revoked: 0 },
    ]);
  });

  it('refuse a note that is too long, in the operator’s language, minting and recording nothing', async () => {
    const res = await adminCall(
      t,
      { headers: { ...finance.headers, 'accept-language': 'zh' } },
      'POST',
      '/admin/codes/mint',
      {
        body: { count: 1, cubes: 5, batch: 'long-note', note: 'x'.repeat(201) },
      },
    );
    expect(res.json()).toMatchObject({ code: 'TEXT_TOO_LONG', msg: ERRORS.TEXT_TOO_LONG.zh });
    expect((await asFinance('GET', 'list', { query: { batch: 'long-note' } })).data.total).toBe(0);
    expect(await auditOf('codes/mint', 'long-note')).toEqual([]);
  });

  it('are refused to moderators and support', async () => {
    await asFinance('POST', 'mint', { body: { count: 1, cubes: 5, batch: 'guarded' } });
    for (const role of ['moderator', 'support'] as const) {
      const who = await makeOperator(t, role);
      for (const [method, path, body] of [
        ['POST', 'mint', { count: 1, cubes: 5, batch: 'not-allowed' }],
        ['POST', 'revoke', { batch: 'guarded' }],
        ['GET', 'list', undefined],
      ] as const) {
        const res = await adminCall(t, who, method, `/admin/codes/${path}`, body ? { body } : {});
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('ADMIN_FORBIDDEN');
      }
    }
    expect((await asFinance('GET', 'list', { query: { batch: 'guarded', status: 'unused' } })).data.total).toBe(1);
    expect((await asFinance('GET', 'list', { query: { batch: 'not-allowed' } })).data.total).toBe(0);
    expect(await auditOf('codes/revoke', 'guarded')).toEqual([]);
  });
});
