import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEVELOPER_LIMITS } from '@turing/contract';
import { webhookDeliveries, webhookEndpoints } from '../../../db/schema/index.ts';
import { appHeaders, registerUser, seedUser } from '../../../../test-support/test-app.ts';
import { balanceOf, submit } from '../../../../test-support/design-helpers.ts';
import { webhookRules } from '../../../../test-support/webhook-rules.ts';

// The endpoints' rules (addresses, per-task endpoints, rotation, the log, what a failed write may
// not undo); the attempts' rules are in webhook-attempts.rules.test.ts.
const fx = webhookRules();
const { clock, answers, makePart, repo, deliveryTo, endpointRow } = fx;

describe('addresses', () => {
  it.each(['http://127.0.0.1/h', 'http://10.0.0.1/h', 'http://169.254.169.254/latest', 'http://[::1]/h'])(
    'a private receiver %s is refused by the route when private ones are not allowed',
    async (url) => {
      const { cookie } = await seedUser(fx.t);
      const res = await fx.t.app.inject({
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
    const { user } = await seedUser(fx.t);
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

describe('per-task endpoints', () => {
  it("sign with the user's first endpoint's secret, else a new one shown once, and are reused", async () => {
    const hooks = makePart();
    const { user } = await seedUser(fx.t);
    const alone = await hooks.forTask(user.id, 'https://receiver.example/task');
    expect(alone.secret).toMatch(/^whsec_/);
    const again = await hooks.forTask(user.id, 'https://receiver.example/task');
    expect(again).toEqual({ endpointId: alone.endpointId, secret: null });

    const other = await seedUser(fx.t);
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
    const { user } = await seedUser(fx.t);
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
    const { user } = await seedUser(fx.t);
    const made = await Promise.all(
      Array.from({ length: 4 }, () => hooks.forTask(user.id, 'https://receiver.example/batch')),
    );
    expect(new Set(made.map((m) => m.endpointId)).size).toBe(1);
    expect(made.filter((m) => m.secret !== null)).toHaveLength(1);
    const max = DEVELOPER_LIMITS.taskWebhooksPerUser;
    await fx.t.database.db.insert(webhookEndpoints).values(
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
    const { user } = await seedUser(fx.t);
    const { endpoint } = await hooks.create(user.id, { url: 'https://old.example/h', events: ['task.queued'] });
    const id = await deliveryTo(endpoint.id, user.id);
    await repo().updateDelivery(id, { state: 'delivered' });
    const kept = async () => (await repo().findDelivery(user.id, id)) !== null;
    await hooks.sweep(new Date(clock.now.getTime() + 29 * 86_400_000));
    expect(await kept()).toBe(true);
    expect(await hooks.sweep(new Date(clock.now.getTime() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await kept()).toBe(false);
  });
});

describe('rotating a secret', () => {
  it('moves the per-task endpoints that copied it along; deleting the endpoint leaves them their copy', async () => {
    const hooks = makePart();
    const { user } = await seedUser(fx.t);
    const own = await hooks.create(user.id, { url: 'https://rotate.example/own', events: ['task.queued'] });
    const perTask = await hooks.forTask(user.id, 'https://rotate.example/task');
    const other = await seedUser(fx.t);
    const alone = await hooks.forTask(other.user.id, 'https://rotate.example/task');
    const rotated = await hooks.rotate(user.id, own.endpoint.id);
    expect(await endpointRow(perTask.endpointId)).toMatchObject({
      secret: rotated.secret,
      previousSecret: own.secret,
      previousSecretUntil: new Date(clock.now.getTime() + 24 * 3_600_000),
    });
    expect((await endpointRow(alone.endpointId)).secret).toBe(alone.secret);
    await hooks.remove(user.id, own.endpoint.id);
    expect((await endpointRow(perTask.endpointId)).secret).toBe(rotated.secret);
  });
});

describe('a webhook that cannot be written', () => {
  it('never undoes the change it reports: the submit and its charge, the cancel and its refund', async () => {
    const { cookie, profile } = await registerUser(fx.t);
    await repo().insert({
      userId: profile.id,
      url: 'https://sink.example/h',
      events: ['task.queued', 'task.cancelled'],
      secret: 'whsec_x',
      createdAt: clock.now,
    });
    const hooks = fx.t.app.services!.webhooks;
    const real = hooks.taskChanged;
    // The deliveries are written, then the statement after them fails (as a foreign key would).
    hooks.taskChanged = async (tx, row, change) => {
      await real(tx, row, change);
      await tx!.execute(sql`select 1 / 0`);
    };
    try {
      const before = (await balanceOf(fx.t, cookie)).cubes;
      const task = (await submit(fx.t, cookie, { mode: 'text', prompt: 'a stair hall' })).json();
      expect(task).toMatchObject({ status: 200, data: { state: 'queued' } });
      const cancelled = await fx.t.app.inject({
        method: 'POST',
        url: '/turing/design/task/cancel',
        headers: { ...appHeaders(), cookie },
        payload: { id: task.data.id },
      });
      expect(cancelled.json().data).toMatchObject({ state: 'cancelled', cost: { refunded: true } });
      expect((await balanceOf(fx.t, cookie)).cubes).toBe(before);
      const written = await fx.t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.taskId, task.data.id));
      expect(written).toEqual([]);
    } finally {
      hooks.taskChanged = real;
    }
  });
});
