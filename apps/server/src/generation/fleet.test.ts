import { afterEach, describe, expect, it } from 'vitest';
import type { Task } from '@turing/contract';
import { cleanup, startFake } from '../../test-support/comfyui/comfy-test-kit.ts';
import { comfySettings } from '../../test-support/fleet-helpers.ts';
import { appHeaders, buildTestApp, capturingLogger, registerUser } from '../../test-support/test-app.ts';
import { balanceOf, buildGenerationApp, finished, getTask, submit, until } from '../../test-support/design-helpers.ts';

type App = Awaited<ReturnType<typeof buildGenerationApp>>;
const apps: App[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
  await cleanup();
});

async function fleetApp(urls: string[], env: Record<string, string> = {}) {
  const t = await buildGenerationApp({ GENERATION_ENGINE: 'comfyui', ...comfySettings(urls), ...env });
  apps.push(t);
  const engine = await t.app.services!.engines.get('comfyui');
  return { t, engine };
}

const cancel = (t: App, cookie: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: '/turing/design/task/cancel',
    headers: { ...appHeaders(), cookie },
    payload: { id },
  });

/** Every state the task's owner was sent, in order. */
async function eventsOf(t: App, taskId: string) {
  const rows = await t.app.services!.database.query<{ payload: Task }>(
    'select payload from task_events where task_id = $1 order by id',
    [taskId],
  );
  return rows.map((r) => r.payload);
}

