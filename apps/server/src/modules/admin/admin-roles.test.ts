import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, type OperatorRole } from '@turing/contract';
import { makeOperator, type TestOperator } from '../../../test-support/operator-helpers.ts';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';

/**
 * Who may call what, written out from the roles' definitions rather than read from the routes: a
 * route whose declared roles drift from these fails here, and a new route needs a line.
 */
function allowed(path: string): readonly OperatorRole[] {
  const all = OPERATOR_ROLES;
  if (path === '/admin/me' || path.startsWith('/admin/totp/') || path.startsWith('/admin/audit/')) return all;
  if (path.startsWith('/admin/operators/') || path.startsWith('/admin/engines')) return ['owner'];
  // The whole product in one archive: owners only.
  if (path === '/admin/backup') return ['owner'];
  if (path.startsWith('/admin/users/')) return all;
  // A user's orders: finance, and support answering a question about a payment.
  if (path === '/admin/orders/list') return ['owner', 'finance', 'support'];
  if (/^\/admin\/(dashboard|credits\/|codes\/|catalogue\/|orders\/)/.test(path)) return ['owner', 'finance'];
  if (/^\/admin\/(community|content)\//.test(path)) return ['owner', 'moderator'];
  if (path.startsWith('/admin/support/')) return ['owner', 'support'];
  throw new Error(`no rule says who may call ${path}: add one`);
}

let t: TestApp;
const operators = {} as Record<OperatorRole, TestOperator>;
let plainUser: { headers: Record<string, string> };
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of OPERATOR_ROLES) operators[role] = await makeOperator(t, role);
  plainUser = { headers: { ...appHeaders(), cookie: (await seedUser(t)).cookie } };
});
afterAll(() => t.close());

const routes = () =>
  t.app
    .adminRoutes!.map((r) => ({ ...r, path: r.url.replace(/^\/turing/, '') }))
    .sort((a, b) => a.path.localeCompare(b.path));

const call = (headers: Record<string, string>, route: { method: string; url: string }) =>
  t.app.inject({
    method: route.method as 'GET' | 'POST',
    url: route.url,
    headers,
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });

describe('every admin route × every role', () => {
  it('declares the roles the definitions give it', () => {
    expect(routes().length).toBeGreaterThan(30);
    for (const r of routes()) {
      const declared = new Set(['owner', ...r.roles]);
      expect([r.path, [...declared].sort()]).toEqual([r.path, [...allowed(r.path)].sort()]);
    }
  });

  it('answers 403 to a role it does not allow, before reading the input, and lets the others through', async () => {
    const wrong: string[] = [];
    for (const r of routes()) {
      for (const role of OPERATOR_ROLES) {
        const res = await call(operators[role].headers, r);
        const refused = res.statusCode === 403 && res.json().code === 'ADMIN_FORBIDDEN';
        if (refused === allowed(r.path).includes(role))
          wrong.push(`${role} ${r.method} ${r.path}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every change a cross-site page could send: the session cookie without the app header', async () => {
    for (const r of routes().filter((route) => route.mutates)) {
      const res = await t.app.inject({
        method: r.method as 'POST',
        url: r.url,
        headers: { cookie: operators.owner.cookie, 'content-type': 'application/json' },
        payload: {},
      });
      expect([r.path, res.statusCode, res.json().code]).toEqual([r.path, 403, 'APP_HEADER_MISSING']);
    }
  });

  it('refuses a signed-in user who is no operator on every route', async () => {
    for (const r of routes()) {
      const res = await call(plainUser.headers, r);
      expect([r.path, res.statusCode, res.json().code]).toEqual([r.path, 403, 'ADMIN_FORBIDDEN']);
    }
  });
});
