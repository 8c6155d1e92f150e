import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@turing/contract';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { adminCall, makeOperator, nextTotp, tokenHeaders } from '../../../test-support/operator-helpers.ts';
import { totpCode } from './totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const auditRows = async (action: string) =>
  (await adminCall(t, 'token', 'GET', '/admin/audit/list', { query: { action } })).json().data.items as {
    action: string;
    actor: { name: string; role: string; via: string };
    target: { id: string; label: string | null };
    before: unknown;
    after: unknown;
  }[];

describe('operators', () => {
  it('are made with the token (the first owner) and then by owners in the console, each change audited', async () => {
    const owner = await makeOperator(t, 'owner');
    const { user } = await seedUser(t);
    const granted = await adminCall(t, owner, 'POST', '/admin/operators/grant', {
      body: { user: user.username, role: 'moderator' },
    });
    expect(granted.json().data).toMatchObject({ userId: user.id, role: 'moderator', grantedBy: owner.username });
    const changed = await adminCall(t, owner, 'POST', '/admin/operators/grant', {
      body: { user: user.id, role: 'support' },
    });
    expect(changed.json().data.role).toBe('support');
    const rows = await auditRows('operators/grant');
    const mine = rows.filter((r) => r.target.id === user.id);
    expect(mine.map((r) => [r.before, r.after])).toEqual([
      [{ role: 'moderator' }, { role: 'support' }],
      [null, { role: 'moderator' }],
    ]);
    expect(mine[0]!.actor).toMatchObject({ name: owner.username, role: 'owner', via: 'session' });
    const list = (await adminCall(t, owner, 'GET', '/admin/operators/list')).json().data;
    expect(list.find((o: { userId: string }) => o.userId === user.id)).toMatchObject({
      role: 'support',
      secondFactor: false,
    });
  });

  it('never lose their last owner', async () => {
    const solo = await buildTestApp();
    try {
      const owner = await makeOperator(solo, 'owner');
      const demote = await adminCall(solo, owner, 'POST', '/admin/operators/grant', {
        body: { user: owner.userId, role: 'finance' },
      });
      expect(demote.json().code).toBe('OPERATOR_LAST_OWNER');
      const revoke = await adminCall(solo, 'token', 'POST', '/admin/operators/revoke', {
        body: { user: owner.userId },
      });
      expect(revoke.json().code).toBe('OPERATOR_LAST_OWNER');
      expect(revoke.json().msg).toContain('at least one owner');
      // A second owner makes the first one free to go.
      const other = await makeOperator(solo, 'owner');
      expect(
        (await adminCall(solo, other, 'POST', '/admin/operators/revoke', { body: { user: owner.userId } })).json()
          .status,
      ).toBe(200);
      expect((await adminCall(solo, owner, 'GET', '/admin/me')).json().code).toBe('ADMIN_FORBIDDEN');
    } finally {
      await solo.close();
    }
  });

  it('are managed by owners only', async () => {
    const finance = await makeOperator(t, 'finance');
    const { user } = await seedUser(t);
    const res = await adminCall(t, finance, 'POST', '/admin/operators/grant', {
      body: { user: user.id, role: 'owner' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ADMIN_FORBIDDEN');
    expect(
      (await adminCall(t, 'token', 'GET', '/admin/operators/list'))
        .json()
        .data.some((o: { userId: string }) => o.userId === user.id),
    ).toBe(false);
  });

  it('refuse a plain user session, a stranger and a cross-site form alike', async () => {
    const { cookie } = await seedUser(t);
    const user = await adminCall(t, { headers: { ...appHeaders(), cookie } }, 'GET', '/admin/me');
    expect([user.statusCode, user.json().code]).toEqual([403, 'ADMIN_FORBIDDEN']);
    const owner = await makeOperator(t, 'owner');
    const { user: target } = await seedUser(t);
    // A form posted from another site carries the cookie but cannot add the app's header.
    const csrf = await t.app.inject({
      method: 'POST',
      url: '/turing/admin/operators/grant',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: { user: target.id, role: 'owner' },
    });
    expect(csrf.json().code).toBe('APP_HEADER_MISSING');
    const expired = await adminCall(
      t,
      { headers: { ...appHeaders(), cookie: `${SESSION_COOKIE}=gone` } },
      'GET',
      '/admin/me',
    );
    expect(expired.json().code).toBe('SESSION_EXPIRED');
  });
});

describe('the second factor', () => {
  it('is asked of a new session of an enrolled operator, and a code works once', async () => {
    const op = await makeOperator(t, 'finance');
    // A second sign-in of the same operator: a new session that has not passed the factor yet.
    const sessions = t.app.services!.sessions;
    const fresh = await sessions.create(op.userId);
    const headers = { ...appHeaders(), cookie: `${SESSION_COOKIE}=${fresh.token}` };
    const blocked = await adminCall(t, { headers }, 'GET', '/admin/audit/list');
    expect([blocked.statusCode, blocked.json().code]).toEqual([403, 'ADMIN_SECOND_FACTOR']);
    const me = (await adminCall(t, { headers }, 'GET', '/admin/me')).json().data;
    expect(me.secondFactor).toMatchObject({ enrolled: true, passed: false, recoveryCodesLeft: 10 });

    const code = nextTotp(op.secret!);
    const wrong = await adminCall(t, { headers }, 'POST', '/admin/totp/verify', { body: { code: '000000' } });
    expect(wrong.json().code).toBe('TOTP_INVALID');
    const ok = await adminCall(t, { headers }, 'POST', '/admin/totp/verify', { body: { code } });
    expect(ok.json().data.secondFactor.passed).toBe(true);
    expect((await adminCall(t, { headers }, 'GET', '/admin/audit/list')).json().status).toBe(200);

    // The same code on a third session is a replay.
    const third = await sessions.create(op.userId);
    const h3 = { ...appHeaders(), cookie: `${SESSION_COOKIE}=${third.token}` };
    expect((await adminCall(t, { headers: h3 }, 'POST', '/admin/totp/verify', { body: { code } })).json().code).toBe(
      'TOTP_INVALID',
    );
    // A recovery code works once, whatever its case and dashes.
    const recovery = op.recoveryCodes[0]!;
    const typed = recovery.toLowerCase().replace('-', ' ');
    expect(
      (await adminCall(t, { headers: h3 }, 'POST', '/admin/totp/verify', { body: { code: typed } })).json().status,
    ).toBe(200);
    const fourth = await sessions.create(op.userId);
    const h4 = { ...appHeaders(), cookie: `${SESSION_COOKIE}=${fourth.token}` };
    expect(
      (await adminCall(t, { headers: h4 }, 'POST', '/admin/totp/verify', { body: { code: recovery } })).json().code,
    ).toBe('TOTP_INVALID');
  });

  it('stops guessing: wrong codes in a row are throttled', async () => {
    const op = await makeOperator(t, 'support');
    const fresh = await t.app.services!.sessions.create(op.userId);
    const headers = { ...appHeaders('zh'), cookie: `${SESSION_COOKIE}=${fresh.token}` };
    const codes: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await adminCall(t, { headers }, 'POST', '/admin/totp/verify', { body: { code: String(100000 + i) } });
      codes.push(res.json().code);
    }
    expect(codes.slice(0, 10).every((c) => c === 'TOTP_INVALID')).toBe(true);
    expect(codes.slice(10).every((c) => c === 'TOTP_LOCKED')).toBe(true);
    const locked = await adminCall(t, { headers }, 'POST', '/admin/totp/verify', {
      body: { code: nextTotp(op.secret!) },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toMatch(/秒后再试/);
    expect((await adminCall(t, { headers }, 'GET', '/admin/me')).json().data.secondFactor.passed).toBe(false);
  });

  it('cannot be replaced by a session that has not passed it', async () => {
    const op = await makeOperator(t, 'moderator');
    const fresh = await t.app.services!.sessions.create(op.userId);
    const headers = { ...appHeaders(), cookie: `${SESSION_COOKIE}=${fresh.token}` };
    expect((await adminCall(t, { headers }, 'POST', '/admin/totp/enrol')).json().code).toBe('ADMIN_SECOND_FACTOR');
  });

  it('is required of every operator when the service says so (production), before any console call', async () => {
    const strict = await buildTestApp({ OPERATOR_TOTP: 'required' });
    try {
      const op = await makeOperator(strict, 'support', { enrol: false });
      const res = await adminCall(strict, op, 'GET', '/admin/support/list');
      expect([res.statusCode, res.json().code]).toEqual([403, 'ADMIN_ENROL_REQUIRED']);
      expect((await adminCall(strict, op, 'GET', '/admin/me')).json().data.secondFactor).toMatchObject({
        required: true,
        enrolled: false,
        passed: false,
      });
      const enrol = (await adminCall(strict, op, 'POST', '/admin/totp/enrol')).json().data;
      expect(enrol.uri).toMatch(/^otpauth:\/\/totp\/Turing%20Design:/);
      const confirm = await adminCall(strict, op, 'POST', '/admin/totp/confirm', {
        body: { code: totpCode(enrol.secret, new Date()) },
      });
      expect(confirm.json().data.recoveryCodes).toHaveLength(10);
      expect((await adminCall(strict, op, 'GET', '/admin/support/list')).json().status).toBe(200);
      // The token still works for the command line, as owner.
      expect(
        (await strict.app.inject({ method: 'GET', url: '/turing/admin/me', headers: tokenHeaders(strict) })).json()
          .data,
      ).toMatchObject({
        via: 'token',
        role: 'owner',
      });
    } finally {
      await strict.close();
    }
  });
});
