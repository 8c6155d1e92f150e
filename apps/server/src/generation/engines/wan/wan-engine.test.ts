import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../engine.ts';
import { FakeDashScope, FLAGGED } from '../../../../test-support/providers/fake-dashscope.ts';
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
import type { InputStager } from '../../input-stager.ts';
import { createWanEngine, isTransient, type WanEngineOptions } from './wan-engine.ts';

afterEach(cleanup);

async function start(over: Partial<WanEngineOptions> = {}) {
  const fake = await FakeDashScope.start();
  onCleanup(() => fake.close());
  const options = {
    apiKey: fake.key,
    baseUrl: fake.url,
    model: 'wan2.2-t2i-flash',
    editModel: 'wanx2.1-imageedit',
    ...FAST,
    ...over,
  };
  return { fake, engine: track(createWanEngine(options)), options };
}

const kindOf = (e: unknown) => (e instanceof EngineError ? e.kind : e);

describe('Wan engine (DashScope)', () => {
  it('makes all the images in one asynchronous task, with the Chinese prompt as typed', async () => {
    const { fake, engine } = await start();
    const ctx = makeContext();
    const prompt = '湖边的木结构凉亭，清晨薄雾';
    const result = await engine.run(makeTask({ prompt, count: 3, width: 1280, height: 960 }), ctx);

    expect(fake.submissions()).toHaveLength(1);
    const sent = fake.submissions()[0]!;
    expect(sent.headers['x-dashscope-async']).toBe('enable');
    expect(sent.json).toEqual({
      model: 'wan2.2-t2i-flash',
      input: { prompt, negative_prompt: 'blurry' },
      parameters: { size: '1280*960', n: 3, seed: 42 },
    });
    expect(result.images).toHaveLength(3);
    for (const img of result.images) expect(await sizeOf(img)).toEqual({ width: 1280, height: 960, format: 'png' });
    expect(ctx.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['accepted', 'queued', 'started', 'progress']),
    );
  });

  it('edits through our mask with the images as data URLs', async () => {
    const { fake, engine } = await start();
    const task = makeTask({
      mode: 'edit',
      width: 640,
      height: 480,
      images: { base: await png(640, 480), mask: await png(640, 480, 255) },
    });
    const result = await engine.run(task, makeContext());
    const body = fake.submissions()[0]!.json as { model: string; input: Record<string, string> };
    expect(fake.submissions()[0]!.path).toBe('/api/v1/services/aigc/image2image/image-synthesis');
    expect(body.model).toBe('wanx2.1-imageedit');
    expect(body.input.function).toBe('description_edit_with_mask');
    expect(body.input.base_image_url).toMatch(/^data:image\/png;base64,/);
    expect(body.input.mask_image_url).toMatch(/^data:image\/png;base64,/);
    expect(result.images).toHaveLength(1);
  });

  it('refuses what the content inspection refused, at submission or in the task', async () => {
    const { fake, engine } = await start();
    expect(kindOf(await settle(engine.run(makeTask({ prompt: `a ${FLAGGED}` }), makeContext())))).toBe('refused');
    fake.outcomes.push({
      status: 'FAILED',
      code: 'DataInspectionFailed',
      message: 'Output data may contain inappropriate content.',
    });
    expect(kindOf(await settle(engine.run(makeTask(), makeContext())))).toBe('refused');
  });

  it('ends a failed task as lost, and one DashScope does not know (UNKNOWN) as lost', async () => {
    const { fake, engine } = await start();
    fake.outcomes.push({ status: 'FAILED', code: 'InternalError', message: 'Internal error' });
    expect(kindOf(await settle(engine.run(makeTask(), makeContext())))).toBe('lost');
    const err = await settle(
      engine.resume!(makeTask(), { server: fake.url, ref: JSON.stringify({ jobs: [{ id: 'gone' }] }) }, makeContext()),
    );
    expect(kindOf(err)).toBe('lost');
  });

  it('ends a task cancelled at DashScope by someone else as lost', async () => {
    const { fake, engine } = await start();
    fake.hold = true;
    const ctx = makeContext();
    const run = settle(engine.run(makeTask(), ctx));
    const id = (JSON.parse((await ctx.accepted()).ref) as { jobs: { id: string }[] }).jobs[0]!.id;
    await fetch(`${fake.url}/api/v1/tasks/${id}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.key}` },
    });
    expect(kindOf(await run)).toBe('lost');
  });

  it.each([
    [400, 'InvalidParameter'],
    [401, 'InvalidApiKey'],
  ])('refuses the task when the submission answers %i %s, sending it once', async (status, code) => {
    const { fake, engine } = await start();
    fake.fail('submit', { status, json: { code, message: 'no' } });
    expect(kindOf(await settle(engine.run(makeTask(), makeContext())))).toBe('invalid');
    expect(fake.submissions()).toHaveLength(1);
  });

  it('waits out a 429 (Retry-After as an HTTP date), and retries polls after 5xx answers', async () => {
    const { fake, engine } = await start();
    fake.fail('submit', {
      status: 429,
      headers: { 'retry-after': new Date(Date.now() + 1_000).toUTCString() },
      json: { code: 'Throttling' },
    });
    fake.fail('poll', { status: 503, json: {} }, { status: 500, json: {} });
    const result = await engine.run(makeTask(), makeContext());
    expect(result.images).toHaveLength(1);
    expect(fake.tasks.size).toBe(1);
  });

  it('fails as lost when a result link has expired before it is fetched', async () => {
    const { fake, engine } = await start();
    fake.ttlMs = 0;
    expect(kindOf(await settle(engine.run(makeTask(), makeContext())))).toBe('lost');
  });

  it('after a restart, follows the recorded task without creating another', async () => {
    const { fake, engine, options } = await start();
    fake.hold = true;
    const ctx = makeContext();
    const task = makeTask({ count: 2 });
    const first = settle(engine.run(task, ctx));
    const at = await ctx.accepted();
    await engine.close();
    expect(kindOf(await first)).toBe('lost');
    const resumed = settle(track(createWanEngine(options)).resume!(task, at, makeContext()));
    await fake.release();
    expect(await resumed).toMatchObject({ images: [expect.any(Buffer), expect.any(Buffer)] });
    expect(fake.submissions()).toHaveLength(1);
  });

  it('cancels a waiting task at DashScope when the user cancels', async () => {
    const { fake, engine } = await start();
    fake.hold = true;
    const ctx = makeContext();
    const run = settle(engine.run(makeTask(), ctx));
    const at = await ctx.accepted();
    ctx.controller.abort('cancel');
    expect(kindOf(await run)).toBe('interrupted');
    const id = (JSON.parse(at.ref) as { jobs: { id: string }[] }).jobs[0]!.id;
    expect(fake.requestsTo('cancel').map((r) => r.path)).toEqual([`/api/v1/tasks/${id}/cancel`]);
    expect(fake.tasks.get(id)!.status).toBe('CANCELED');
  });

  it('leaves the task with DashScope when the process shuts down, for the next one to resume', async () => {
    const { fake, engine } = await start();
    fake.hold = true;
    const ctx = makeContext();
    const run = settle(engine.run(makeTask(), ctx));
    await ctx.accepted();
    ctx.controller.abort('shutdown');
    expect(kindOf(await run)).toBe('interrupted');
    expect(fake.requestsTo('cancel')).toHaveLength(0);
  });

  it.each([
    [2, 1],
    [4, 3],
  ])(
    'returns the images a SUCCEEDED task made when some failed (asked %i, made %i), sending one job',
    async (asked, made) => {
      const { fake, engine } = await start();
      fake.outcomes.push({ status: 'SUCCEEDED', failed: asked - made });
      const result = await engine.run(makeTask({ count: asked }), makeContext());
      expect(result.images).toHaveLength(made);
      for (const img of result.images) expect(await sizeOf(img)).toEqual({ width: 1024, height: 768, format: 'png' });
      expect(fake.submissions()).toHaveLength(1);
      // What the double answered, as DashScope documents a partial success.
      const id = [...fake.tasks.keys()][0]!;
      const polled = await fetch(`${fake.url}/api/v1/tasks/${id}`, {
        headers: { authorization: `Bearer ${fake.key}` },
      });
      const { output, usage } = (await polled.json()) as {
        output: { task_status: string; results: { url?: string; code?: string }[]; task_metrics: unknown };
        usage: { image_count: number };
      };
      expect(output.task_status).toBe('SUCCEEDED');
      expect(output.task_metrics).toEqual({ TOTAL: asked, SUCCEEDED: made, FAILED: asked - made });
      expect(output.results.filter((r) => r.code === 'InternalError.Timeout')).toHaveLength(asked - made);
      expect(usage.image_count).toBe(made);
    },
  );

  it('fails as today when no image of the task was made (DashScope then reports the task FAILED)', async () => {
    const { fake, engine } = await start();
    fake.outcomes.push({ status: 'SUCCEEDED', failed: 2 });
    expect(kindOf(await settle(engine.run(makeTask({ count: 2 }), makeContext())))).toBe('lost');
    expect(fake.submissions()).toHaveLength(1);
  });

  it.each([
    'InvalidParameter',
    'InvalidParameter.DataInspection',
    'InvalidApiKey',
    'AccessDenied.Unpurchased',
    'Arrearage',
    'ModelNotFound',
    'SomethingNew',
  ])('ends a task FAILED with %s as invalid (not worth another paid job), saying what happened', async (code) => {
    const { fake, engine } = await start();
    fake.outcomes.push({ status: 'FAILED', code, message: 'the provider said no' });
    const err = await settle(engine.run(makeTask(), makeContext()));
    expect(kindOf(err)).toBe('invalid');
    expect((err as Error).message).toContain(`${code}: the provider said no`);
    expect(fake.submissions()).toHaveLength(1);
  });

  it.each(['InternalError', 'InternalError.Timeout', 'InternalError.Algo', 'Throttling.RateQuota'])(
    'leaves a task FAILED with %s as lost, for the lifecycle to try again',
    async (code) => {
      const { fake, engine } = await start();
      fake.outcomes.push({ status: 'FAILED', code, message: 'try again later' });
      expect(kindOf(await settle(engine.run(makeTask(), makeContext())))).toBe('lost');
    },
  );

  it('tells transient faults from the rest', () => {
    expect(isTransient('InternalError.Timeout')).toBe(true);
    expect(isTransient('Throttling.AllocationQuota')).toBe(true);
    expect(isTransient(undefined, 503)).toBe(true);
    expect(isTransient('InvalidParameter', 400)).toBe(false);
    expect(isTransient('DataInspectionFailed')).toBe(false);
    expect(isTransient(undefined)).toBe(false);
  });

  it('ends the task as lost (for another try) when the submission answers 500, and as invalid on a refusal', async () => {
    const { fake, engine } = await start();
    fake.fail('submit', { status: 500, json: { code: 'InternalError', message: 'oops' } });
    expect(kindOf(await settle(engine.run(makeTask(), makeContext())))).toBe('lost');
    fake.fail('submit', {
      status: 400,
      json: { code: 'Arrearage', message: 'Access denied, please make sure your account is in good standing.' },
    });
    expect(kindOf(await settle(engine.run(makeTask(), makeContext())))).toBe('invalid');
    expect(fake.submissions()).toHaveLength(2);
  });

  it('brings a base below 512 px a side (and its mask) within the edit model limits', async () => {
    const { fake, engine } = await start();
    const task = makeTask({
      mode: 'edit',
      width: 768,
      height: 432,
      images: { base: await png(768, 432), mask: await png(768, 432, 255) },
    });
    const result = await engine.run(task, makeContext());
    const { inputs } = [...fake.tasks.values()][0]!;
    expect([inputs.base!.width, inputs.base!.height]).toEqual([911, 512]);
    expect([inputs.mask!.width, inputs.mask!.height]).toEqual([911, 512]);
    expect(await sizeOf(result.images[0]!)).toEqual({ width: 768, height: 432, format: 'png' });
  });

  it('with a stage, sends signed URLs of staged copies instead of data URLs, and removes them once done', async () => {
    const removed: string[] = [];
    const fake = await FakeDashScope.start();
    onCleanup(() => fake.close());
    const stage: InputStager = {
      async put(name, bytes, contentType) {
        fake.hosted.set(name, { bytes, type: contentType });
        return `${fake.url}/hosted/${encodeURIComponent(name)}?exp=1&sig=signed`;
      },
      async remove(name) {
        if (fake.hosted.delete(name)) removed.push(name);
      },
    };
    const engine = track(
      createWanEngine({
        apiKey: fake.key,
        baseUrl: fake.url,
        model: 'm',
        editModel: 'wanx2.1-imageedit',
        stage,
        ...FAST,
      }),
    );
    const task = makeTask({
      mode: 'edit',
      images: { base: await png(1024, 768), mask: await png(1024, 768, 255) },
    });
    const result = await engine.run(task, makeContext());
    expect(result.images).toHaveLength(1);
    const body = fake.submissions()[0]!.json as { input: Record<string, string> };
    expect(body.input.base_image_url).toMatch(new RegExp(`^${fake.url}/hosted/wan%2Ftask-1-1-base\\.png\\?`));
    expect(body.input.mask_image_url).toMatch(new RegExp(`^${fake.url}/hosted/wan%2Ftask-1-1-mask\\.png\\?`));
    const { inputs } = [...fake.tasks.values()][0]!;
    expect([inputs.base!.via, inputs.base!.width, inputs.mask!.via]).toEqual(['url', 1024, 'url']);
    expect(removed.sort()).toEqual(['wan/task-1-1-base.png', 'wan/task-1-1-mask.png']);
    expect(fake.hosted.size).toBe(0);
  });

  it('is unavailable without a key', async () => {
    const engine = track(createWanEngine({ baseUrl: 'http://127.0.0.1:9', model: 'm', editModel: 'e', ...FAST }));
    expect(engine.available()).toBe(false);
    expect(await engine.health()).toMatchObject({ ok: false });
  });
});
