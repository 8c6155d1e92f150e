import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, ERRORS, type ApiKey, type ApiKeyCreateBody } from '@turing/contract';
import { apiKeys } from '../../../db/schema/index.ts';
import {
  appHeaders,
  buildTestApp,
  capturingLogger,
  registerUser,
  seedUser,
  type TestApp,
} from '../../../../test-support/test-app.ts';

// The profile page's key routes through the app, on a real database, with the log captured.
const { logger, lines } = capturingLogger('info');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { logger });
});
afterAll(() => t.close());

interface Answer<D = unknown> {
  status: number;
  code?: string;
  msg: string;
  data: D;
}

const list = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/turing/user/api-keys', headers: { ...appHeaders(), cookie } });
  return res.json<Answer<{ items: ApiKey[] }>>();
};
const create = async (cookie: string, body: Partial<ApiKeyCreateBody> | Record<string, unknown>, locale?: 'zh') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/turing/user/api-keys',
    headers: { ...appHeaders(locale), cookie },
    payload: body,
  });
  return Object.assign(res.json<Answer<{ key: ApiKey; token: string }>>(), {
    httpStatus: res.statusCode,
    cacheControl: res.headers['cache-control'],
  });
};
const revoke = async (cookie: string, id: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/turing/user/api-keys/revoke',
    headers: { ...appHeaders(), cookie },
    payload: { id },
  });
  return res.json<Answer>();
};
const authenticate = (token: string) => t.app.services!.apiKeys.authenticate(token, '203.0.113.7');

describe('the API keys of the profile page', () => {
  it('creates a key shown once, lists it without its secret, and revokes it at once', async () => {
    const { cookie, profile } = await registerUser(t);
    const made = await create(cookie, { name: ' Build server ', scopes: ['tasks:write', 'account:read'] });
    expect(made.status).toBe(200);
    expect(made.cacheControl).toBe('no-store');
    const { key, token } = made.data;
    expect(token).toMatch(API_KEY_PATTERN);
    expect(key).toMatchObject({ name: 'Build server', last4: token.slice(-4), expiresAt: null, expired: false });

    const listed = await list(cookie);
    expect(listed.data.items).toEqual([key]);
    expect(JSON.stringify(listed)).not.toContain(token.slice(8));
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(token.slice(8));

    expect(await authenticate(token)).toEqual({
      keyId: key.id,
      userId: profile.id,
      scopes: ['tasks:write', 'account:read'],
    });
    // The use is written after the answer, off the request's path.
    await expect
      .poll(async () => (await list(cookie)).data.items[0])
      .toMatchObject({ lastUsedAt: expect.any(String), lastUsedIp: '203.0.113.7' });

    expect((await revoke(cookie, key.id)).status).toBe(200);
    expect(await authenticate(token)).toBeNull();
    expect((await list(cookie)).data.items).toEqual([]);
    expect((await revoke(cookie, key.id)).code).toBe('API_KEY_NOT_FOUND');
  });

  it('refuses a nameless key or one without scopes in either language, and needs a session, not a key', async () => {
    const { cookie } = await seedUser(t);
    for (const locale of [undefined, 'zh'] as const) {
      const lang = locale ?? 'en';
      const nameless = await create(cookie, { name: '  ', scopes: ['tasks:read'] }, locale);
      expect([nameless.code, nameless.msg]).toEqual(['API_KEY_NAME_REQUIRED', ERRORS.API_KEY_NAME_REQUIRED[lang]]);
      const scopeless = await create(cookie, { name: 'x', scopes: [] }, locale);
      expect([scopeless.code, scopeless.msg]).toEqual([
        'API_KEY_SCOPES_REQUIRED',
        ERRORS.API_KEY_SCOPES_REQUIRED[lang],
      ]);
    }
    expect((await create(cookie, { name: 'x', scopes: ['admin'] })).code).toBe('VALIDATION');
    expect((await create(cookie, { name: 'x', scopes: ['tasks:read'], expiresInDays: 0 })).code).toBe('VALIDATION');
    expect((await list(cookie)).data.items).toEqual([]);

    const { token } = (await create(cookie, { name: 'x', scopes: ['tasks:read'] })).data;
    const withKey = await t.app.inject({
      method: 'GET',
      url: '/turing/user/api-keys',
      headers: { ...appHeaders(), authorization: `Bearer ${token}` },
    });
    // Keys open the public API only: here a key is refused, whether as no session or outright.
    const refused = withKey.json<Answer>();
    expect(refused.data ?? null).toBeNull();
    expect(['API_KEY_NOT_ALLOWED', 'SESSION_EXPIRED']).toContain(refused.code);
  });

  it("lists an expired key as expired, and never opens another user's key or lets them revoke it", async () => {
    const ann = await seedUser(t);
    const bob = await seedUser(t);
    const { key, token } = (await create(ann.cookie, { name: 'short', scopes: ['works:read'], expiresInDays: 1 })).data;
    expect(Date.parse(key.expiresAt!) - Date.parse(key.createdAt)).toBe(86_400_000);
    expect((await revoke(bob.cookie, key.id)).code).toBe('API_KEY_NOT_FOUND');
    expect((await list(bob.cookie)).data.items).toEqual([]);
    expect((await authenticate(token))?.userId).toBe(ann.user.id);

    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, key.id));
    expect((await list(ann.cookie)).data.items).toMatchObject([{ id: key.id, expired: true }]);
    expect(await authenticate(token)).toBeNull();
    expect(await authenticate(token.toLowerCase())).toBeNull();
  });

  it('holds parallel creates to ten keys, and limits how many a user makes in an hour', async () => {
    const { cookie } = await seedUser(t);
    const body = { name: 'parallel', scopes: ['tasks:read'] };
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(cookie, body)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => [a.code, a.msg])).toEqual(
      Array(2).fill(['API_KEY_LIMIT', 'You can have at most 10 API keys; revoke one first']),
    );
    const held = (await list(cookie)).data.items;
    expect(held).toHaveLength(10);

    // Twelve creates so far; eight more are allowed this hour, the twenty-first is not.
    for (const key of held.slice(0, 8)) await revoke(cookie, key.id);
    for (let i = 0; i < 8; i += 1) expect((await create(cookie, body)).status).toBe(200);
    await revoke(cookie, held[8]!.id);
    expect((await create(cookie, body)).httpStatus).toBe(429);
  });
});

