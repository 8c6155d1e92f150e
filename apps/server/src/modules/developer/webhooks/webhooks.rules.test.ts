import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEVELOPER_LIMITS } from '@turing/contract';
import { webhookDeliveries, webhookEndpoints } from '../../../db/schema/index.ts';
import { appHeaders, buildTestApp, registerUser, seedUser, type TestApp } from '../../../../test-support/test-app.ts';
import { balanceOf, submit, until } from '../../../../test-support/design-helpers.ts';
import type { AttemptOutcome, postWebhook } from './deliver-client.ts';
import { createWebhookDelivery, FAILING_DISABLE_MS, RETRY_SCHEDULE_SECONDS } from './webhook-delivery.ts';
import { createWebhooksPart } from './webhooks.part.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';
import type { ResolvedAddress } from './url-guard.ts';

// The rules on a real database with a clock and a resolver of the test's own, and no network:
// every address a name resolves to here is either refused or never reached.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let clock = new Date('2026-11-27T10:00:00Z');
const answers = new Map<string, string[]>();
const resolve = async (host: string): Promise<ResolvedAddress[]> =>
  (answers.get(host) ?? ['93.184.215.14']).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const mail = vi.fn(async (_m: { to: string; subject: string; text: string }) => true);
const later = vi.fn(async (_id: string, _seconds: number) => {});
type Post = typeof postWebhook;
const answer = (status: number, snippet: string | null = null): AttemptOutcome => ({
  status,
  error: null,
  durationMs: 3,
  snippet,
  retryAfterSeconds: null,
});
const quiet = { warn: () => {}, error: () => {} };
const makePart = (post?: Post) => {
  const part = createWebhooksPart({
    post,
    database: t.database,
    config: {
      production: false,
      WEBHOOK_ALLOW_PRIVATE: false,
      WEBHOOK_TIMEOUT_MS: 1000,
      publicUrl: 'https://td.example',
    },
    log: { warn: () => {}, error: () => {} } as never,
    now: () => clock,
    resolve,
  });
  part.webhooks.connect({ later, mail, emailOf: async () => 'owner@example.com' });
  return part.webhooks;
};
const repo = () => createWebhooksRepository(t.database.db);
/** A delivery of a made-up message to `endpointId`, due now. */
const deliveryTo = async (endpointId: string, userId: string) => {
  const [id] = await repo().insertDeliveries({
    endpointIds: [endpointId],
    userId,
    messageId: `msg_${Math.random().toString(36).slice(2)}`,
    event: 'task.completed',
    taskId: null,
    payload: { type: 'task.completed' },
    at: clock,
  });
  return id!;
};
const deliveryRow = async (id: string) =>
  (await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
const endpointRow = async (id: string) =>
  (await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;

describe('addresses', () => {
  it.each(['http://127.0.0.1/h', 'http://10.0.0.1/h', 'http://169.254.169.254/latest', 'http://[::1]/h'])(
    'a private receiver %s is refused by the route when private ones are not allowed',
    async (url) => {
      const { cookie } = await seedUser(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/turing/user/webhooks',
        headers: { ...appHeaders(), cookie },
        payload: { url, events: ['task.completed'] },
      });
      expect(res.json()).toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
    },
  );

  it('is checked again at delivery: a name that now resolves to a private address is not called', async () => {
    const hooks = makePart();
    const { user } = await seedUser(t);
    answers.set('rebind.attacker.test', ['93.184.215.14']);
    const { endpoint } = await hooks.create(user.id, {
      url: 'https://rebind.attacker.test/h',
      events: ['task.completed'],
    });
    answers.set('rebind.attacker.test', ['127.0.0.1']);
    const row = await hooks.attempt(await deliveryTo(endpoint.id, user.id));
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastStatus: null, lastError: 'address refused' });
  });
});

