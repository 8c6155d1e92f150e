import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@turing/contract';
import { appHeaders, buildTestApp, registerUser, type TestApp } from '../../../test-support/test-app.ts';
import {
  balanceOf,
  buildGenerationApp,
  finished,
  getTask,
  submit,
  until,
} from '../../../test-support/design-helpers.ts';

const cancel = (t: TestApp, cookie: string, id: string, locale: 'en' | 'zh' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/turing/design/task/cancel',
    headers: { ...appHeaders(locale), cookie },
    payload: { id },
  });

describe('without workers (tasks wait in the queue)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One task at a time: the second waits a whole run for the first.
    t = await buildTestApp({ WORKER_CONCURRENCY: '1' });
  });
  afterAll(() => t.close());

  it('shows queue position and wait, and cancels a queued task at once with its refund', async () => {
    const { cookie, profile } = await registerUser(t);
    const first = (await submit(t, cookie, { mode: 'text', prompt: 'a' })).json().data;
    const second = (await submit(t, cookie, { mode: 'text', prompt: 'b', quality: 'HD' })).json().data;
    expect([first.position, second.position]).toEqual([1, 2]);
    expect(first.estimatedWaitSeconds).toBe(0);
    expect(second.estimatedWaitSeconds).toBeGreaterThan(0);
    expect((await balanceOf(t, cookie)).cubes).toBe(17);
    const res = (await cancel(t, cookie, second.id)).json().data;
    expect(res).toMatchObject({ state: 'cancelled', cost: { cubes: 2, refunded: true } });
    // A second cancel changes nothing and refunds nothing.
    expect((await cancel(t, cookie, second.id)).json().data.state).toBe('cancelled');
    expect((await balanceOf(t, cookie)).cubes).toBe(19);
    expect(await t.app.services!.ledger.sumOf(profile.id)).toBe(19);
  });

  /** A worker of this process with room, standing in for the runner: it records what it is given. */
  function localWorker() {
    const calls: string[] = [];
    const detach = t.app.services!.announcer.attachWorkers(async () => ({
      workerId: 'test-node:1:local',
      atServer: false,
      start: async (row) => void calls.push(`start ${row.id}`),
      release: () => calls.push('release'),
    }));
    return { calls, detach };
  }
  /** Ends every task still waiting in line (earlier tests leave some). */
  const emptyTheLine = async () => {
    const services = t.app.services!;
    for (const row of await services.queuedTasks('preview', 100)) await services.taskLifecycle.cancelQueued(row.id);
  };
  const eventsOf = async (taskId: string) =>
    (
      await t.app.services!.database.query<{ state: string }>(
        `select payload->>'state' as state from task_events where task_id = $1 order by id`,
        [taskId],
      )
    ).map((e) => e.state);

  it('hands a task to a worker of this process with room in its submit: its first event says generating', async () => {
    const { cookie } = await registerUser(t);
    await emptyTheLine();
    const worker = localWorker();
    try {
      const task = (await submit(t, cookie, { mode: 'text', prompt: 'at once' })).json().data;
      expect(task).toMatchObject({ state: 'generating', position: null });
      expect(worker.calls).toEqual([`start ${task.id}`]);
      expect(await eventsOf(task.id)).toEqual(['generating']);
      const [row] = await t.app.services!.database.query<{ worker_id: string; attempt: number; started: boolean }>(
        'select worker_id, attempt, started_at is not null as started from tasks where id = $1',
        [task.id],
      );
      expect(row).toEqual({ worker_id: 'test-node:1:local', attempt: 1, started: true });
      expect((await balanceOf(t, cookie)).cubes).toBe(19);
    } finally {
      worker.detach();
    }
  });

  it('queues a task behind one already waiting in line, and gives back the place it held', async () => {
    const { cookie } = await registerUser(t);
    const first = (await submit(t, cookie, { mode: 'text', prompt: 'in line' })).json().data;
    const worker = localWorker();
    try {
      const second = (await submit(t, cookie, { mode: 'text', prompt: 'behind it' })).json().data;
      expect([first.state, second.state]).toEqual(['queued', 'queued']);
      expect(second.position).toBe(first.position + 1);
      expect(worker.calls).toEqual(['release']);
      expect(await eventsOf(second.id)).toEqual(['queued']);
    } finally {
      worker.detach();
    }
  });

  it('gives back the place when the submit fails whole: no task, nothing charged', async () => {
    const { cookie, profile } = await registerUser(t);
    await emptyTheLine();
    const db = t.app.services!.database;
    await db.query(`create function refuse_generating_event() returns trigger language plpgsql as $$
      begin
        if new.payload->>'state' = 'generating' then raise exception 'event table full'; end if;
        return new;
      end $$`);
    await db.query(`create trigger refuse_generating_event before insert on task_events for each row
      execute function refuse_generating_event()`);
    const worker = localWorker();
    try {
      expect((await submit(t, cookie, { mode: 'text', prompt: 'no room for its event' })).json().status).toBe(500);
      expect(worker.calls).toEqual(['release']);
      expect(await db.query('select id from tasks where user_id = $1', [profile.id])).toEqual([]);
      expect((await balanceOf(t, cookie)).cubes).toBe(20);
    } finally {
      worker.detach();
      await db.query('drop trigger refuse_generating_event on task_events');
      await db.query('drop function refuse_generating_event()');
    }
  });

  it("cannot cancel another user's task", async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const task = (await submit(t, a.cookie, { mode: 'text', prompt: 'a' })).json().data;
    expect((await cancel(t, b.cookie, task.id)).json().code).toBe('TASK_NOT_FOUND');
  });

  it('caps the tasks one user has queued or running', async () => {
    const capped = await buildTestApp({ USER_ACTIVE_TASKS_MAX: '2' });
    try {
      const { cookie } = await registerUser(capped);
      for (let i = 0; i < 2; i += 1)
        expect((await submit(capped, cookie, { mode: 'text', prompt: 'x' })).json().status).toBe(200);
      const refused = (await submit(capped, cookie, { mode: 'text', prompt: 'x' })).json();
      expect(refused).toMatchObject({ code: 'TOO_MANY_TASKS' });
      expect(refused.msg).toContain('2');
      expect((await balanceOf(capped, cookie)).cubes).toBe(18);
    } finally {
      await capped.close();
    }
  });
});

