import { afterEach, describe, expect, it } from 'vitest';
import type { Task } from '@turing/contract';
import { cleanup, startFake } from '../../test-support/comfyui/comfy-test-kit.ts';
import { comfySettings } from '../../test-support/fleet-helpers.ts';
import { registerUser } from '../../test-support/test-app.ts';
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
    only.queue.hold = false;
    only.queue.release();
    for (const task of [running, behind]) {
      expect(await until(() => getTask(t, cookie, task.id), finished)).toMatchObject({ state: 'complete' });
    }
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
