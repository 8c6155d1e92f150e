import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Engine, EngineTask } from '../../engine.ts';
import {
  cleanup,
  makeContext,
  makeTask,
  startEngine,
  startFake,
  waitingEvents,
} from '../../../../test-support/comfyui/comfy-test-kit.ts';
import type { FakeComfyServer } from '../../../../test-support/comfyui/fake-comfy-server.ts';

afterEach(cleanup);

/**
 * A process that handed `task` to `fake` and died: its engine is gone (closed without touching the
 * server), the prompt it posted is held running there. What it recorded is what `resume` gets.
 */
async function leftRunning(fake: FakeComfyServer, clientId: string) {
  const before = startEngine([fake.url], { clientId });
  fake.queue.hold = true;
  const task = makeTask();
  const ctx = makeContext();
  const run = before.run(task, ctx).catch((err: unknown) => err);
  await ctx.running;
  const accepted = ctx.events.find((e) => e.type === 'accepted');
  await before.close();
  expect(await run).toMatchObject({ kind: 'lost' });
  expect(accepted).toEqual({ type: 'accepted', server: fake.url, ref: task.id });
  return { task, at: { server: fake.url, ref: task.id } };
}

const posts = (fake: FakeComfyServer) => fake.bodiesOf('POST /prompt').length;

async function resume(engine: Engine, task: EngineTask, at: { server: string; ref: string }) {
  const ctx = makeContext();
  const result = await engine.resume!(task, at, ctx);
  return { result, ctx };
}

describe('ComfyUI engine: resume after a restart', () => {
  it('collects a prompt that finished while we were away, without posting it again', async () => {
    const fake = await startFake();
    const clientId = randomUUID();
    const { task, at } = await leftRunning(fake, clientId);
    fake.queue.release();
    await vi.waitFor(() => expect(fake.queue.history.has(task.id)).toBe(true));

    const { result } = await resume(startEngine([fake.url], { clientId }), task, at);

    expect(result).toMatchObject({ server: fake.url, images: [expect.any(Buffer), expect.any(Buffer)] });
    expect(posts(fake)).toBe(1);
    await vi.waitFor(() => expect(fake.queue.history.has(task.id)).toBe(false));
  });

  it('follows a prompt still running to its end, with progress and previews, without posting it again', async () => {
    const fake = await startFake();
    const clientId = randomUUID();
    const { task, at } = await leftRunning(fake, clientId);
    const engine = startEngine([fake.url], { clientId, hungFloorMs: 300 });

    const ctx = makeContext();
    const resumed = engine.resume!(task, at, ctx);
    await vi.waitFor(() => expect(waitingEvents(ctx)).toEqual(['started']));
    fake.queue.release();
    const result = await resumed;

    expect(result.images).toHaveLength(2);
    expect(ctx.events.some((e) => e.type === 'progress' && e.preview)).toBe(true);
    expect(ctx.events.at(-1)).toEqual({ type: 'progress', percent: 100 });
    expect(posts(fake)).toBe(1);
  });

  it('follows a prompt still waiting behind another one, reporting its place', async () => {
    const fake = await startFake();
    const clientId = randomUUID();
    const before = startEngine([fake.url], { clientId });
    fake.queue.hold = true;
    const blocker = makeContext();
    const runs = [before.run(makeTask(), blocker).catch((err: unknown) => err)];
    await blocker.running;
    const task = makeTask();
    const waiting = makeContext();
    runs.push(before.run(task, waiting).catch((err: unknown) => err));
    // Closed once the process has its answer (the ref it records): an engine closed while the POST
    // is still unanswered takes the prompt back off the queue, as it could not be resumed.
    await vi.waitFor(() => expect(waiting.events).toContainEqual({ type: 'accepted', server: fake.url, ref: task.id }));
    expect(fake.queue.pending.map((e) => e.id)).toEqual([task.id]);
    await before.close();
    await Promise.all(runs);
    const engine = startEngine([fake.url], { clientId });

    const ctx = makeContext();
    const resumed = engine.resume!(task, { server: fake.url, ref: task.id }, ctx);
    await vi.waitFor(() => expect(waitingEvents(ctx)).toEqual(['queued 0']));
    fake.queue.release();
    await ctx.running;
    fake.queue.release();

    expect((await resumed).images).toHaveLength(2);
    expect(waitingEvents(ctx)).toEqual(['queued 0', 'started']);
    expect(posts(fake)).toBe(2);
  });

  it('follows it by polling when it was queued under another client id, and does not take the silence for a hang', async () => {
    const fake = await startFake();
    const { task, at } = await leftRunning(fake, randomUUID());
    const engine = startEngine([fake.url], { hungFloorMs: 100 });

    const ctx = makeContext();
    const resumed = engine.resume!(task, at, ctx);
    await vi.waitFor(() => expect(waitingEvents(ctx)).toEqual(['started']));
    await new Promise((r) => setTimeout(r, 300));
    fake.queue.release();

    expect((await resumed).images).toHaveLength(2);
    expect(fake.bodiesOf('POST /interrupt')).toEqual([]);
  });

  it('rejects as lost, without posting, a prompt the server forgot in a restart', async () => {
    const fake = await startFake();
    const clientId = randomUUID();
    const { task, at } = await leftRunning(fake, clientId);
    fake.restart();

    await expect(startEngine([fake.url], { clientId }).resume!(task, at, makeContext())).rejects.toMatchObject({
      kind: 'lost',
      server: fake.url,
    });
    expect(posts(fake)).toBe(1);
  });

  it('rejects as lost a server that is not in the fleet, or down', async () => {
    const fake = await startFake();
    const gone = await startFake();
    const engine = startEngine([fake.url, gone.url]);
    await gone.down();
    await vi.waitFor(() => expect(engine.capacity()).toBe(1));

    const elsewhere = engine.resume!(makeTask(), { server: 'http://10.0.0.9:8188', ref: 'x' }, makeContext());
    await expect(elsewhere).rejects.toMatchObject({ kind: 'lost', server: 'http://10.0.0.9:8188' });
    const down = engine.resume!(makeTask(), { server: `${gone.url}/`, ref: 'x' }, makeContext());
    await expect(down).rejects.toMatchObject({ kind: 'lost', server: gone.url });
  });
});
