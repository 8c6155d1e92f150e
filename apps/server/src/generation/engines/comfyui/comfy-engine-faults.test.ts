import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanup,
  makeContext,
  makeTask,
  postedGraph,
  startEngine,
  startFake,
  untilRunning,
} from '../../../../test-support/comfyui/comfy-test-kit.ts';

afterEach(cleanup);

describe('ComfyUI engine: watchdog', () => {
  it('finds the result through /history when the socket goes quiet', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url]);
    fake.queue.fault = 'silent';

    const result = await engine.run(makeTask({ count: 2 }), makeContext());

    expect(result.images).toHaveLength(2);
    expect(fake.requests.some((r) => r.route.startsWith('GET /history/'))).toBe(true);
  });

  it('interrupts a prompt that makes no progress and fails it as stalled', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url], { timeoutMs: 300 });
    fake.queue.fault = 'hang';
    const task = makeTask();

    await expect(engine.run(task, makeContext())).rejects.toMatchObject({ kind: 'stalled', server: fake.url });
    expect(fake.bodiesOf('POST /interrupt')).toEqual([{ prompt_id: task.id }]);
  });

  it('fails as lost when the server restarts mid-task and forgets the prompt', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url], { stallMs: 5_000 });
    fake.queue.hold = true;
    const ctx = makeContext();
    const run = engine.run(makeTask(), ctx);
    await untilRunning(ctx, run);

    fake.restart();

    await expect(run).rejects.toMatchObject({ kind: 'lost', server: fake.url });
  });

  it('fails as lost, not stalled, when the server goes away mid-task and stays away', async () => {
    const fake = await startFake();
    // Long enough that the server is down (and found unreachable) before the watchdog gives up, even
    // on a busy machine; at 300 ms it sometimes gave up while the server was still answering.
    const engine = startEngine([fake.url], { timeoutMs: 2_000 });
    fake.queue.hold = true;
    const ctx = makeContext();
    const run = engine.run(makeTask(), ctx);
    await untilRunning(ctx, run);

    await fake.down();

    await expect(run).rejects.toMatchObject({ kind: 'lost', server: fake.url });
  });
});

describe('ComfyUI engine: dispatch', () => {
  it('sends a task to the less busy server', async () => {
    const busy = await startFake();
    const idle = await startFake();
    const engine = startEngine([busy.url, idle.url]);
    busy.queue.hold = true;
    const blockerCtx = makeContext();
    void engine.run(makeTask(), blockerCtx).catch(() => undefined);
    await blockerCtx.running;

    const result = await engine.run(makeTask(), makeContext());

    expect(result.server).toBe(idle.url);
  });

  it('avoids servers that already failed the task, unless no other one is left', async () => {
    const a = await startFake();
    const b = await startFake();
    const engine = startEngine([a.url, b.url]);

    expect((await engine.run(makeTask(), makeContext([a.url]))).server).toBe(b.url);
    expect((await engine.run(makeTask(), makeContext([a.url, b.url]))).server).toBe(a.url);
  });

  it('uses the other server when one is down, and fails as unavailable when all are', async () => {
    const down = await startFake();
    const up = await startFake();
    const engine = startEngine([down.url, up.url]);
    await down.down();

    expect((await engine.run(makeTask(), makeContext())).server).toBe(up.url);

    await up.down();
    await expect(engine.run(makeTask(), makeContext())).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('sends a retry as a different graph under a different prompt id, so the cache cannot swallow it', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url]);
    const first = makeTask();
    const retry = { ...first, attempt: 2 };

    await engine.run(first, makeContext());
    const result = await engine.run(retry, makeContext());

    expect(result.images).toHaveLength(2);
    const [one, two] = fake.bodiesOf('POST /prompt') as { prompt_id: string; prompt: unknown }[];
    expect(two!.prompt_id).not.toBe(one!.prompt_id);
    expect(JSON.stringify(two!.prompt)).not.toBe(JSON.stringify(one!.prompt));
    expect(postedGraph(fake, two!.prompt_id)).toBeTruthy();
  });

  it('follows the id an older server picked when it ignores prompt_id', async () => {
    const fake = await startFake({ ownPromptIds: true });
    const engine = startEngine([fake.url]);
    const task = makeTask();

    const result = await engine.run(task, makeContext());

    expect(result.images).toHaveLength(2);
    expect(fake.queue.history.has(task.id)).toBe(false);
    await vi.waitFor(() => expect(fake.bodiesOf('POST /history')).toHaveLength(1));
  });

  it('keeps tasks off a server lacking nodes or models', async () => {
    const lacking = await startFake({ missingNodes: ['ImageCompositeMasked'] });
    const good = await startFake();
    const engine = startEngine([lacking.url, good.url]);

    expect((await engine.run(makeTask(), makeContext())).server).toBe(good.url);
    expect(lacking.bodiesOf('POST /prompt')).toHaveLength(0);
  });
});

