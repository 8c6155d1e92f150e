import { afterEach, describe, expect, it, vi } from 'vitest';
import { EngineError } from '../../engine.ts';
import { outputsHeard } from './prompt-server-ops.ts';
import {
  cleanup,
  isPng,
  makeContext,
  makeTask,
  nodesOf,
  png,
  postedGraph,
  startEngine,
  startFake,
  untilRunning,
  waitingEvents,
} from '../../../../test-support/comfyui/comfy-test-kit.ts';

afterEach(cleanup);

describe('ComfyUI engine: runs', () => {
  it('makes count images with progress and previews, under our prompt id, and deletes the history', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url]);
    const task = makeTask({ count: 3 });
    const ctx = makeContext();

    const result = await engine.run(task, ctx);

    expect(result.images).toHaveLength(3);
    expect(result.images.every(isPng)).toBe(true);
    expect(result.server).toBe(fake.url);
    expect(ctx.events.slice(0, 2)).toEqual([{ type: 'accepted', server: fake.url, ref: task.id }, { type: 'started' }]);
    const percents = ctx.events.flatMap((e) => (e.type === 'progress' ? [e.percent] : []));
    expect(percents.at(-1)).toBe(100);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(ctx.events.some((e) => e.type === 'progress' && e.preview && e.preview[0] === 0xff)).toBe(true);
    const body = fake.bodiesOf('POST /prompt')[0] as { prompt_id: string; client_id: string };
    expect(body.prompt_id).toBe(task.id);
    expect(body.client_id).toBeTruthy();
    expect(nodesOf(postedGraph(fake, task.id), 'EmptyLatentImage')[0]!.inputs).toMatchObject({ batch_size: 3 });
    await vi.waitFor(() => expect(fake.bodiesOf('POST /history')).toContainEqual({ delete: [task.id] }));
    expect(fake.queue.history.size).toBe(0);
  });

  it('fetches the images the socket reported (executed) without asking /history first', async () => {
    const fake = await startFake();
    // No watchdog poll in this run (it may ask /history whenever the socket is quiet for long).
    const engine = startEngine([fake.url], { stallMs: 30_000, pollMs: 30_000 });
    fake.queue.hold = true;
    const task = makeTask({ count: 2 });
    const ctx = makeContext();
    const run = engine.run(task, ctx);
    // Held while running: the engine follows it before it can end.
    await untilRunning(ctx, run);
    const from = fake.requests.length;
    fake.queue.release();
    expect((await run).images).toHaveLength(2);
    const routes = fake.requests.slice(from).map((r) => r.route);
    expect(routes).toContain('GET /view');
    expect(routes.slice(0, routes.indexOf('GET /view'))).not.toContain(`GET /history/${task.id}`);
    await vi.waitFor(() => expect(fake.bodiesOf('POST /history')).toContainEqual({ delete: [task.id] }));
  });

  it('takes the images the socket reported only once every output node has reported', () => {
    const graph = {
      '1': { class_type: 'KSampler', inputs: {} },
      '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'turing/a' } },
      '10': { class_type: 'SaveImage', inputs: { filename_prefix: 'turing/b' } },
    };
    const image = { filename: 'a_00001_.png', subfolder: 'turing', type: 'output' };
    expect(outputsHeard(graph, {})).toBeUndefined();
    expect(outputsHeard(graph, { '9': { images: [image] } })).toBeUndefined();
    expect(outputsHeard(graph, { '9': { images: [image] }, '10': { images: [] } })).toEqual({
      outputs: { '9': { images: [image] }, '10': { images: [] } },
    });
  });

  it('uploads the inputs of an edit under unique names and pastes the result back through the mask', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url]);
    const task = makeTask({
      mode: 'edit',
      count: 2,
      images: { base: await png(), mask: await png(16, 16, 255), depth: await png() },
    });

    const result = await engine.run(task, makeContext());

    expect(result.images).toHaveLength(2);
    expect(fake.requests.filter((r) => r.route === 'POST /upload/image')).toHaveLength(3);
    const graph = postedGraph(fake, task.id);
    expect(nodesOf(graph, 'LoadImageMask')[0]!.inputs).toEqual({ image: `turing/${task.id}-mask.png`, channel: 'red' });
    expect(nodesOf(graph, 'ControlNetApplyAdvanced')).toHaveLength(1);
    expect(nodesOf(graph, 'ImageCompositeMasked')).toHaveLength(1);
  });

  it('upscales one image to the exact size asked', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url]);
    const task = makeTask({
      mode: 'upscale',
      upscale: 2,
      width: 32,
      height: 32,
      count: 1,
      images: { base: await png() },
    });

    const result = await engine.run(task, makeContext());

    expect(result.images).toHaveLength(1);
    expect(nodesOf(postedGraph(fake, task.id), 'ImageScale')[0]!.inputs).toMatchObject({ width: 32, height: 32 });
  });
});