describe('a key at the public API', () => {
  const account = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/turing/v1/account', headers: authorization ? { authorization } : {} });

  it('acts as its owner, and answers one 401 for a revoked, expired, malformed, unknown or missing key', async () => {
    const ann = await seedUser(t);
    const bob = await seedUser(t);
    const scopes = ['account:read'];
    const live = (await create(ann.cookie, { name: 'live', scopes })).data;
    const bobs = (await create(bob.cookie, { name: 'bob', scopes })).data;
    const revoked = (await create(ann.cookie, { name: 'revoked', scopes })).data;
    await revoke(ann.cookie, revoked.key.id);
    const expired = (await create(ann.cookie, { name: 'expired', scopes, expiresInDays: 1 })).data;
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expired.key.id));

    const mine = await account(`Bearer ${live.token}`);
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json())).toContain(ann.user.id);
    // Another user's key opens that user's account, never the one it was found next to.
    expect(JSON.stringify((await account(`Bearer ${bobs.token}`)).json())).toContain(bob.user.id);

    const refused = await Promise.all(
      [
        `Bearer ${revoked.token}`,
        `Bearer ${expired.token}`,
        `Bearer ${live.token.slice(0, -1)}${live.token.endsWith('x') ? 'y' : 'x'}`,
        'Bearer td_live_short',
        `Bearer td_live_${'0'.repeat(49)}`,
        `Basic ${live.token}`,
        undefined,
      ].map(account),
    );
    const bodies = refused.map((r) => ({ status: r.statusCode, error: (r.json() as { error: unknown }).error }));
    expect(new Set(bodies.map((b) => JSON.stringify(b)))).toEqual(
      new Set([
        JSON.stringify({ status: 401, error: { code: 'API_KEY_INVALID', message: ERRORS.API_KEY_INVALID.en } }),
      ]),
    );
  });
});

describe('the log', () => {
  it('never holds a key, whether sent in the Authorization header, the query string or the path', async () => {
    const { cookie } = await seedUser(t);
    const { token } = (await create(cookie, { name: 'logged', scopes: ['account:read'] })).data;
    for (const url of [
      '/turing/user/api-keys',
      `/turing/user/api-keys?api_key=${token}`,
      `/turing/v1/account?key=${token}`,
      `/turing/v1/${token}`,
      `/turing/${token}/x`,
    ]) {
      await t.app.inject({ method: 'GET', url, headers: { ...appHeaders(), authorization: `Bearer ${token}` } });
    }
    const requestLines = lines.filter((l) => l.msg === 'request');
    expect(requestLines.length).toBeGreaterThan(5);
    expect(requestLines.map((l) => l.url)).toContain('/turing/v1/td_live_…');
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(token.slice(8, 30));
    expect(logged).not.toContain(token.slice(-20));
  });
});
