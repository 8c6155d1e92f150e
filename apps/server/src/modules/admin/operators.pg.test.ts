import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@turing/contract';
import { adminCall, makeOperator, nextTotp } from '../../../test-support/operator-helpers.ts';
import { appHeaders, buildTestApp, type TestApp } from '../../../test-support/test-app.ts';

// PostgreSQL only: real connections racing for the last owner, a recovery code and a code's step.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const freshSessions = async (userId: string, n: number) =>
  Promise.all(
    Array.from({ length: n }, async () => {
      const { token } = await t.app.services!.sessions.create(userId);
      return { headers: { ...appHeaders(), cookie: `${SESSION_COOKIE}=${token}` } };
    }),
  );

describe('operator races', () => {
  it('two owners demoted at once: one stays an owner', async () => {
    for (let round = 0; round < 5; round += 1) {
      const solo = await buildTestApp();
      try {
        const [a, b] = [
          await makeOperator(solo, 'owner', { enrol: false }),
          await makeOperator(solo, 'owner', { enrol: false }),
        ];
        const results = await Promise.all([
          adminCall(solo, 'token', 'POST', '/admin/operators/grant', { body: { user: a.userId, role: 'finance' } }),
          adminCall(solo, 'token', 'POST', '/admin/operators/revoke', { body: { user: b.userId } }),
        ]);
        const codes = results.map((r) => r.json().code ?? 'ok').sort();
        expect(codes).toEqual(['OPERATOR_LAST_OWNER', 'ok']);
        const owners = (await adminCall(solo, 'token', 'GET', '/admin/operators/list'))
          .json()
          .data.filter((o: { role: string }) => o.role === 'owner');
        expect(owners).toHaveLength(1);
      } finally {
        await solo.close();
      }
    }
  });

  it('a recovery code and a current code each open one session, however many try at once', async () => {
    const op = await makeOperator(t, 'support');
    const recovery = await freshSessions(op.userId, 10);
    const byRecovery = await Promise.all(
      recovery.map((s) => adminCall(t, s, 'POST', '/admin/totp/verify', { body: { code: op.recoveryCodes[3]! } })),
    );
    expect(byRecovery.filter((r) => r.json().status === 200)).toHaveLength(1);

    const code = nextTotp(op.secret!);
    const bySameCode = await freshSessions(op.userId, 8);
    const results = await Promise.all(
      bySameCode.map((s) => adminCall(t, s, 'POST', '/admin/totp/verify', { body: { code } })),
    );
    expect(results.filter((r) => r.json().status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.json().code === 'TOTP_INVALID')).toHaveLength(7);
  });

  it('keeps the audit trail append-only in PostgreSQL itself', async () => {
    await makeOperator(t, 'finance');
    for (const sql of [
      'update audit_log set action = $1',
      'delete from audit_log where action <> $1',
      'truncate audit_log',
    ]) {
      await expect(t.database.query(sql, sql.startsWith('truncate') ? [] : ['x'])).rejects.toThrow(/append-only/);
    }
  });
});
