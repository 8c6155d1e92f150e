import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHeaders, buildTestApp, capturingLogger, registerUser, type TestApp } from '../../test-support/test-app.ts';

/** What an operator's log shows of a request: who by account id, never by address or phone. */
const { logger, lines } = capturingLogger('info');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { logger });
});
afterAll(() => t.close());

describe('the request line', () => {
  it('carries the request id and the signed-in user id, and no e-mail address', async () => {
    const email = 'logged-person@example.com';
    const { cookie } = await registerUser(t, { email });
    const user = await t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { ...appHeaders(), cookie } });
    const userId = (user.json() as { data: { id: string } }).data.id;
    expect(userId).toBeTruthy();
    const signedIn = lines.filter((l) => l.msg === 'request' && l.url === '/turing/user/info').at(-1);
    expect(signedIn).toMatchObject({ userId, status: 200, method: 'GET' });
    expect(typeof signedIn!.reqId).toBe('string');

    await t.app.inject({ method: 'GET', url: '/turing/community/banners', headers: appHeaders() });
    const anonymous = lines.filter((l) => l.msg === 'request' && l.url === '/turing/community/banners').at(-1);
    expect(anonymous).toBeDefined();
    expect(anonymous!.userId).toBeUndefined();
    // The dev outbox logs the message it stands in for; the request lines never name the person.
    expect(JSON.stringify(lines.filter((l) => l.msg === 'request'))).not.toContain(email);
  });
});
