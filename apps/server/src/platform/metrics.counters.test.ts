import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerUser, type TestApp } from '../../test-support/test-app.ts';
import { buildGenerationApp, finished, getTask, submit, until } from '../../test-support/design-helpers.ts';
import { cancelTask, confirm, createOrder, refundOrder } from '../../test-support/billing-helpers.ts';
import { metricValue } from '../../test-support/metrics-helpers.ts';
import { CRASH_WIDTH, crashingWorkerUrl } from '../../test-support/upscaler/crash.ts';
import { createUpscaler } from '../generation/upscaler/upscaler.ts';
import type { Metrics } from './metrics.ts';

const TASK_COUNTERS = [
  'turing_tasks_submitted_total',
  'turing_tasks_completed_total',
  'turing_tasks_failed_total',
  'turing_tasks_cancelled_total',
  'turing_tasks_refunded_total',
  'turing_tasks_retried_total',
  'turing_task_duration_seconds_count',
  'turing_task_queue_wait_seconds_count',
];

/** Every task counter, summed over its labels. */
const counters = async (metrics: Metrics) =>
  Object.fromEntries(await Promise.all(TASK_COUNTERS.map(async (name) => [name, await metricValue(metrics, name)])));

/** What moved between two readings of `counters` (the families that did not move are left out). */
async function movedBy(metrics: Metrics, work: () => Promise<void>) {
  const before = await counters(metrics);
  await work();
  const after = await counters(metrics);
  return Object.fromEntries(
    TASK_COUNTERS.filter((name) => after[name] !== before[name]).map((name) => [name, after[name] - before[name]]),
  );
}

const PREVIEW_TEXT = { engine: 'preview', mode: 'text' };

describe('task counters, with workers', () => {
  let t: Awaited<ReturnType<typeof buildGenerationApp>>;
  beforeAll(async () => {
    t = await buildGenerationApp();
  });
  afterAll(() => t.close());

  it('count a task submitted and completed once each, by engine and mode, with its queue wait and run time', async () => {
    const { metrics } = t.app.services!;
    const { cookie } = await registerUser(t);
    const completedBefore = await metricValue(metrics, 'turing_tasks_completed_total', PREVIEW_TEXT);
    const moved = await movedBy(metrics, async () => {
      const task = (await submit(t, cookie, { mode: 'text', prompt: 'counted' })).json().data;
      expect((await until(() => getTask(t, cookie, task.id), finished)).state).toBe('complete');
    });
    expect(moved).toEqual({
      turing_tasks_submitted_total: 1,
      turing_tasks_completed_total: 1,
      turing_task_duration_seconds_count: 1,
      turing_task_queue_wait_seconds_count: 1,
    });
    expect(await metricValue(metrics, 'turing_tasks_completed_total', PREVIEW_TEXT)).toBe(completedBefore + 1);
    expect(
      await metricValue(metrics, 'turing_task_duration_seconds_count', { ...PREVIEW_TEXT, state: 'complete' }),
    ).toBeGreaterThanOrEqual(1);
    // This node's workers, as the scrape reads them.
    expect(await metrics.text()).toMatch(/^turing_worker_slots [1-9]/m);
  });
});

