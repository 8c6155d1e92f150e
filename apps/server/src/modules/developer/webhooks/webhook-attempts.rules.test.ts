import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { webhookDeliveries } from '../../../db/schema/index.ts';
import { seedUser } from '../../../../test-support/test-app.ts';
import { until } from '../../../../test-support/design-helpers.ts';
import { webhookRules } from '../../../../test-support/webhook-rules.ts';
import { createWebhookDelivery, FAILING_DISABLE_MS, RETRY_SCHEDULE_SECONDS } from './webhook-delivery.ts';

// When and how deliveries are attempted: the schedule, the 5-day rule, one attempt's writing, and
// how many run at once.
const fx = webhookRules();
const { clock, answers, mail, later, quiet, answer, makePart, repo, deliveryTo, deliveryRow, endpointRow } = fx;

describe('attempts', () => {
  it('follow the schedule, then fail after the eighth', async () => {
    const hooks = makePart();
    const { user } = await seedUser(fx.t);
    const { endpoint } = await hooks.create(user.id, { url: 'https://down.example/h', events: ['task.completed'] });
    // Every attempt fails without a network: the name now points somewhere refused.
    answers.set('down.example', ['127.0.0.1']);
    const id = await deliveryTo(endpoint.id, user.id);
    const waits: number[] = [];
    for (let n = 1; n <= RETRY_SCHEDULE_SECONDS.length; n += 1) {
      const row = (await hooks.attempt(id))!;
      expect(row.attempts).toBe(n);
      if (row.state === 'pending') waits.push((row.nextAttemptAt!.getTime() - clock.now.getTime()) / 1000);
      else expect(n).toBe(RETRY_SCHEDULE_SECONDS.length);
      clock.advance(11 * 3_600_000);
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
    const { user } = await seedUser(fx.t);
    const { endpoint } = await hooks.create(user.id, { url: 'https://failing.example/h', events: ['task.completed'] });
    answers.set('failing.example', ['10.1.2.3']);
    await repo().update(endpoint.id, { failingSince: new Date(clock.now.getTime() - FAILING_DISABLE_MS + 60_000) });
    const waiting = await deliveryTo(endpoint.id, user.id);
    await repo().updateDelivery(waiting, { nextAttemptAt: new Date(clock.now.getTime() + 3_600_000) });
    const id = await deliveryTo(endpoint.id, user.id);
    await hooks.attempt(id);
    expect((await endpointRow(endpoint.id)).enabled).toBe(true);
    clock.advance(120_000);
    await repo().updateDelivery(id, { nextAttemptAt: clock.now });
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

describe('an attempt', () => {
  it("is written without what PostgreSQL refuses in the receiver's answer, and again without the answer", async () => {
    const { user } = await seedUser(fx.t);
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
      now: () => clock.now,
      concurrency: 4,
      perEndpoint: 2,
      post: async () => answer(500, 'broken'),
      log: quiet,
    });
    const again = await delivery.attempt(await deliveryTo(endpoint.id, user.id));
    expect(settle).toHaveBeenCalledTimes(2);
    expect(again).toMatchObject({ state: 'pending', lastStatus: 500, lastError: 'HTTP 500', responseSnippet: null });
    expect(again!.nextAttemptAt!.getTime()).toBe(clock.now.getTime() + RETRY_SCHEDULE_SECONDS[1] * 1000);
  });

  it('under way is not sent again beside itself, and settles only while it holds its lease', async () => {
    const { user } = await seedUser(fx.t);
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
    await repo().claim(id, clock.now, clock.now, new Date(clock.now.getTime() + 61_000));
    expect(await hooks.redeliver(user.id, id)).toMatchObject({ state: 'pending', attempts: 1 });
    expect(posts).toEqual([]);
    // Its lease runs out; while this attempt posts, the sweep of another process takes the row again.
    clock.advance(120_000);
    took = async () => {
      clock.advance(120_000);
      await repo().claim(id, clock.now, clock.now, new Date(clock.now.getTime() + 61_000));
    };
    expect(await hooks.redeliver(user.id, id)).toMatchObject({ state: 'pending', attempts: 3, lastStatus: null });
    expect(posts).toEqual([2]);
    const row = await deliveryRow(id);
    expect(row).toMatchObject({ state: 'pending', attempts: 3, durationMs: null, responseSnippet: null });
  });

  it("signs the results' addresses when it is made, so a retry hours later has working links", async () => {
    const { user } = await seedUser(fx.t);
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
        new Map(ids.filter((i) => i !== 'gone').map((i) => [i, { url: `/files/${i}?exp=${clock.now.getTime()}` }])),
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
      at: clock.now,
    });
    await hooks.attempt(id!);
    clock.advance(10 * 3_600_000);
    expect(await hooks.attempt(id!)).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(bodies.map((b) => b.data.results)).toEqual([
      [{ id: 'r1', url: `https://td.example/files/r1?exp=${clock.now.getTime() - 36_000_000}`, seed: 7 }],
      [{ id: 'r1', url: `https://td.example/files/r1?exp=${clock.now.getTime()}`, seed: 7 }],
    ]);
  });
});

describe('attempts at once', () => {
  it('are two per endpoint; the sweep leaves out those in hand and runs alone; a stop lets the waiting go', async () => {
    const { user } = await seedUser(fx.t);
    const hooks = makePart();
    const [a, b, c] = await Promise.all(
      ['a', 'b', 'c'].map(
        async (n) =>
          (await hooks.create(user.id, { url: `https://${n}.slow.example/h`, events: ['task.queued'] })).endpoint.id,
      ),
    );
    // The sweep reads every user's deliveries: the earlier tests' leftovers are not this test's.
    await fx.t.database.db
      .update(webhookDeliveries)
      .set({ state: 'failed' })
      .where(eq(webhookDeliveries.state, 'pending'));
    const open: { host: string; done: () => void }[] = [];
    const delivery = createWebhookDelivery({
      repo: repo(),
      vet: async (url) => ({ url: new URL(url), addresses: [{ address: '93.184.215.14', family: 4 }] }),
      timeoutMs: 1000,
      now: () => clock.now,
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
    clock.advance(120_000);
    const toC = await deliveryTo(c!, user.id);
    clock.advance(120_000);
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