describe('ComfyUI engine: waiting in a server queue', () => {
  it('reports the place of prompts behind others (accepted, ahead 1, ahead 0, started)', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url]);
    fake.queue.hold = true;
    const first = makeContext();
    const runs = [engine.run(makeTask(), first)];
    await first.running;
    const [second, third] = [makeContext(), makeContext()];
    const secondTask = makeTask();
    runs.push(engine.run(secondTask, second));
    await vi.waitFor(() => expect(second.events).toContainEqual({ type: 'queued', ahead: 0 }));
    runs.push(engine.run(makeTask(), third));
    await vi.waitFor(() => expect(third.events).toContainEqual({ type: 'queued', ahead: 1 }));

    fake.queue.release();
    await second.running;
    await vi.waitFor(() => expect(third.events).toContainEqual({ type: 'queued', ahead: 0 }));
    fake.queue.release();
    await third.running;
    fake.queue.release();
    await Promise.all(runs);

    expect(second.events[0]).toEqual({ type: 'accepted', server: fake.url, ref: secondTask.id });
    expect(waitingEvents(first).at(-1)).toBe('started');
    expect(waitingEvents(second)).toEqual(['queued 0', 'started']);
    expect(waitingEvents(third)).toEqual(['queued 1', 'queued 0', 'started']);
  });
});

describe('ComfyUI engine: refusals and failures', () => {
  it('turns node_errors into invalid with a short message', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url]);
    await engine.health();
    // The checkpoint disappears after the start-up check: ComfyUI refuses the prompt itself.
    fake.models.checkpoints = ['other.safetensors'];

    const err = await engine.run(makeTask(), makeContext()).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).kind).toBe('invalid');
    expect((err as EngineError).message).toMatch(/Value not in list.*ckpt_name/);
  });

  it('fails a node error as invalid and an out-of-memory error as lost (worth a retry)', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url]);
    fake.queue.failClass = { classType: 'KSampler', type: 'RuntimeError', message: 'shapes cannot be multiplied' };
    await expect(engine.run(makeTask(), makeContext())).rejects.toMatchObject({ kind: 'invalid' });

    fake.queue.failClass = { classType: 'VAEDecode', type: 'torch.OutOfMemoryError', message: 'CUDA out of memory' };
    await expect(engine.run(makeTask(), makeContext())).rejects.toMatchObject({ kind: 'lost' });
    await vi.waitFor(() => expect(fake.queue.history.size).toBe(0));
  });

  it.each(['before-answer', 'after-answer'] as const)(
    'survives a node that fails at once, its error sent %s to POST /prompt: OOM is lost, a bug invalid',
    async (order) => {
      const fake = await startFake();
      const engine = startEngine([fake.url]);

      fake.failAtOnce = { order, type: 'torch.OutOfMemoryError', message: 'CUDA out of memory. Tried to allocate' };
      const oom = engine.run(makeTask(), makeContext());
      await expect(oom).rejects.toMatchObject({ kind: 'lost', server: fake.url });

      fake.failAtOnce = { order, type: 'RuntimeError', message: 'Error while loading file: No such file' };
      await expect(engine.run(makeTask(), makeContext())).rejects.toMatchObject({ kind: 'invalid', server: fake.url });

      fake.failAtOnce = undefined;
      const after = await engine.run(makeTask(), makeContext());
      expect(after.images).toHaveLength(2);
      expect(fake.bodiesOf('POST /prompt')).toHaveLength(3);
    },
  );

  it('rejects a mode without its images before sending anything', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url]);
    await expect(engine.run(makeTask({ mode: 'iterate' }), makeContext())).rejects.toMatchObject({ kind: 'invalid' });
    expect(fake.bodiesOf('POST /prompt')).toHaveLength(0);
  });
});

describe('ComfyUI engine: cancel', () => {
  it('interrupts a running prompt by its id', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url]);
    fake.queue.hold = true;
    const task = makeTask();
    const ctx = makeContext();
    const run = engine.run(task, ctx);
    await untilRunning(ctx, run);

    ctx.controller.abort();

    await expect(run).rejects.toMatchObject({ kind: 'interrupted' });
    expect(fake.bodiesOf('POST /interrupt')).toEqual([{ prompt_id: task.id }]);
    await vi.waitFor(() => expect(fake.bodiesOf('POST /history')).toContainEqual({ delete: [task.id] }));
  });

  it('deletes a pending prompt from the queue without interrupting the running one', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url]);
    fake.queue.hold = true;
    const blockerCtx = makeContext();
    const blocker = engine.run(makeTask(), blockerCtx);
    await untilRunning(blockerCtx, blocker);
    const task = makeTask();
    const ctx = makeContext();
    const run = engine.run(task, ctx);
    await vi.waitFor(() => expect(fake.queue.pending.map((e) => e.id)).toEqual([task.id]));

    ctx.controller.abort();

    await expect(run).rejects.toMatchObject({ kind: 'interrupted' });
    expect(fake.bodiesOf('POST /queue')).toContainEqual({ delete: [task.id] });
    expect(fake.bodiesOf('POST /interrupt')).toEqual([]);
    fake.queue.release();
    await expect(blocker).resolves.toMatchObject({ images: expect.any(Array) });
    expect(fake.queue.history.has(task.id)).toBe(false);
  });

  it('sends nothing for a task cancelled before dispatch', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url]);
    const ctx = makeContext();
    ctx.controller.abort();
    await expect(engine.run(makeTask(), ctx)).rejects.toMatchObject({ kind: 'interrupted' });
    expect(fake.bodiesOf('POST /prompt')).toHaveLength(0);
  });
});