describe('task counters, without workers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ USER_ACTIVE_TASKS_MAX: '100' });
  });
  afterAll(() => t.close());

  const submitted = async (cookie: string, mode: 'text' = 'text') =>
    (await submit(t, cookie, { mode, prompt: 'counted' })).json().data.id as string;

  it('count a submit once, by engine and mode', async () => {
    const { metrics } = t.app.services!;
    const { cookie } = await registerUser(t);
    const before = await metricValue(metrics, 'turing_tasks_submitted_total', PREVIEW_TEXT);
    expect(await movedBy(metrics, async () => void (await submitted(cookie)))).toEqual({
      turing_tasks_submitted_total: 1,
    });
    expect(await metricValue(metrics, 'turing_tasks_submitted_total', PREVIEW_TEXT)).toBe(before + 1);
  });

  it('count a failed run once as failed and once as refunded, and a retry as a retry', async () => {
    const { metrics, taskLifecycle } = t.app.services!;
    const { cookie } = await registerUser(t);
    const id = await submitted(cookie);
    const lost = { ...PREVIEW_TEXT, reason: 'lost' };
    const lostBefore = await metricValue(metrics, 'turing_tasks_failed_total', lost);
    const refundedBefore = await metricValue(metrics, 'turing_tasks_refunded_total', { ...PREVIEW_TEXT, kind: 'full' });
    const moved = await movedBy(metrics, async () => {
      expect(await taskLifecycle.claim(id, 'metrics-test:1:a')).toMatchObject({ state: 'generating' });
      // A server fault: back in line for another run (counted as a retry, not an end).
      expect(await taskLifecycle.fault(id, 'http://gpu-1')).toMatchObject({ state: 'queued' });
      expect(await taskLifecycle.claim(id, 'metrics-test:1:a')).toMatchObject({ attempt: 2 });
      expect(await taskLifecycle.lost(id, 'http://gpu-2')).toMatchObject({ state: 'lost', refunded: true });
      // A second report of the same end changes nothing, and counts nothing.
      expect(await taskLifecycle.lost(id)).toBeNull();
    });
    expect(moved).toEqual({
      // The first claim only: the queue wait is the wait for a first run.
      turing_task_queue_wait_seconds_count: 1,
      turing_tasks_retried_total: 1,
      turing_tasks_failed_total: 1,
      turing_tasks_refunded_total: 1,
      turing_task_duration_seconds_count: 1,
    });
    expect(await metricValue(metrics, 'turing_tasks_failed_total', lost)).toBe(lostBefore + 1);
    expect(await metricValue(metrics, 'turing_tasks_refunded_total', { ...PREVIEW_TEXT, kind: 'full' })).toBe(
      refundedBefore + 1,
    );
  });

  it('count a time-out by its own reason', async () => {
    const { metrics, taskLifecycle } = t.app.services!;
    const { cookie } = await registerUser(t);
    const id = await submitted(cookie);
    const before = await metricValue(metrics, 'turing_tasks_failed_total', { ...PREVIEW_TEXT, reason: 'timeout' });
    await taskLifecycle.timedOut(id);
    expect(await metricValue(metrics, 'turing_tasks_failed_total', { ...PREVIEW_TEXT, reason: 'timeout' })).toBe(
      before + 1,
    );
  });

  it('count a cancel through the API once as cancelled and once as refunded', async () => {
    const { metrics } = t.app.services!;
    const { cookie } = await registerUser(t);
    const id = await submitted(cookie);
    const moved = await movedBy(metrics, async () => {
      expect((await cancelTask(t, cookie, id)).json().data.state).toBe('cancelled');
      await cancelTask(t, cookie, id);
    });
    expect(moved).toEqual({ turing_tasks_cancelled_total: 1, turing_tasks_refunded_total: 1 });
  });
});

describe('payment counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('count payments by provider and outcome, and refunds by provider, once each', async () => {
    const { metrics } = t.app.services!;
    const { cookie } = await registerUser(t);
    const value = (name: string, labels: Record<string, string>) => metricValue(metrics, name, labels);
    const order = async () => (await createOrder(t, cookie, { provider: 'dev', productId: 'cubes-200' })).data.order.id;
    const [paidBefore, failedBefore, refundsBefore] = [
      await value('turing_payments_total', { provider: 'dev', outcome: 'paid' }),
      await value('turing_payments_total', { provider: 'dev', outcome: 'failed' }),
      await value('turing_payment_refunds_total', { provider: 'dev' }),
    ];
    const paid = await order();
    expect((await confirm(t, cookie, paid)).data.state).toBe('paid');
    // Told again (a provider retrying its notification): nothing more is counted.
    await confirm(t, cookie, paid);
    expect((await confirm(t, cookie, await order(), 'failed')).data.state).toBe('failed');
    expect((await refundOrder(t, paid)).status).toBe(200);
    expect((await refundOrder(t, paid)).status).not.toBe(200);
    expect(await value('turing_payments_total', { provider: 'dev', outcome: 'paid' })).toBe(paidBefore + 1);
    expect(await value('turing_payments_total', { provider: 'dev', outcome: 'failed' })).toBe(failedBefore + 1);
    expect(await value('turing_payment_refunds_total', { provider: 'dev' })).toBe(refundsBefore + 1);
  });
});

describe('upscaler counters', () => {
  it('count a job whose thread died as failed, with the time it took', async () => {
    const seen: { outcome: string; seconds: number }[] = [];
    const upscaler = createUpscaler({
      weights: 'slim',
      workerUrl: crashingWorkerUrl,
      nice: 0,
      observe: (outcome, seconds) => seen.push({ outcome, seconds }),
    });
    try {
      const image = Buffer.from('not read: the thread ends on the width');
      const job = { image, width: CRASH_WIDTH, height: 96, factor: 2 as const, signal: new AbortController().signal };
      await expect(upscaler.upscale(job)).rejects.toMatchObject({ kind: 'lost' });
      expect(seen).toEqual([{ outcome: 'failed', seconds: expect.any(Number) }]);
      expect(seen[0]!.seconds).toBeGreaterThan(0);
    } finally {
      await upscaler.close();
    }
  });
});