describe('attempts', () => {
  it('follow the schedule, then fail after the eighth', async () => {
    const hooks = makePart();
    const { user } = await seedUser(t);
    const { endpoint } = await hooks.create(user.id, { url: 'https://down.example/h', events: ['task.completed'] });
    // Every attempt fails without a network: the name now points somewhere refused.
    answers.set('down.example', ['127.0.0.1']);
    const id = await deliveryTo(endpoint.id, user.id);
    const waits: number[] = [];
    for (let n = 1; n <= RETRY_SCHEDULE_SECONDS.length; n += 1) {
      const row = (await hooks.attempt(id))!;
      expect(row.attempts).toBe(n);
      if (row.state === 'pending') waits.push((row.nextAttemptAt!.getTime() - clock.getTime()) / 1000);
      else expect(n).toBe(RETRY_SCHEDULE_SECONDS.length);
      clock = new Date(clock.getTime() + 11 * 3_600_000);
      // Re-enabled each round: this test is about the schedule, not the 5-day rule.
      await repo().update(endpoint.id, { failingSince: null });
    }
    expect(waits).toEqual(RETRY_SCHEDULE_SECONDS.slice(1));
    expect(later.mock.calls.filter(([d]) => d === id).map(([, s]) => s)).toEqual(RETRY_SCHEDULE_SECONDS.slice(1));
    expect((await deliveryRow(id)).state).toBe('failed');
    // Not due: another attempt is not made (a late job, a second process).
    expect(await hooks.attempt(id)).toBeNull();
  });

  it('switch an endpoint failing for 5 days off, fail what it still had to send and tell its owner', async () => {
    const hooks = makePart();
    const { user } = await seedUser(t);
    const { endpoint } = await hooks.create(user.id, { url: 'https://failing.example/h', events: ['task.completed'] });
    answers.set('failing.example', ['10.1.2.3']);
    await repo().update(endpoint.id, { failingSince: new Date(clock.getTime() - FAILING_DISABLE_MS + 60_000) });
    const waiting = await deliveryTo(endpoint.id, user.id);
    await repo().updateDelivery(waiting, { nextAttemptAt: new Date(clock.getTime() + 3_600_000) });
    const id = await deliveryTo(endpoint.id, user.id);
    await hooks.attempt(id);
    expect((await endpointRow(endpoint.id)).enabled).toBe(true);
    clock = new Date(clock.getTime() + 120_000);
    await repo().updateDelivery(id, { nextAttemptAt: clock });
    mail.mockClear();
    await hooks.attempt(id);
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect((await deliveryRow(waiting)).state).toBe('failed');
    expect(mail).toHaveBeenCalledTimes(1);
    expect(mail.mock.calls[0]![0]).toMatchObject({ to: 'owner@example.com' });
    expect(mail.mock.calls[0]![0].text).toContain('https://failing.example/h');
    const [listed] = await hooks.list(user.id);
    expect(listed).toMatchObject({ enabled: false, disabledReason: 'failing' });
    // Switched on by its owner: the failing time starts again.
    await hooks.update(user.id, { id: endpoint.id, enabled: true });
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });
});

