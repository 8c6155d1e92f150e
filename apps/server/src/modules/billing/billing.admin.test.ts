import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER, ERRORS } from '@turing/contract';
import { appHeaders, buildTestApp, registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { balanceOf } from '../../../test-support/design-helpers.ts';
import { adminCall, makeOperator, type TestOperator } from '../../../test-support/operator-helpers.ts';

let t: TestApp;
let finance: TestOperator;
let moderator: TestOperator;
let support: TestOperator;
beforeAll(async () => {
  t = await buildTestApp();
  [finance, moderator, support] = [
    await makeOperator(t, 'finance'),
    await makeOperator(t, 'moderator'),
    await makeOperator(t, 'support'),
  ];
});
afterAll(() => t.close());

const grant = (body: object, token = t.app.services!.adminToken) =>
  t.app.inject({
    method: 'POST',
    url: '/turing/admin/credits/grant',
    headers: { ...appHeaders(), [ADMIN_TOKEN_HEADER]: token },
    payload: body,
  });

interface AuditRow {
  actor_name: string;
  actor_role: string;
  via: string;
  target_type: string;
  target_id: string;
  target_label: string | null;
  before: unknown;
  after: unknown;
}
/** The audit rows of one action about one target, oldest first. */
const auditOf = (action: string, targetId: string) =>
  t.database.query<AuditRow>(
    `select actor_name, actor_role, via, target_type, target_id, target_label, before, after
       from audit_log where action = $1 and target_id = $2 order by id`,
    [action, targetId],
  );
const zh = (who: TestOperator) => ({ headers: { ...who.headers, 'accept-language': 'zh' } });

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
    expect(await auditOf('credits/grant', user.profile.id)).toEqual([]);
  });

  it('need the admin token', async () => {
    const user = await registerUser(t);
    const res = await grant({ user: user.profile.id, cubes: 5 }, 'wrong-token-wrong-token');
    expect(res.json().code).toBe('ADMIN_TOKEN_INVALID');
    expect((await balanceOf(t, user.cookie)).cubes).toBe(20);
  });

  it('are audited with the balance before and after; a replayed key is recorded as applying nothing', async () => {
    const user = await registerUser(t);
    const body = { user: user.profile.id, cubes: 30, key: 'ticket-77', note: 'outage' };
    expect((await adminCall(t, finance, 'POST', '/admin/credits/grant', { body })).json().data).toMatchObject({
      applied: true,
      cubes: 50,
    });
    expect((await adminCall(t, finance, 'POST', '/admin/credits/grant', { body })).json().data).toMatchObject({
      applied: false,
      cubes: 50,
    });
    expect(await auditOf('credits/grant', user.profile.id)).toEqual([
      {
        actor_name: finance.username,
        actor_role: 'finance',
        via: 'session',
        target_type: 'user',
        target_id: user.profile.id,
        target_label: user.profile.username,
        before: { cubes: 20 },
        after: { cubes: 50, note: 'outage' },
      },
      expect.objectContaining({ before: null, after: { applied: false, key: 'grant:ticket-77' } }),
    ]);
    // Taking back more than the balance holds changes nothing and records nothing.
    const refused = await adminCall(t, finance, 'POST', '/admin/credits/grant', {
      body: { user: user.profile.id, cubes: -51 },
    });
    expect(refused.json()).toMatchObject({ code: 'BALANCE_TOO_LOW' });
    expect(await auditOf('credits/grant', user.profile.id)).toHaveLength(2);
    // The token acts as owner and is named as such.
    await grant({ user: user.profile.id, cubes: -5 });
    expect((await auditOf('credits/grant', user.profile.id))[2]).toMatchObject({
      actor_name: 'admin token',
      actor_role: 'owner',
      via: 'token',
      before: { cubes: 50 },
      after: { cubes: 45 },
    });
  });

  it('are refused to moderators and support, in the operator’s language', async () => {
    const user = await registerUser(t);
    for (const who of [moderator, support]) {
      const res = await adminCall(t, zh(who), 'POST', '/admin/credits/grant', {
        body: { user: user.profile.id, cubes: 5 },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ADMIN_FORBIDDEN', msg: ERRORS.ADMIN_FORBIDDEN.zh });
    }
    expect((await balanceOf(t, user.cookie)).cubes).toBe(20);
    expect(await auditOf('credits/grant', user.profile.id)).toEqual([]);
  });
});