describe('ComfyUI engine: health', () => {
  it('reports missing nodes and models per server, with running and pending counts', async () => {
    const lacking = await startFake({ missingNodes: ['ImageCompositeMasked'], models: { controlnets: [] } });
    const good = await startFake();
    const engine = startEngine([lacking.url, good.url]);
    good.queue.hold = true;
    const ctx = makeContext();
    void engine.run(makeTask(), ctx).catch(() => undefined);
    await ctx.running;

    const health = await engine.health();

    expect(health.ok).toBe(true);
    expect(health.detail).toMatch(/ImageCompositeMasked/);
    expect(health.detail).toMatch(/controlnetDepth "depth.safetensors"/);
    expect(health.servers).toEqual([
      expect.objectContaining({ url: lacking.url, state: 'draining', ok: false }),
      expect.objectContaining({ url: good.url, state: 'up', ok: true, running: 1, pending: 0, done: 0 }),
    ]);
  });

  it('reports a server that is down, since when and why', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url]);
    await fake.down();

    await vi.waitFor(() => expect(engine.available()).toBe(false));
    const health = await engine.health();

    expect(health).toMatchObject({
      ok: false,
      servers: [{ url: fake.url, state: 'down', ok: false, lastError: expect.stringMatching(/ECONNREFUSED/) }],
    });
    expect(Date.parse(health.servers![0]!.since)).toBeGreaterThan(0);
  });
});

describe('test ComfyUI server', () => {
  it('answers an identical graph from cache with no new images', async () => {
    const fake = await startFake();
    const prompt = {
      '1': { class_type: 'EmptyLatentImage', inputs: { width: 8, height: 8, batch_size: 1 } },
      '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'same' } },
    };
    const post = (id: string) =>
      fetch(`${fake.url}/prompt`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt, prompt_id: id }),
      });

    expect((await post('a')).status).toBe(200);
    await vi.waitFor(() => expect(fake.queue.history.has('a')).toBe(true));
    expect((await post('b')).status).toBe(200);
    await vi.waitFor(() => expect(fake.queue.history.has('b')).toBe(true));

    expect(fake.queue.history.get('a')!.outputs!['2']!.images).toHaveLength(1);
    expect(fake.queue.history.get('b')!.outputs).toEqual({});
  });

  it('refuses an unknown node class and an unknown model like ComfyUI', async () => {
    const fake = await startFake();
    const post = async (prompt: unknown) => {
      const res = await fetch(`${fake.url}/prompt`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const save = { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'x' } };

    const unknown = await post({ '1': { class_type: 'NoSuchNode', inputs: {} }, '2': save });
    const model = await post({ '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'x' } }, '2': save });

    expect(unknown).toMatchObject({ status: 400, body: { error: { type: 'invalid_prompt' }, node_errors: {} } });
    expect(model).toMatchObject({
      status: 400,
      body: { node_errors: { '1': { class_type: 'CheckpointLoaderSimple', errors: [{ type: 'value_not_in_list' }] } } },
    });
  });
});