describe('with a slow engine', () => {
  let t: Awaited<ReturnType<typeof buildGenerationApp>>;
  beforeAll(async () => {
    // Long enough for the first drawing (its thread starts with it) to show before the end, on a busy machine too.
    t = await buildGenerationApp({ PREVIEW_PACE_MS: '30000', TASK_TIMEOUT_MS: '15000' });
  });
  afterAll(() => t.close());

  it('reports progress, then ends timed out with the refund and its message', async () => {
    const { cookie } = await registerUser(t);
    const task = (await submit(t, cookie, { mode: 'text', prompt: 'slow' })).json().data;
    const res = await until(
      () =>
        t.app
          .inject({
            method: 'GET',
            url: `/turing/design/task/get?id=${task.id}`,
            headers: { cookie, 'accept-language': 'zh' },
          })
          .then((r) => r.json().data),
      finished,
    );
    expect(res).toMatchObject({ state: 'timed_out', cost: { refunded: true }, error: { code: 'TASK_TIMED_OUT' } });
    // What the owner's stream carried before the end (read from the events kept for reconnections,
    // so a busy machine's slow polls cannot miss the short generating phase).
    const rows = await t.app.services!.database.query<{ payload: Task }>(
      'select payload from task_events where task_id = $1 order by seq',
      [task.id],
    );
    const moving = rows.map((r) => r.payload).find((p) => p.state === 'generating' && p.progress > 0);
    expect(moving?.previewUrl).toMatch(/^\/files\/private\/preview\//);
    expect(res.error.msg).toBe('任务超时已取消，魔方已退还，请重新提交');
    expect((await balanceOf(t, cookie)).cubes).toBe(20);
  });
});

describe('with a slow engine and no early timeout', () => {
  let t: Awaited<ReturnType<typeof buildGenerationApp>>;
  beforeAll(async () => {
    t = await buildGenerationApp({ PREVIEW_PACE_MS: '30000' });
  });
  afterAll(() => t.close());

  it('cancels a running task through the engine', async () => {
    const { cookie } = await registerUser(t);
    const task = (await submit(t, cookie, { mode: 'text', prompt: 'stop me' })).json().data;
    await until(
      () => getTask(t, cookie, task.id),
      (x) => x.state === 'generating',
    );
    await cancel(t, cookie, task.id);
    const done = await until(() => getTask(t, cookie, task.id), finished);
    expect(done).toMatchObject({ state: 'cancelled', cost: { refunded: true } });
    expect((await balanceOf(t, cookie)).cubes).toBe(20);
  });
});

describe('the event stream', () => {
  let t: Awaited<ReturnType<typeof buildGenerationApp>>;
  let base = '';
  beforeAll(async () => {
    t = await buildGenerationApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  type StreamEvent = { id: number; data: { id: string; seq: number; state: string } };
  /**
   * Reads `count` events from the stream, then closes it. `attached` resolves once the server
   * registered the stream (its first line, `retry:`, is written after that), so nothing published
   * later can be missed.
   */
  function readEvents(cookie: string, count: number, lastEventId?: number) {
    let markAttached!: () => void;
    const attached = new Promise<void>((resolve) => (markAttached = resolve));
    const events = new Promise<StreamEvent[]>((resolve, reject) => {
      const seen: StreamEvent[] = [];
      const req = http.get(
        `${base}/turing/design/events`,
        { headers: { cookie, ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}) } },
        (res) => {
          expect(res.headers['content-type']).toContain('text/event-stream');
          let buffer = '';
          res.on('data', (chunk: Buffer) => {
            buffer += chunk.toString();
            let cut;
            while ((cut = buffer.indexOf('\n\n')) !== -1) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              if (block.startsWith('retry:')) markAttached();
              const id = /^id: (\d+)$/m.exec(block)?.[1];
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (id && data) seen.push({ id: Number(id), data: JSON.parse(data) });
              if (seen.length >= count) {
                req.destroy();
                resolve(seen);
              }
            }
          });
        },
      );
      req.on('error', (err) => (seen.length >= count ? undefined : reject(err)));
    });
    return Object.assign(events, { attached });
  }

  it('pushes each change once, in order, and replays what a reconnecting browser missed', async () => {
    const { cookie } = await registerUser(t);
    const live = readEvents(cookie, 2);
    await live.attached;
    const task = (await submit(t, cookie, { mode: 'text', prompt: 'live' })).json().data;
    const seen = await live;
    // The worker had room: the task was claimed in its submit, so its first event says generating.
    expect(seen[0]!.data).toMatchObject({ id: task.id, state: 'generating' });
    expect(seen.map((e) => e.data.seq)).toEqual([...seen.map((e) => e.data.seq)].sort((a, b) => a - b));
    await until(() => getTask(t, cookie, task.id), finished);
    // Reconnect from the first event: everything after it comes back, in order, ending complete.
    const replay = await readEvents(cookie, 1, seen[0]!.id);
    expect(replay[0]!.id).toBe(seen[1]!.id);
    const rest = await t.app.services!.database.query<{ state: string }>(
      `select payload->>'state' as state from task_events where task_id = $1 order by id`,
      [task.id],
    );
    expect(rest.at(-1)!.state).toBe('complete');
  });

  it('carries an event too large for its notification all the same, in its place', async () => {
    const { cookie } = await registerUser(t);
    const live = readEvents(cookie, 2);
    await live.attached;
    // Two prompts of 1,000 Chinese characters: the event is over 7,000 bytes on every copy of them.
    const prompt = '湖'.repeat(1000);
    const task = (await submit(t, cookie, { mode: 'text', prompt, negativePrompt: '雾'.repeat(1000) })).json().data;
    const seen = await live;
    expect(seen.map((e) => e.data.id)).toEqual([task.id, task.id]);
    expect(seen[0]!.data).toMatchObject({ state: 'generating', promptOriginal: prompt });
    expect(seen.map((e) => e.id)).toEqual([...seen.map((e) => e.id)].sort((a, b) => a - b));
    const sizes = await t.app.services!.database.query<{ bytes: number }>(
      `select octet_length(payload::text) as bytes from task_events where task_id = $1 order by id`,
      [task.id],
    );
    expect(sizes[0]!.bytes).toBeGreaterThan(7_000);
  });

  it("never shows one user another user's events", async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const stream = readEvents(b.cookie, 1);
    await stream.attached;
    await submit(t, a.cookie, { mode: 'text', prompt: 'private' });
    const mine = (await submit(t, b.cookie, { mode: 'text', prompt: 'mine' })).json().data;
    expect((await stream)[0]!.data.id).toBe(mine.id);
  });

  it('holds a few streams per user: a seventh closes the oldest, and the others stay open', async () => {
    const { cookie } = await registerUser(t);
    const ended: boolean[] = [];
    const requests: http.ClientRequest[] = [];
    const open = (n: number) =>
      new Promise<void>((resolve) => {
        ended[n] = false;
        const req = http.get(`${base}/turing/design/events`, { headers: { cookie } }, (res) => {
          res.on('data', (chunk: Buffer) => chunk.toString().includes('retry:') && resolve());
          res.on('end', () => (ended[n] = true));
        });
        req.on('error', () => (ended[n] = true));
        requests.push(req);
      });
    for (let n = 0; n < 7; n += 1) await open(n);
    await until(
      async () => ended.slice(),
      (e) => e[0] === true,
    );
    expect(ended).toEqual([true, false, false, false, false, false, false]);
    for (const req of requests) req.destroy();
  });

  it('needs a session', async () => {
    const res = await fetch(`${base}/turing/design/events`);
    expect(res.status).toBe(401);
  });
});