describe('the catalogue', () => {
  const update = (who: TestOperator | { headers: Record<string, string> }, body: object) =>
    adminCall(t, who, 'POST', '/admin/catalogue/update', { body }).then((r) => r.json());
  const entry = async (id: string) =>
    ((await adminCall(t, finance, 'GET', '/admin/catalogue/list')).json().data as { id: string }[]).find(
      (p) => p.id === id,
    );

  it('changes prices, names and sale state, auditing only the fields that changed', async () => {
    const was = await entry('cubes-600');
    expect(was).toMatchObject({ priceCny: 9800, priceUsd: 1399, nameZh: '600 魔方', active: true });
    const changed = await update(finance, {
      id: 'cubes-600',
      priceCny: 8800,
      priceUsd: 1399,
      nameZh: '600 魔方（特惠）',
      active: false,
    });
    expect(changed.data).toMatchObject({ priceCny: 8800, priceUsd: 1399, nameZh: '600 魔方（特惠）', active: false });
    expect(await entry('cubes-600')).toMatchObject({ priceCny: 8800, active: false });
    const onSale = (await t.app.inject({ method: 'GET', url: '/turing/billing/products' })).json().data as {
      id: string;
    }[];
    expect(onSale.map((p) => p.id)).not.toContain('cubes-600');

    // Saved again unchanged: recorded as a change of nothing.
    await update(finance, { id: 'cubes-600', priceUsd: 1399 });
    await update(finance, { id: 'cubes-600', priceCny: 9800, nameZh: '600 魔方', active: true });
    expect(await auditOf('catalogue/update', 'cubes-600')).toEqual([
      {
        actor_name: finance.username,
        actor_role: 'finance',
        via: 'session',
        target_type: 'product',
        target_id: 'cubes-600',
        target_label: '600 cubes',
        before: { priceCny: 9800, nameZh: '600 魔方', active: true },
        after: { priceCny: 8800, nameZh: '600 魔方（特惠）', active: false },
      },
      expect.objectContaining({ before: {}, after: {} }),
      expect.objectContaining({
        before: { priceCny: 8800, nameZh: '600 魔方（特惠）', active: false },
        after: { priceCny: 9800, nameZh: '600 魔方', active: true },
      }),
    ]);
  });

  it('refuses bad values with a localised error and changes nothing', async () => {
    const before = await entry('plan-week');
    const cases: [object, string][] = [
      [{ id: 'plan-week', cubes: 100 }, 'CATALOGUE_PLAN_CUBES'],
      [{ id: 'plan-week', priceCny: 0 }, 'VALIDATION'],
      [{ id: 'plan-week', priceUsd: 4.99 }, 'VALIDATION'],
      [{ id: 'plan-week', nameEn: '   ' }, 'VALIDATION'],
      [{ id: 'plan-week', nameZh: 'x'.repeat(81) }, 'VALIDATION'],
      [{ id: 'plan-week', period: 'year' }, 'VALIDATION'],
      [{ id: 'no-such-product', priceCny: 100 }, 'PRODUCT_NOT_FOUND'],
    ];
    for (const [body, code] of cases) {
      const res = await update(zh(finance), body);
      expect(res).toMatchObject({ code, msg: ERRORS[code as keyof typeof ERRORS].zh });
    }
    expect(await entry('plan-week')).toEqual(before);
    expect(await auditOf('catalogue/update', 'plan-week')).toEqual([]);
  });

  it('is read and changed by finance only', async () => {
    for (const who of [moderator, support]) {
      expect((await adminCall(t, who, 'GET', '/admin/catalogue/list')).statusCode).toBe(403);
      expect(await update(who, { id: 'cubes-50', priceCny: 1 })).toMatchObject({ code: 'ADMIN_FORBIDDEN' });
    }
    expect(await entry('cubes-50')).toMatchObject({ priceCny: 990 });
    expect(await auditOf('catalogue/update', 'cubes-50')).toEqual([]);
  });
});
