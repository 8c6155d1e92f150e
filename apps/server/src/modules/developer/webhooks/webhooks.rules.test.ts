import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../../db/schema/index.ts';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../../test-support/test-app.ts';
import { FAILING_DISABLE_MS, RETRY_SCHEDULE_SECONDS } from './webhook-delivery.ts';
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
const makePart = () => {
  const part = createWebhooksPart({
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