describe('per-task endpoints', () => {
  it("sign with the user's first endpoint's secret, else a new one shown once, and are reused", async () => {
    const hooks = makePart();
    const { user } = await seedUser(t);
    const alone = await hooks.forTask(user.id, 'https://receiver.example/task');
    expect(alone.secret).toMatch(/^whsec_/);
    const again = await hooks.forTask(user.id, 'https://receiver.example/task');
    expect(again).toEqual({ endpointId: alone.endpointId, secret: null });

    const other = await seedUser(t);
    const own = await hooks.create(other.user.id, { url: 'https://receiver.example/own', events: ['task.queued'] });
    const made = await hooks.forTask(other.user.id, 'https://receiver.example/task');
    expect(made.secret).toBeNull();
    expect((await endpointRow(made.endpointId)).secret).toBe(own.secret);
    expect((await endpointRow(made.endpointId)).perTask).toBe(true);
    await expect(hooks.forTask(other.user.id, 'https://10.0.0.1/h')).rejects.toMatchObject({
      code: 'WEBHOOK_URL_FORBIDDEN',
    });
  });

  it("are not counted in the user's limit", async () => {
    const hooks = makePart();
    const { user } = await seedUser(t);
    for (let i = 0; i < 3; i += 1) await hooks.forTask(user.id, `https://receiver.example/t${i}`);
    for (let i = 0; i < 10; i += 1)
      await hooks.create(user.id, { url: `https://r.example/${i}`, events: ['task.queued'] });
    await expect(hooks.create(user.id, { url: 'https://r.example/x', events: ['task.queued'] })).rejects.toMatchObject({
      code: 'WEBHOOK_LIMIT',
    });
    await expect(hooks.remove(user.id, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'WEBHOOK_NOT_FOUND',
    });
  });

  it('are shared by parallel first tasks naming one address, and bounded per user', async () => {
    const hooks = makePart();
    const { user } = await seedUser(t);
    const made = await Promise.all(
      Array.from({ length: 4 }, () => hooks.forTask(user.id, 'https://receiver.example/batch')),
    );
    expect(new Set(made.map((m) => m.endpointId)).size).toBe(1);
    expect(made.filter((m) => m.secret !== null)).toHaveLength(1);
    const max = DEVELOPER_LIMITS.taskWebhooksPerUser;
    await t.database.db.insert(webhookEndpoints).values(
      Array.from({ length: max - 1 }, (_, i) => ({
        userId: user.id,
        url: `https://receiver.example/t/${i}`,
        events: ['task.completed' as const],
        secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=',
        perTask: true,
      })),
    );
    await expect(hooks.forTask(user.id, 'https://receiver.example/one-more')).rejects.toMatchObject({
      code: 'WEBHOOK_LIMIT',
    });
    // An address already made for a task is still taken.
    expect((await hooks.forTask(user.id, 'https://receiver.example/t/3')).secret).toBeNull();
  });
});

