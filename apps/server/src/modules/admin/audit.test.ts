import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, makeOperator } from '../../../test-support/operator-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the audit trail', () => {
  it('refuses any change or deletion of a row, even from inside the database', async () => {
    await makeOperator(t, 'support');
    for (const sql of [
      'update audit_log set action = $1',
      'delete from audit_log where action <> $1',
      'truncate audit_log',
    ]) {
      await expect(t.database.query(sql, sql.startsWith('truncate') ? [] : ['x'])).rejects.toThrow(/append-only/);
    }
  });

  it('filters by operator, action, target and period, pages newest first, and exports the same as CSV', async () => {
    const owner = await makeOperator(t, 'owner');
    const made = [];
    for (const role of ['finance', 'moderator', 'support'] as const)
      made.push(await makeOperator(t, role, { enrol: false }));
    const byOwner = async (query: Record<string, string>) =>
      (await adminCall(t, owner, 'GET', '/admin/audit/list', { query })).json();

    const grants = await byOwner({ action: 'operators/', actor: 'token', limit: '2' });
    expect(grants.data.items).toHaveLength(2);
    expect(grants.data.items[0].target.id).toBe(made[2]!.userId);
    expect(grants.data.items[1].target.id).toBe(made[1]!.userId);
    const next = await byOwner({ action: 'operators/', actor: 'token', limit: '2', cursor: grants.data.nextCursor });
    expect(next.data.items[0].target.id).toBe(made[0]!.userId);

    const one = await byOwner({ target: made[1]!.username });
    expect(one.data.items.map((e: { action: string }) => e.action)).toEqual(['operators/grant']);
    expect(
      (await byOwner({ actor: owner.username, action: 'totp/' })).data.items.map((e: { action: string }) => e.action),
    ).toEqual(['totp/confirm', 'totp/enrol']);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await byOwner({ from: future })).data.items).toEqual([]);
    const backwards = await byOwner({ from: future, to: new Date().toISOString() });
    expect([backwards.statusCode ?? backwards.status, backwards.code]).toEqual([400, 'AUDIT_RANGE']);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/turing/admin/audit/export',
      query: { action: 'operators/grant', target: made[0]!.userId },
      headers: { ...owner.headers, 'accept-language': 'zh' },
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('时间,操作人,角色,方式,操作,对象类型,对象,对象名称,操作前,操作后,地址');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `admin token,owner,token,operators/grant,operator,${made[0]!.userId},${made[0]!.username}`,
    );
    expect(lines[1]).toContain('"{""role"":""finance""}"');
  });

  it('is readable by every operator, and by no one else', async () => {
    const support = await makeOperator(t, 'support');
    expect((await adminCall(t, support, 'GET', '/admin/audit/list')).json().status).toBe(200);
    const plain = await adminCall(
      t,
      { headers: { ...support.headers, cookie: 'sid=nobody' } },
      'GET',
      '/admin/audit/list',
    );
    expect(plain.json().code).toBe('SESSION_EXPIRED');
  });
});
