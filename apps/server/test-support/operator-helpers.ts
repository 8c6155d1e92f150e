import { ADMIN_TOKEN_HEADER, type OperatorRole } from '@turing/contract';
import { totpCode } from '../src/modules/admin/totp.ts';
import { appHeaders, seedUser, type TestApp } from './test-app.ts';

/** Headers of a call made with the admin token (the CLI). */
export const tokenHeaders = (t: TestApp) => ({ ...appHeaders(), [ADMIN_TOKEN_HEADER]: t.app.services!.adminToken });

export interface TestOperator {
  userId: string;
  username: string;
  cookie: string;
  /** The operator's authenticator secret (when enrolled). */
  secret: string | null;
  recoveryCodes: string[];
  /** The app's headers with this operator's session. */
  headers: Record<string, string>;
}

/**
 * A code of the next 30-second step (accepted: a phone's clock may run a step ahead). The step of
 * enrolment is spent already, and a step is never accepted twice.
 */
export const nextTotp = (secret: string) => totpCode(secret, new Date(Date.now() + 30_000));

/**
 * A signed-in operator with `role`, granted with the admin token. With `enrol` (default) the
 * operator sets up an authenticator through the API, which also passes the second factor for this
 * session, as the console's first visit does.
 */
export async function makeOperator(
  t: TestApp,
  role: OperatorRole,
  opts: { enrol?: boolean } = {},
): Promise<TestOperator> {
  const { user, cookie } = await seedUser(t);
  const granted = await t.app.inject({
    method: 'POST',
    url: '/turing/admin/operators/grant',
    headers: tokenHeaders(t),
    payload: { user: user.id, role },
  });
  if (granted.json().status !== 200) throw new Error(`grant failed: ${granted.body}`);
  const headers = { ...appHeaders(), cookie };
  let secret: string | null = null;
  let recoveryCodes: string[] = [];
  if (opts.enrol ?? true) {
    const enrol = await t.app.inject({ method: 'POST', url: '/turing/admin/totp/enrol', headers });
    if (enrol.json().status !== 200) throw new Error(`enrol failed: ${enrol.body}`);
    secret = enrol.json().data.secret as string;
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/turing/admin/totp/confirm',
      headers,
      payload: { code: totpCode(secret, new Date()) },
    });
    if (confirm.json().status !== 200) throw new Error(`confirm failed: ${confirm.body}`);
    recoveryCodes = confirm.json().data.recoveryCodes;
  }
  return { userId: user.id, username: user.username, cookie, secret, recoveryCodes, headers };
}

/** One admin call as an operator (session) or with the token (`'token'`). */
export function adminCall(
  t: TestApp,
  who: TestOperator | 'token' | { headers: Record<string, string> },
  method: 'GET' | 'POST',
  path: string,
  input?: { body?: unknown; query?: Record<string, string> },
) {
  const headers = who === 'token' ? tokenHeaders(t) : who.headers;
  return t.app.inject({
    method,
    url: `/turing${path}`,
    headers,
    ...(input?.query ? { query: input.query } : {}),
    ...(input?.body !== undefined ? { payload: input.body as object } : {}),
  });
}
