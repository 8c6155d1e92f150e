import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v1Routes, type Task } from '@turing/contract';
import { buildGenerationApp, finished, photo, until } from '../../../../test-support/design-helpers.ts';
import { makeKey, v1, v1Upload } from '../../../../test-support/api-helpers.ts';
import { appHeaders, seedUser } from '../../../../test-support/test-app.ts';

type App = Awaited<ReturnType<typeof buildGenerationApp>>;
let t: App;
let ann: Awaited<ReturnType<typeof seedUser>>;
let bob: Awaited<ReturnType<typeof seedUser>>;
let annKey: string;
let bobKey: string;

beforeAll(async () => {
  t = await buildGenerationApp({ API_RATE_LIMIT: '1000' });
  [ann, bob] = [await seedUser(t), await seedUser(t)];
  [annKey, bobKey] = [await makeKey(t, ann.user.id), await makeKey(t, bob.user.id)];
});
afterAll(() => t.close());

const cubesOf = async (key: string) => (await v1(t, key, 'GET', '/account')).json().cubes as number;
const textTask = (prompt: string) => ({ mode: 'text', prompt, count: 1 });

describe('keys on the public API', () => {
  it('refuses every key that opens nothing with one answer, and keys outside /v1, cookies inside it', async () => {
    const revoked = await makeKey(t, ann.user.id);
    const revokedId = (await t.app.services!.apiKeys.list(ann.user.id))[0]!.id;
    await t.app.services!.apiKeys.revoke(ann.user.id, revokedId);
    const expired = await makeKey(t, ann.user.id);
    await t.database.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where expires_at is null and revoked_at is null and user_id = ${ann.user.id} and created_at = (select max(created_at) from api_keys where user_id = ${ann.user.id})`,
    );
    const tampered = `${annKey.slice(0, -1)}${annKey.endsWith('a') ? 'b' : 'a'}`;
    const answers = await Promise.all(
      [null, 'td_live_short', tampered, revoked, expired, 'Basic abc'].map((key) => v1(t, key, 'GET', '/account')),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        error: { code: 'API_KEY_INVALID', message: expect.any(String) },
        requestId: expect.any(String),
      });
    }
    expect(new Set(answers.map((r) => r.json().error.message)).size).toBe(1);
    // A suspended user's keys open nothing either, and work again when the suspension is lifted.
    await t.database.db.execute(sql`update users set suspended_at = now() where id = ${bob.user.id}`);
    expect((await v1(t, bobKey, 'GET', '/account')).json().error.code).toBe('API_KEY_INVALID');
    await t.database.db.execute(sql`update users set suspended_at = null where id = ${bob.user.id}`);
    expect((await v1(t, bobKey, 'GET', '/account')).statusCode).toBe(200);
    // A cookie means nothing on /v1; a key means nothing (refused) on the studio's routes.
    const cookieOnly = await t.app.inject({
      method: 'GET',
      url: '/turing/v1/account',
      headers: { cookie: ann.cookie },
    });
    expect(cookieOnly.statusCode).toBe(401);
    const keyOnStudio = await t.app.inject({
      method: 'GET',
      url: '/turing/user/api-keys',
      headers: { authorization: `Bearer ${annKey}`, cookie: ann.cookie },
    });
    expect(keyOnStudio.json()).toMatchObject({ code: 'API_KEY_NOT_ALLOWED' });
    // No CORS: a page on another site cannot read an answer.
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/turing/v1/tasks',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('needs the scope of the route, and says which', async () => {
    const readOnly = await makeKey(t, ann.user.id, ['tasks:read']);
    const res = await v1(t, readOnly, 'POST', '/tasks', { body: textTask('a hall'), idempotencyKey: 'scope-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'API_KEY_SCOPE', message: expect.stringContaining('tasks:write') });
    expect((await v1(t, readOnly, 'GET', '/account')).json().error.code).toBe('API_KEY_SCOPE');
    expect((await v1(t, readOnly, 'GET', '/models')).statusCode).toBe(200);
    expect((await v1(t, readOnly, 'GET', '/works')).json().error.code).toBe('API_KEY_SCOPE');
    expect((await v1(t, annKey, 'GET', '/works')).json()).toEqual({ items: [], nextCursor: null });
  });
});

describe('tasks through the public API', () => {
  it('charges once per Idempotency-Key, refuses its reuse, and keeps keys per user', async () => {
    const before = await cubesOf(annKey);
    const body = textTask('a timber pavilion');
    const first = await v1(t, annKey, 'POST', '/tasks', { body, idempotencyKey: 'render-1' });
    expect(first.statusCode).toBe(202);
    expect(first.headers['ratelimit-limit']).toBe('1000');
    expect(first.headers['ratelimit-remaining']).toBeDefined();
    const again = await v1(t, annKey, 'POST', '/tasks', { body, idempotencyKey: 'render-1' });
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const other = await v1(t, annKey, 'POST', '/tasks', {
      body: textTask('a brick villa'),
      idempotencyKey: 'render-1',
    });
    expect([other.statusCode, other.json().error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const none = await v1(t, annKey, 'POST', '/tasks', { body });
    expect([none.statusCode, none.json().error.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    expect((await v1(t, annKey, 'POST', '/tasks', { body, idempotencyKey: 'bad key' })).json().error.code).toBe(
      'IDEMPOTENCY_KEY_INVALID',
    );
    // Another user's request under the same key is a request of its own.
    const bobs = await v1(t, bobKey, 'POST', '/tasks', { body, idempotencyKey: 'render-1' });
    expect(bobs.statusCode).toBe(202);
    expect(bobs.json().id).not.toBe(first.json().id);
    const cost = first.json().cost.cubes as number;
    expect(await cubesOf(annKey)).toBe(before - cost);
    // While the first answer is still being made, a retry waits (409).
    await t.database.db.execute(
      sql`insert into idempotency_keys (user_id, key, fingerprint, state, expires_at) values (${ann.user.id}, 'busy', 'x', 'in_flight', now() + interval '1 day')`,
    );
    await t.database.db.execute(
      sql`update idempotency_keys set fingerprint = (select fingerprint from idempotency_keys where user_id = ${ann.user.id} and key = 'render-1') where key = 'busy'`,
    );
    const busy = await v1(t, annKey, 'POST', '/tasks', { body, idempotencyKey: 'busy' });
    expect([busy.statusCode, busy.json().error.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_FLIGHT']);
  });

  it('renders from an uploaded base, follows the task by its events, and lists and reads it', async () => {
    const base = await v1Upload(t, annKey, await photo());
    const made = await v1(t, annKey, 'POST', '/tasks', {
      body: { mode: 'iterate', baseImageId: base, prompt: 'warm light', count: 2 },
      idempotencyKey: 'iterate-1',
    });
    expect(made.statusCode, made.body).toBe(202);
    const id = made.json().id as string;
    const events = await t.app.inject({
      method: 'GET',
      url: `/turing/v1/tasks/${id}/events`,
      headers: { authorization: `Bearer ${annKey}` },
    });
    expect(events.headers['content-type']).toContain('text/event-stream');
    const states = [...events.body.matchAll(/^data: (.*)$/gm)].map((m) => (JSON.parse(m[1]!) as Task).state);
    expect(states.at(-1)).toBe('complete');
    const done = (await v1(t, annKey, 'GET', `/tasks/${id}`)).json() as Task;
    expect(done.results).toHaveLength(2);
    expect(done.results.every((r) => typeof r.seed === 'number' && r.url.length > 0)).toBe(true);
    const listed = (await v1(t, annKey, 'GET', '/tasks?state=complete&limit=1')).json();
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0].state).toBe('complete');
    // Bob sees none of Ann's tasks, by id or through her cursor.
    expect((await v1(t, bobKey, 'GET', `/tasks/${id}`)).json().error.code).toBe('TASK_NOT_FOUND');
    const bobsPage = (await v1(t, bobKey, 'GET', `/tasks?cursor=${encodeURIComponent(listed.nextCursor)}`)).json();
    expect(bobsPage.items.every((task: Task) => task.id !== id)).toBe(true);
    const cancelled = await v1(t, annKey, 'POST', `/tasks/${id}/cancel`);
    expect([cancelled.statusCode, cancelled.json().state]).toEqual([200, 'complete']);
    await until(
      async () => (await v1(t, annKey, 'GET', '/account')).json().activeTasks as number,
      (n) => n === 0,
    );
  });

  it("checks a task's own webhook before charging, and keeps no endpoint for a refused task", async () => {
    const tasksOnly = await makeKey(t, ann.user.id, ['tasks:write', 'tasks:read']);
    const body = { ...textTask('a roof garden'), webhook: { url: 'https://93.184.216.34/hooks/turing' } };
    const scoped = await v1(t, tasksOnly, 'POST', '/tasks', { body, idempotencyKey: 'hook-1' });
    expect([scoped.statusCode, scoped.json().error.code]).toEqual([403, 'API_KEY_SCOPE']);
    const local = await v1(t, annKey, 'POST', '/tasks', {
      body: { ...body, webhook: { url: 'https://127.0.0.1/hook' } },
      idempotencyKey: 'hook-2',
    });
    expect(local.json().error.code).toBe('WEBHOOK_URL_FORBIDDEN');
    const broke = await seedUser(t);
    const brokeKey = await makeKey(t, broke.user.id);
    await t.database.db.execute(sql`insert into accounts (user_id, cubes) values (${broke.user.id}, 0)
      on conflict (user_id) do update set cubes = 0`);
    const refused = await v1(t, brokeKey, 'POST', '/tasks', { body, idempotencyKey: 'hook-3' });
    expect(refused.json().error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await t.app.services!.webhooks.list(broke.user.id)).toEqual([]);
    const counted = await t.database.db.execute(
      sql`select count(*)::int as n from webhook_endpoints where user_id = ${broke.user.id}`,
    );
    expect((counted as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('refuses a 300 KB body, a 10,000-item query and bad input without changing anything', async () => {
    const before = await cubesOf(annKey);
    const big = await v1(t, annKey, 'POST', '/tasks', {
      body: { ...textTask('x'), prompt: 'x'.repeat(300_000) },
      idempotencyKey: 'big',
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const many = await v1(t, annKey, 'GET', `/tasks?${Array.from({ length: 10_000 }, () => 'state=queued').join('&')}`);
    expect(many.statusCode).toBeGreaterThanOrEqual(400);
    expect(many.statusCode).toBeLessThan(500);
    const bad = await v1(t, annKey, 'POST', '/tasks', { body: { mode: 'text' }, idempotencyKey: 'bad-1' });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'PROMPT_REQUIRED']);
    const zh = await v1(t, annKey, 'GET', '/tasks/not-a-uuid', { headers: { 'accept-language': 'zh' } });
    expect(zh.json().error.message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await v1(t, annKey, 'GET', '/nothing-here')).json().error.code).toBe('NOT_FOUND');
    expect(await cubesOf(annKey)).toBe(before);
  });
});

describe('the API document', () => {
  it('describes every /v1 route as OpenAPI 3.1, without a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/turing/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const def of Object.values(v1Routes)) {
      const path = def.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[def.method.toLowerCase()], `${def.method} ${path}`).toBeDefined();
    }
    const create = doc.paths['/tasks'].post;
    expect(create.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', required: true }));
    expect(create.requestBody.content['application/json'].schema.properties.prompt).toBeDefined();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    // The web app's own routes are not part of it.
    expect(Object.keys(doc.paths).some((p) => p.includes('design'))).toBe(false);
  });
});

describe('rate limits per key', () => {
  it('answers 429 with Retry-After and RateLimit headers once a key spends its minute', async () => {
    const small = await buildGenerationApp({ API_RATE_LIMIT: '3' });
    try {
      const user = await seedUser(small);
      const [k1, k2] = [await makeKey(small, user.user.id), await makeKey(small, user.user.id)];
      // One count per key, whichever routes it calls.
      const codes = [];
      for (const path of ['/models', '/account', '/tasks', '/models'])
        codes.push((await v1(small, k1, 'GET', path)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const limited = await v1(small, k1, 'GET', '/account');
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['ratelimit-remaining']).toBe('0');
      // Keys that open nothing are limited per address before they cost a lookup.
      const refused = [];
      for (let i = 0; i < 31; i += 1) refused.push((await v1(small, 'td_live_guess', 'GET', '/models')).statusCode);
      expect(refused.slice(0, 30).every((c) => c === 401)).toBe(true);
      expect(refused.at(-1)).toBe(429);
      // Each key has its own minute; the studio's routes are not counted.
      expect((await v1(small, k2, 'GET', '/models')).statusCode).toBe(200);
      const studio = await small.app.inject({
        method: 'GET',
        url: '/turing/design/balance',
        headers: { ...appHeaders(), cookie: user.cookie },
      });
      expect(studio.statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});
void finished;
