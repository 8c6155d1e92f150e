import { afterEach, describe, expect, it, vi } from 'vitest';
import { EngineError, type Engine } from '../../engine.ts';
import {
  cleanup,
  makeContext,
  makeTask,
  startEngine,
  startFake,
} from '../../../../test-support/comfyui/comfy-test-kit.ts';
import type { FakeComfyServer } from '../../../../test-support/comfyui/fake-comfy-server.ts';

afterEach(cleanup);

/** Routes a dispatch would use; probes (GET /prompt, GET /queue) are not among them. */
const DISPATCH = ['GET /object_info', 'POST /upload/image', 'POST /prompt'];
const dispatchRequests = (fake: FakeComfyServer) => fake.requests.filter((r) => DISPATCH.includes(r.route)).length;
const stateOf = async (engine: Engine, url: string) => (await engine.health()).servers!.find((s) => s.url === url)!;

/** Starts a held task on `fake` (the first of the engine's servers) and waits until it runs there. */
async function runningOn(engine: Engine, fake: FakeComfyServer) {
  fake.queue.hold = true;
  const ctx = makeContext();
  const run = engine.run(makeTask(), ctx).catch((err: unknown) => err);
  await ctx.running;
  expect(fake.queue.running).toBeDefined();
  return { run };
}

describe('ComfyUI fleet: a server that dies', () => {
  it('loses the task on a server that dies mid-task at once, and the retry runs on the other', async () => {
    const dying = await startFake();
    const other = await startFake();
    const engine = startEngine([dying.url, other.url]);
    const { run } = await runningOn(engine, dying);

    const diedAt = Date.now();
    await dying.down();
    const err = await run;
    const seconds = (Date.now() - diedAt) / 1000;

    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ kind: 'lost', server: dying.url });
    expect(seconds).toBeLessThan(5);
    console.info(`death → lost: ${seconds.toFixed(2)} s (connection refused)`);
    expect(engine.available()).toBe(true);
    expect(engine.capacity()).toBe(1);
    const retry = await engine.run(makeTask({ attempt: 2 }), makeContext([dying.url]));
    expect(retry.server).toBe(other.url);
  });

  it('notices within 5 s a machine that stops answering without closing its connections', async () => {
    const frozen = await startFake();
    const other = await startFake();
    // The production probe settings: every second while a task is there, two seconds to answer.
    const engine = startEngine([frozen.url, other.url], { probeMs: 1_000, probeTimeoutMs: 2_000 });
    const { run } = await runningOn(engine, frozen);

    const frozeAt = Date.now();
    frozen.freeze();
    const err = await run;
    const seconds = (Date.now() - frozeAt) / 1000;

    expect(err).toMatchObject({ kind: 'lost', server: frozen.url });
    expect(seconds).toBeLessThan(5);
    console.info(`freeze → lost: ${seconds.toFixed(2)} s (probe time-out)`);
    expect(await stateOf(engine, frozen.url)).toMatchObject({ state: 'down', lastError: /no answer/ });
    const before = dispatchRequests(frozen);
    const retry = await engine.run(makeTask({ attempt: 2 }), makeContext([frozen.url]));
    expect(retry.server).toBe(other.url);
    expect(dispatchRequests(frozen)).toBe(before);
  });

  it('gives a down server no work, finds it when it is back, and uses it again', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url]);
    await fake.down();
    await vi.waitFor(() => expect(engine.available()).toBe(false));
    expect(engine.capacity()).toBe(0);

    await expect(engine.run(makeTask(), makeContext())).rejects.toMatchObject({ kind: 'unavailable' });
    await fake.up();
    await vi.waitFor(() => expect(engine.available()).toBe(true));

    expect((await engine.run(makeTask(), makeContext())).server).toBe(fake.url);
    expect(await stateOf(engine, fake.url)).toMatchObject({ state: 'up', done: 1, lastError: /ECONNREFUSED/ });
  });

  it('is unavailable only when every server is down, and counts the servers that are up', async () => {
    const a = await startFake();
    const b = await startFake({ missingNodes: ['ImageCompositeMasked'] });
    const engine = startEngine([a.url, b.url]);
    await vi.waitFor(async () => expect(await stateOf(engine, b.url)).toMatchObject({ state: 'draining' }));
    expect(engine.capacity()).toBe(1);

    await a.down();
    await vi.waitFor(() => expect(engine.capacity()).toBe(0));
    expect(engine.available()).toBe(true);

    await b.down();
    await vi.waitFor(() => expect(engine.available()).toBe(false));
  });
});

describe('ComfyUI fleet: a server that hangs', () => {
  it('interrupts and deletes a prompt that runs without a word, loses it, and keeps the server down', async () => {
    const hung = await startFake();
    const other = await startFake();
    // The floor also applies to the healthy runs below: on a loaded machine a running prompt's
    // messages can be a few hundred ms apart, which must not count as a hang.
    const engine = startEngine([hung.url, other.url], { hungFloorMs: 1_500 });
    hung.queue.fault = 'hang';
    const task = makeTask();

    const err = await engine.run(task, makeContext()).catch((e: unknown) => e);

    expect(err).toMatchObject({ kind: 'lost', server: hung.url, message: /hung/ });
    expect(hung.bodiesOf('POST /interrupt')).toEqual([{ prompt_id: task.id }]);
    expect(hung.bodiesOf('POST /queue')).toContainEqual({ delete: [task.id] });
    expect(await stateOf(engine, hung.url)).toMatchObject({ state: 'down', ok: false, lastError: /hung/ });
    expect(engine.capacity()).toBe(1);

    // Still wedged (HTTP answers, /queue shows it running): no work for it.
    const before = dispatchRequests(hung);
    expect((await engine.run(makeTask(), makeContext())).server).toBe(other.url);
    expect(dispatchRequests(hung)).toBe(before);
    expect((await stateOf(engine, hung.url)).state).toBe('down');

    // An operator restarts it: it is up again and takes work.
    hung.queue.fault = 'none';
    hung.restart();
    await vi.waitFor(async () => expect((await stateOf(engine, hung.url)).state).toBe('up'));
    expect((await engine.run(makeTask(), makeContext([other.url]))).server).toBe(hung.url);
  });

  it('lets a prompt that keeps talking run on under a low hang floor', async () => {
    const fake = await startFake({ stepDelayMs: 40 });
    const engine = startEngine([fake.url], { hungFloorMs: 1_000 });

    const result = await engine.run(makeTask(), makeContext());

    expect(result.images).toHaveLength(2);
    expect(fake.bodiesOf('POST /interrupt')).toEqual([]);
  });
});