describe('a generation fleet as users see it', () => {
  it('moves a task off a server that dies mid-run: it completes on the other, says so, and costs once', async () => {
    const a = await startFake();
    const b = await startFake();
    a.queue.hold = true;
    b.queue.hold = true;
    const { t } = await fleetApp([a.url, b.url]);
    const { cookie, profile } = await registerUser(t);
    const task = (await submit(t, cookie, { mode: 'text', prompt: 'pavilion', count: 2 })).json().data as Task;
    await until(
      () => getTask(t, cookie, task.id),
      (x) => x.state === 'generating' && x.progress > 0,
    );
    const [dying, other] = a.queue.running ? [a, b] : [b, a];
    other.queue.hold = false;
    await dying.down();
    const done = await until(() => getTask(t, cookie, task.id), finished);
    expect(done).toMatchObject({ state: 'complete', cost: { cubes: 2, refunded: false } });
    expect(done.results).toHaveLength(2);
    expect(other.bodiesOf('POST /prompt')).toHaveLength(1);
    expect((await eventsOf(t, task.id)).some((e) => e.notice === 'moved')).toBe(true);
    expect((await balanceOf(t, cookie)).cubes).toBe(18);
    expect(await t.app.services!.ledger.sumOf(profile.id)).toBe(18);
  });

  it('refuses a submit at once, uncharged, while every server is down', async () => {
    const only = await startFake();
    const { t, engine } = await fleetApp([only.url]);
    const { cookie, profile } = await registerUser(t);
    await only.down();
    await until(
      async () => engine.available(),
      (up) => !up,
    );
    const refused = (await submit(t, cookie, { mode: 'text', prompt: 'tower' }, 'zh')).json();
    expect(refused).toMatchObject({ code: 'ENGINE_UNAVAILABLE' });
    expect(refused.msg).toBe('当前没有可用的生成服务器，未扣除任何费用，请几分钟后再试');
    expect((await balanceOf(t, cookie)).cubes).toBe(20);
    expect(await t.app.services!.ledger.sumOf(profile.id)).toBe(20);
  });

  it('logs a submit refused while every server is down below error: only the server going down is one', async () => {
    const only = await startFake();
    const { logger, lines } = capturingLogger('info');
    const t = await buildTestApp({ GENERATION_ENGINE: 'comfyui', ...comfySettings([only.url]) }, { logger });
    const engine = await t.app.services!.engines.get('comfyui');
    try {
      const { cookie } = await registerUser(t);
      await only.down();
      await until(
        async () => engine.available(),
        (up) => !up,
      );
      expect((await submit(t, cookie, { mode: 'text', prompt: 'tower' })).json()).toMatchObject({
        code: 'ENGINE_UNAVAILABLE',
      });
      const answer = lines.find((l) => l.msg === 'request' && String(l.url).endsWith('/task/submit'));
      expect(answer).toMatchObject({ status: 503, level: 40 });
      const errors = lines.filter((l) => Number(l.level) >= 50).map((l) => String(l.msg));
      expect(errors).toEqual([expect.stringMatching(/ComfyUI .* is down/)]);
    } finally {
      await t.close();
    }
  });

  it('keeps a queued task waiting while the fleet is down, and runs it when a server is back', async () => {
    const only = await startFake();
    const { t, engine } = await fleetApp([only.url]);
    const { cookie } = await registerUser(t);
    only.queue.hold = true;
    const first = (await submit(t, cookie, { mode: 'text', prompt: 'first' })).json().data as Task;
    await until(
      () => getTask(t, cookie, first.id),
      (x) => x.state === 'generating',
    );
    await only.down();
    await until(
      async () => engine.available(),
      (up) => !up,
    );
    // The running task had no other server: it was handed back and now waits, like any queued one.
    const waiting = await until(
      () => getTask(t, cookie, first.id),
      (x) => x.notice === 'waiting_for_server',
    );
    expect(waiting).toMatchObject({ state: 'queued', position: 1, estimatedWaitSeconds: null });
    only.queue.hold = false;
    await only.up();
    const done = await until(() => getTask(t, cookie, first.id), finished, 30_000);
    expect(done).toMatchObject({ state: 'complete', notice: null });
    expect((await balanceOf(t, cookie)).cubes).toBe(19);
  });

  it('keeps the line in its order after an outage, and stops saying it waits once a task runs', async () => {
    const only = await startFake();
    only.queue.hold = true;
    const { t, engine } = await fleetApp([only.url], { WORKER_CONCURRENCY: '1' });
    const { cookie } = await registerUser(t);
    const first = (await submit(t, cookie, { mode: 'text', prompt: 'first' })).json().data as Task;
    await until(
      () => getTask(t, cookie, first.id),
      (x) => x.state === 'generating',
    );
    const second = (await submit(t, cookie, { mode: 'text', prompt: 'second' })).json().data as Task;
    expect(second.state).toBe('queued');
    await only.down();
    await until(
      () => getTask(t, cookie, first.id),
      (x) => x.notice === 'waiting_for_server',
    );
    await only.up();
    await until(
      async () => engine.available(),
      (up) => up,
    );
    // Submitted once the server is back, before the waiting tasks asked again: it queues behind them.
    const third = (await submit(t, cookie, { mode: 'text', prompt: 'third' })).json().data as Task;
    expect(third.state).toBe('queued');
    const running = await until(
      () => getTask(t, cookie, first.id),
      (x) => x.state === 'generating' && x.progress > 0,
    );
    expect(running.notice).toBeNull();
    const behind = await Promise.all([second, third].map((task) => getTask(t, cookie, task.id)));
    expect(behind.map((x) => [x.state, x.position])).toEqual([
      ['queued', 1],
      ['queued', 2],
    ]);
    only.queue.hold = false;
    only.queue.release();
    const done = [];
    for (const task of [first, second, third]) done.push(await until(() => getTask(t, cookie, task.id), finished));
    expect(done.map((x) => x.state)).toEqual(['complete', 'complete', 'complete']);
    const starts = done.map((x) => Date.parse(x.startedAt!));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('tells a queued task its falling place as the tasks ahead of it leave the line', async () => {
    const only = await startFake();
    only.queue.hold = true;
    const { t } = await fleetApp([only.url], { WORKER_CONCURRENCY: '1' });
    const { cookie } = await registerUser(t);
    const tasks: Task[] = [];
    for (const prompt of ['one', 'two', 'three'])
      tasks.push((await submit(t, cookie, { mode: 'text', prompt })).json().data as Task);
    const last = tasks[2]!;
    expect(last).toMatchObject({ state: 'queued', position: 2 });
    await cancel(t, cookie, tasks[1]!.id);
    // Its own place was sent once, at its submit; the cancel ahead of it moves it up, unasked.
    const places = async () => (await eventsOf(t, last.id)).map((e) => e.position);
    expect(await until(places, (p) => p.includes(1))).toEqual([2, 1]);
    await cancel(t, cookie, tasks[0]!.id);
    await until(
      () => getTask(t, cookie, last.id),
      (x) => x.state === 'generating',
    );
    await cancel(t, cookie, last.id);
  });

  it("shows a task waiting in the server's own queue as queued there, not as generating at 0 %", async () => {
    const only = await startFake();
    only.queue.hold = true;
    const { t } = await fleetApp([only.url], { WORKER_CONCURRENCY: '2' });
    const { cookie } = await registerUser(t);
    const running = (await submit(t, cookie, { mode: 'text', prompt: 'one' })).json().data as Task;
    await until(
      () => getTask(t, cookie, running.id),
      (x) => x.state === 'generating',
    );
    const behind = (await submit(t, cookie, { mode: 'text', prompt: 'two' })).json().data as Task;
    const atServer = await until(
      () => getTask(t, cookie, behind.id),
      (x) => x.state === 'queued' && x.startedAt !== null,
    );
    expect(atServer).toMatchObject({ state: 'queued', position: 1, progress: 0 });
    expect(atServer.estimatedWaitSeconds).toBeGreaterThan(0);
    // Claimed in its submit (the worker had room) and sent behind the first: never shown generating
    // before its server starts it, from the submit's own answer on.
    expect(behind).toMatchObject({ state: 'queued', position: 1 });
    expect((await eventsOf(t, behind.id)).map((e) => e.state)).not.toContain('generating');
    only.queue.hold = false;
    only.queue.release();
    for (const task of [running, behind]) {
      expect(await until(() => getTask(t, cookie, task.id), finished)).toMatchObject({ state: 'complete' });
    }
  });

  it('shows a task claimed from the line as queued at its server until it starts, never generating before', async () => {
    const only = await startFake();
    only.queue.hold = true;
    const { t } = await fleetApp([only.url], { WORKER_CONCURRENCY: '2' });
    const { cookie } = await registerUser(t);
    const tasks: Task[] = [];
    for (const prompt of ['one', 'two', 'three'])
      tasks.push((await submit(t, cookie, { mode: 'text', prompt })).json().data as Task);
    const [first, , last] = tasks as [Task, Task, Task];
    expect(last.state).toBe('queued');
    // The first one's place frees: the last is claimed from the line and sent behind the second.
    await cancel(t, cookie, first.id);
    await until(
      async () => only.queue.pending.length,
      (n) => n === 1,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await getTask(t, cookie, last.id)).toMatchObject({ state: 'queued', position: 1 });
    expect((await eventsOf(t, last.id)).map((e) => e.state)).not.toContain('generating');
    only.queue.hold = false;
    only.queue.release();
    expect(await until(() => getTask(t, cookie, last.id), finished)).toMatchObject({ state: 'complete' });
    const states = (await eventsOf(t, last.id)).map((e) => e.state);
    expect(states.slice(states.indexOf('generating'))).not.toContain('queued');
  });

  it('delivers previews while a 20-step task runs, the newest at least every interval', async () => {
    const only = await startFake({ stepDelayMs: 40 });
    only.queue.steps = 20;
    const { t } = await fleetApp([only.url]);
    const { cookie } = await registerUser(t);
    const task = (await submit(t, cookie, { mode: 'text', prompt: 'slow' })).json().data as Task;
    await until(() => getTask(t, cookie, task.id), finished, 30_000);
    const previews = new Set((await eventsOf(t, task.id)).map((e) => e.previewUrl).filter(Boolean));
    // 20 steps of ~80 ms: ~1.6 s of sampling, a preview shown at least every 300 ms.
    expect(previews.size).toBeGreaterThanOrEqual(4);
  });
});