describe('the delivery log', () => {
  it('keeps 30 days', async () => {
    const hooks = makePart();
    const { user } = await seedUser(t);
    const { endpoint } = await hooks.create(user.id, { url: 'https://old.example/h', events: ['task.queued'] });
    const id = await deliveryTo(endpoint.id, user.id);
    await repo().updateDelivery(id, { state: 'delivered' });
    const kept = async () => (await repo().findDelivery(user.id, id)) !== null;
    await hooks.sweep(new Date(clock.getTime() + 29 * 86_400_000));
    expect(await kept()).toBe(true);
    expect(await hooks.sweep(new Date(clock.getTime() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await kept()).toBe(false);
  });
});

describe('an attempt', () => {
  it("is written without what PostgreSQL refuses in the receiver's answer, and again without the answer", async () => {
    const { user } = await seedUser(t);
    const { endpoint } = await makePart().create(user.id, { url: 'https://nul.example/h', events: ['task.queued'] });
    const hooks = makePart(async () => answer(200, `ok\u0000 ${'\uD83D'}`));
    const id = await deliveryTo(endpoint.id, user.id);
    expect(await hooks.attempt(id)).toMatchObject({ state: 'delivered', responseSnippet: 'ok ', lastStatus: 200 });
    // A write the row refuses all the same: written again, without the answer's text.
    const real = repo();
    const settle = vi.fn(real.settle).mockRejectedValueOnce(new Error('invalid byte sequence'));
    const delivery = createWebhookDelivery({
      repo: { ...real, settle },
      vet: async (url) => ({ url: new URL(url), addresses: [{ address: '93.184.215.14', family: 4 }] }),
      timeoutMs: 1000,
      now: () => clock,
      concurrency: 4,
      perEndpoint: 2,
      post: async () => answer(500, 'broken'),
      log: quiet,
    });
    const again = await delivery.attempt(await deliveryTo(endpoint.id, user.id));
    expect(settle).toHaveBeenCalledTimes(2);
    expect(again).toMatchObject({ state: 'pending', lastStatus: 500, lastError: 'HTTP 500', responseSnippet: null });
    expect(again!.nextAttemptAt!.getTime()).toBe(clock.getTime() + RETRY_SCHEDULE_SECONDS[1] * 1000);
  });

  it('under way is not sent again beside itself, and settles only while it holds its lease', async () => {
    const { user } = await seedUser(t);
    const { endpoint } = await makePart().create(user.id, { url: 'https://lease.example/h', events: ['task.queued'] });
    const id = await deliveryTo(endpoint.id, user.id);
    let took: (() => Promise<unknown>) | null = null;
    const posts: number[] = [];
    const hooks = makePart(async () => {
      posts.push((await deliveryRow(id)).attempts);
      await took?.();
      return answer(200, 'ok');
    });
    // Another process's attempt holds the delivery: "send again" neither reopens it nor sends it.
    await repo().claim(id, clock, clock, new Date(clock.getTime() + 61_000));
    expect(await hooks.redeliver(user.id, id)).toMatchObject({ state: 'pending', attempts: 1 });
    expect(posts).toEqual([]);
    // Its lease runs out; while this attempt posts, the sweep of another process takes the row again.
    clock = new Date(clock.getTime() + 120_000);
    took = async () => {
      clock = new Date(clock.getTime() + 120_000);
      await repo().claim(id, clock, clock, new Date(clock.getTime() + 61_000));
    };
    expect(await hooks.redeliver(user.id, id)).toMatchObject({ state: 'pending', attempts: 3, lastStatus: null });
    expect(posts).toEqual([2]);
    const row = await deliveryRow(id);
    expect(row).toMatchObject({ state: 'pending', attempts: 3, durationMs: null, responseSnippet: null });
  });

  it("signs the results' addresses when it is made, so a retry hours later has working links", async () => {
    const { user } = await seedUser(t);
    const { endpoint } = await makePart().create(user.id, {
      url: 'https://urls.example/h',
      events: ['task.completed'],
    });
    const bodies: { data: { results: { id: string; url: string; seed: number }[] } }[] = [];
    const hooks = makePart(async (input) => {
      bodies.push(JSON.parse(input.body) as (typeof bodies)[number]);
      return answer(bodies.length === 1 ? 503 : 200);
    });
    hooks.connect({
      later,
      resultUrls: async (_userId, ids) =>
        new Map(ids.filter((i) => i !== 'gone').map((i) => [i, { url: `/files/${i}?exp=${clock.getTime()}` }])),
    });
    const [id] = await repo().insertDeliveries({
      endpointIds: [endpoint.id],
      userId: user.id,
      messageId: `msg_${Math.random().toString(36).slice(2)}`,
      event: 'task.completed',
      taskId: null,
      payload: {
        type: 'task.completed',
        data: {
          results: [
            { id: 'r1', seed: 7 },
            { id: 'gone', seed: 8 },
          ],
        },
      },
      at: clock,
    });
    await hooks.attempt(id!);
    clock = new Date(clock.getTime() + 10 * 3_600_000);
    expect(await hooks.attempt(id!)).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(bodies.map((b) => b.data.results)).toEqual([
      [{ id: 'r1', url: `https://td.example/files/r1?exp=${clock.getTime() - 36_000_000}`, seed: 7 }],
      [{ id: 'r1', url: `https://td.example/files/r1?exp=${clock.getTime()}`, seed: 7 }],
    ]);
  });
});

describe('attempts at once', () => {
  it('are two per endpoint; the sweep leaves out those in hand and runs alone; a stop lets the waiting go', async () => {
    const { user } = await seedUser(t);
    const hooks = makePart();
    const [a, b, c] = await Promise.all(
      ['a', 'b', 'c'].map(
        async (n) =>
          (await hooks.create(user.id, { url: `https://${n}.slow.example/h`, events: ['task.queued'] })).endpoint.id,
      ),
    );
    // The sweep reads every user's deliveries: the earlier tests' leftovers are not this test's.
    await t.database.db
      .update(webhookDeliveries)
      .set({ state: 'failed' })
      .where(eq(webhookDeliveries.state, 'pending'));
    const open: { host: string; done: () => void }[] = [];
    const delivery = createWebhookDelivery({
      repo: repo(),
      vet: async (url) => ({ url: new URL(url), addresses: [{ address: '93.184.215.14', family: 4 }] }),
      timeoutMs: 1000,
      now: () => clock,
      concurrency: 8,
      perEndpoint: 2,
      post: (input) =>
        new Promise((resolve) => open.push({ host: input.url.hostname, done: () => resolve(answer(204)) })),
      log: quiet,
    });
    const toA = [];
    for (let i = 0; i < 4; i += 1) toA.push(await deliveryTo(a!, user.id));
    const toB = await deliveryTo(b!, user.id);
    const runs = [...toA, toB].map((id) => delivery.attempt(id));
    // The same delivery asked for again (its job, a notification) is the attempt in hand.
    expect(delivery.attempt(toA[0]!)).toBe(runs[0]);
    await until(
      async () => open.length,
      (n) => n === 3,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(open.map((o) => o.host).sort()).toEqual(['a.slow.example', 'a.slow.example', 'b.slow.example']);
    // Overdue by the clock, every one of them is in hand here: only the new one is swept, by one sweep.
    clock = new Date(clock.getTime() + 120_000);
    const toC = await deliveryTo(c!, user.id);
    clock = new Date(clock.getTime() + 120_000);
    expect(await Promise.all([delivery.sweepOverdue(), delivery.sweepOverdue()])).toEqual([1, 0]);
    await until(
      async () => open.length,
      (n) => n === 4,
    );
    const stopped = delivery.stop();
    for (const o of open.splice(0)) o.done();
    await stopped;
    expect(await Promise.all(runs)).toHaveLength(5);
    const rows = await Promise.all([...toA, toB, toC].map(deliveryRow));
    expect(rows.map((r) => [r.state, r.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
      ['pending', 0],
      ['pending', 0],
      ['delivered', 1],
      ['delivered', 1],
    ]);
    expect(await delivery.attempt(toA[2]!)).toBeNull();
  });
});

describe('rotating a secret', () => {
  it('moves the per-task endpoints that copied it along; deleting the endpoint leaves them their copy', async () => {
    const hooks = makePart();
    const { user } = await seedUser(t);
    const own = await hooks.create(user.id, { url: 'https://rotate.example/own', events: ['task.queued'] });
    const perTask = await hooks.forTask(user.id, 'https://rotate.example/task');
    const other = await seedUser(t);
    const alone = await hooks.forTask(other.user.id, 'https://rotate.example/task');
    const rotated = await hooks.rotate(user.id, own.endpoint.id);
    expect(await endpointRow(perTask.endpointId)).toMatchObject({
      secret: rotated.secret,
      previousSecret: own.secret,
      previousSecretUntil: new Date(clock.getTime() + 24 * 3_600_000),
    });
    expect((await endpointRow(alone.endpointId)).secret).toBe(alone.secret);
    await hooks.remove(user.id, own.endpoint.id);
    expect((await endpointRow(perTask.endpointId)).secret).toBe(rotated.secret);
  });
});

describe('a webhook that cannot be written', () => {
  it('never undoes the change it reports: the submit and its charge, the cancel and its refund', async () => {
    const { cookie, profile } = await registerUser(t);
    await repo().insert({
      userId: profile.id,
      url: 'https://sink.example/h',
      events: ['task.queued', 'task.cancelled'],
      secret: 'whsec_x',
      createdAt: clock,
    });
    const hooks = t.app.services!.webhooks;
    const real = hooks.taskChanged;
    // The deliveries are written, then the statement after them fails (as a foreign key would).
    hooks.taskChanged = async (tx, row, change) => {
      await real(tx, row, change);
      await tx!.execute(sql`select 1 / 0`);
    };
    try {
      const before = (await balanceOf(t, cookie)).cubes;
      const task = (await submit(t, cookie, { mode: 'text', prompt: 'a stair hall' })).json();
      expect(task).toMatchObject({ status: 200, data: { state: 'queued' } });
      const cancelled = await t.app.inject({
        method: 'POST',
        url: '/turing/design/task/cancel',
        headers: { ...appHeaders(), cookie },
        payload: { id: task.data.id },
      });
      expect(cancelled.json().data).toMatchObject({ state: 'cancelled', cost: { refunded: true } });
      expect((await balanceOf(t, cookie)).cubes).toBe(before);
      const written = await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.taskId, task.data.id));
      expect(written).toEqual([]);
    } finally {
      hooks.taskChanged = real;
    }
  });
});
