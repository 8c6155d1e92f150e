import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../engine.ts';
import { createJobWakeups } from '../async-job/wakeups.ts';
import { bflSignatureValid } from '../../../modules/system/bfl-webhook.routes.ts';
import { FakeBfl } from '../../../../test-support/providers/fake-bfl.ts';
import {
  FAST,
  cleanup,
  makeContext,
  makeTask,
  onCleanup,
  png,
  settle,
  sizeOf,
  track,
} from '../../../../test-support/providers/provider-test-kit.ts';
import { aspectRatio, createFluxEngine, type FluxEngineOptions } from './flux-engine.ts';

afterEach(cleanup);

async function start(over: Partial<FluxEngineOptions> = {}) {
  const fake = await FakeBfl.start();
  onCleanup(() => fake.close());
  const engine = track(
    createFluxEngine({
      apiKey: fake.key,
      baseUrl: fake.url,
      model: 'flux-pro-1.1',
      editModel: 'flux-kontext-pro',
      ...FAST,
      ...over,
    }),
  );
  return { fake, engine };
}

const kindOf = (e: unknown) => (e instanceof EngineError ? e.kind : e);

describe('FLUX engine', () => {
  it('makes one job per image with its own seed, copies each result and fits it to the task', async () => {
    const { fake, engine } = await start();
    const ctx = makeContext();
    const result = await engine.run(makeTask({ count: 2, width: 1000, height: 750 }), ctx);

    const bodies = fake.submissions().map((r) => r.json as Record<string, unknown>);
    expect(fake.submissions().map((r) => r.path)).toEqual(['/v1/flux-pro-1.1', '/v1/flux-pro-1.1']);
    expect(bodies.map((b) => b.seed)).toEqual([42, 43]);
    expect(bodies[0]).toMatchObject({
      width: 992,
      height: 736,
      output_format: 'png',
      prompt: 'a timber pavilion by a lake',
    });
    expect(result.images).toHaveLength(2);
    for (const img of result.images) expect(await sizeOf(img)).toEqual({ width: 1000, height: 750, format: 'png' });
    expect(fake.requestsTo('result')).toHaveLength(2);
    const accepted = ctx.events.filter((e) => e.type === 'accepted');
    expect(accepted.at(-1)).toMatchObject({ server: fake.url });
    expect(JSON.parse((accepted.at(-1) as { ref: string }).ref).jobs).toHaveLength(2);
    expect(ctx.events.some((e) => e.type === 'started')).toBe(true);
    expect(ctx.events.at(-1)).toEqual({ type: 'progress', percent: 100 });
  });

  it('sends iterate and edit to Kontext with the base image and its ratio', async () => {
    const { fake, engine } = await start();
    const base = await png(640, 480);
    await engine.run(
      makeTask({ mode: 'edit', width: 640, height: 480, images: { base, mask: await png(640, 480, 255) } }),
      makeContext(),
    );
    const body = fake.submissions()[0]!.json as Record<string, unknown>;
    expect(fake.submissions()[0]!.path).toBe('/v1/flux-kontext-pro');
    expect(body.aspect_ratio).toBe('4:3');
    expect(
      Buffer.from(body.input_image as string, 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('uses the model the catalogue names', async () => {
    const { fake, engine } = await start();
    await engine.run(makeTask({ engineModel: 'flux-pro-1.1-ultra' }), makeContext());
    expect(fake.submissions()[0]!.path).toBe('/v1/flux-pro-1.1-ultra');
  });

  it.each(['Content Moderated', 'Request Moderated'] as const)(
    'ends a job BFL reports "%s" as refused',
    async (status) => {
      const { fake, engine } = await start();
      fake.outcomes.push(status);
      const err = await settle(engine.run(makeTask(), makeContext()));
      expect(kindOf(err)).toBe('refused');
    },
  );

  it('ends a job that failed at the provider as lost, and one it does not know as lost', async () => {
    const { fake, engine } = await start();
    fake.outcomes.push('Error');
    expect(kindOf(await settle(engine.run(makeTask(), makeContext())))).toBe('lost');
    const err = await settle(
      engine.resume!(makeTask(), { server: fake.url, ref: JSON.stringify({ jobs: [{ id: 'nope' }] }) }, makeContext()),
    );
    expect(kindOf(err)).toBe('lost');
  });

  it.each([
    [402, 'out of credits'],
    [403, 'key refused'],
    [422, 'a parameter refused'],
  ])('refuses the task when the submission answers %i (%s), sending it once', async (status) => {
    const { fake, engine } = await start();
    fake.fail('submit', { status, json: { detail: 'no' } });
    expect(kindOf(await settle(engine.run(makeTask(), makeContext())))).toBe('invalid');
    expect(fake.submissions()).toHaveLength(1);
  });

  it('does not send a submission again after a 500: it may have been created', async () => {
    const { fake, engine } = await start();
    fake.fail('submit', { status: 500, json: { detail: 'Internal Server Error' } });
    expect(kindOf(await settle(engine.run(makeTask(), makeContext())))).toBe('lost');
    expect(fake.submissions()).toHaveLength(1);
  });

  it('does not send a submission again when it got no answer (it may have been created)', async () => {
    const { fake, engine } = await start({ requestMs: 300 });
    fake.fail('submit', 'hang');
    expect(kindOf(await settle(engine.run(makeTask(), makeContext())))).toBe('lost');
    expect(fake.submissions()).toHaveLength(1);
  });

  it('keeps trying to reach a provider that refuses connections, then gives the task back as unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const engine = track(
      createFluxEngine({
        apiKey: 'k',
        baseUrl: `http://127.0.0.1:${port}`,
        model: 'm',
        editModel: 'e',
        ...FAST,
        timeoutMs: 300,
      }),
    );
    expect(kindOf(await settle(engine.run(makeTask(), makeContext())))).toBe('unavailable');
  });

  it('waits out a 429 for its Retry-After, then submits once', async () => {
    const { fake, engine } = await start();
    fake.fail('submit', { status: 429, headers: { 'retry-after': '1' }, json: { detail: 'too many active tasks' } });
    const before = Date.now();
    const result = await engine.run(makeTask(), makeContext());
    expect(result.images).toHaveLength(1);
    expect(fake.submissions()).toHaveLength(2);
    expect(fake.jobs.size).toBe(1);
    expect(Date.now() - before).toBeGreaterThanOrEqual(900);
  });

  it('tries again after gateway errors and hung polls, within the deadline', async () => {
    const { fake, engine } = await start({ requestMs: 300 });
    fake.fail('submit', { status: 503, json: {} }, { status: 502, json: {} });
    fake.fail('poll', { status: 500, json: {} }, 'hang');
    const result = await engine.run(makeTask(), makeContext());
    expect(result.images).toHaveLength(1);
    expect(fake.jobs.size).toBe(1);
  }, 15_000);

  it('has copied every image before it resolves, so links expiring afterwards lose nothing', async () => {
    const { fake, engine } = await start();
    const result = await engine.run(makeTask({ count: 2 }), makeContext());
    fake.expireResults();
    expect(result.images).toHaveLength(2);
    for (const img of result.images) expect((await sizeOf(img)).format).toBe('png');
  });

  it('after a restart, follows the recorded jobs without submitting again', async () => {
    const { fake, engine } = await start();
    fake.hold = true;
    const ctx = makeContext();
    const task = makeTask({ count: 2 });
    const first = settle(engine.run(task, ctx));
    const at = await ctx.accepted(2);
    await engine.close();
    expect(kindOf(await first)).toBe('lost');

    const next = track(
      createFluxEngine({
        apiKey: fake.key,
        baseUrl: fake.url,
        model: 'flux-pro-1.1',
        editModel: 'flux-kontext-pro',
        ...FAST,
      }),
    );
    const resumed = settle(next.resume!(task, at, makeContext()));
    await fake.release();
    const result = await resumed;
    expect(result).toMatchObject({ images: [expect.any(Buffer), expect.any(Buffer)] });
    expect(fake.submissions()).toHaveLength(2);
  });

  it('submits only the jobs a process died before sending', async () => {
    const { fake, engine } = await start();
    fake.hold = true;
    const ctx = makeContext();
    const task = makeTask({ count: 2 });
    const first = settle(engine.run(task, ctx));
    const one = await ctx.accepted(2);
    await engine.close();
    await first;
    const jobs = (JSON.parse(one.ref) as { jobs: unknown[] }).jobs.slice(0, 1);
    fake.hold = false;
    await engine.resume!(task, { server: fake.url, ref: JSON.stringify({ jobs }) }, makeContext());
    expect(fake.submissions()).toHaveLength(3);
  });

  it('stops polling when cancelled (BFL has no cancel)', async () => {
    const { fake, engine } = await start();
    fake.hold = true;
    const ctx = makeContext();
    const run = settle(engine.run(makeTask(), ctx));
    await ctx.accepted();
    ctx.controller.abort('cancel');
    expect(kindOf(await run)).toBe('interrupted');
    const polls = fake.requestsTo('poll').length;
    await new Promise((r) => setTimeout(r, 100));
    expect(fake.requestsTo('poll')).toHaveLength(polls);
  });

  it('is unavailable without a key, and says so in health', async () => {
    const engine = track(createFluxEngine({ baseUrl: 'http://127.0.0.1:9', model: 'm', editModel: 'e', ...FAST }));
    expect(engine.available()).toBe(false);
    expect(await engine.health()).toMatchObject({ ok: false, detail: expect.stringContaining('key') });
  });

  it('asks at once when the signed webhook says the job ended', async () => {
    const wakeups = createJobWakeups();
    const secret = 'whsec-test';
    // Our side of the webhook: verifies the signature, then wakes the waiting poll.
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const ok = bflSignatureValid(body, req.headers['x-bfl-signature'] as string | undefined, secret);
        if (ok) wakeups.wake(`flux:${(JSON.parse(body.toString()) as { id: string }).id}`);
        res.writeHead(ok ? 200 : 400).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    onCleanup(() => new Promise((r) => receiver.close(() => r())));
    const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/turing/hooks/bfl`;
    // Polls far apart: only the wake-up can end the run before the deadline.
    const { fake, engine } = await start({
      webhookSecret: secret,
      webhookUrl,
      wakeups,
      pollMs: 60_000,
      maxPollMs: 60_000,
    });
    fake.hold = true;
    const ctx = makeContext();
    const run = settle(engine.run(makeTask(), ctx));
    await ctx.accepted();
    expect(fake.submissions()[0]!.json).toMatchObject({ webhook_url: webhookUrl, webhook_secret: secret });
    await new Promise((r) => setTimeout(r, 50));
    await fake.release();
    expect(fake.deliveries).toEqual([{ id: expect.any(String), status: 200 }]);
    expect(await run).toMatchObject({ images: [expect.any(Buffer)] });
    expect(fake.requestsTo('poll')).toHaveLength(2);
  });
});

describe('aspectRatio', () => {
  it('names the ratio in small integers within Kontext’s 3:7 to 7:3', () => {
    expect(aspectRatio(1024, 768)).toBe('4:3');
    expect(aspectRatio(1920, 1080)).toBe('16:9');
    expect(aspectRatio(768, 1024)).toBe('3:4');
    expect(aspectRatio(4000, 1000)).toBe('7:3');
  });
});
