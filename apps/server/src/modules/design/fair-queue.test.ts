import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../workers.ts';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import {
  balanceOf,
  buildGenerationApp,
  finished,
  getTask,
  submit,
  until,
} from '../../../test-support/design-helpers.ts';

/** A user written straight to the database (registration is not what these tests are about). */
const person = async (t: TestApp) => {
  const { user, cookie } = await seedUser(t);
  return { cookie, profile: { id: user.id } };
};

const cancel = (t: TestApp, cookie: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: '/turing/design/task/cancel',
    headers: { ...appHeaders(), cookie },
    payload: { id },
  });

/** A user with a running time plan: their tasks wait in the plan lane. */
async function withPlan(t: TestApp, { cookie, profile }: { cookie: string; profile: { id: string } }) {
  await balanceOf(t, cookie); // opens the account
  await t.database.query(`update accounts set plan_until = now() + interval '1 day' where user_id = $1`, [profile.id]);
}

/** Ids of tasks in the order they started: each one's first event as generating, in the order written. */
const startOrder = async (t: TestApp) =>
  (
    await t.database.query<{ id: string }>(
      `select task_id as id from task_events where payload->>'state' = 'generating'
        group by task_id order by min(id)`,
    )
  ).map((r) => r.id);

const turnsOf = async (t: TestApp) =>
  (await t.database.query<{ n: number }>(`select plan_streak as n from queue_turns where engine = 'preview'`))[0]?.n;

describe('one worker shared by a busy user and a newcomer', () => {
  let t: Awaited<ReturnType<typeof buildGenerationApp>>;
  beforeAll(async () => {
    // One task at a time, each long enough that the line forms behind it.
    t = await buildGenerationApp({
      PREVIEW_PACE_MS: '1500',
      WORKER_CONCURRENCY: '1',
      USER_ACTIVE_TASKS_MAX: '30',
      WELCOME_CUBES: '40',
    });
  });
  afterAll(() => t.close());

  it("starts the newcomer's first task before the busy user's third", async () => {
    const a = await person(t);
    const b = await person(t);
    const ofA: string[] = [];
    for (let i = 0; i < 20; i += 1)
      ofA.push((await submit(t, a.cookie, { mode: 'text', prompt: `a${i}` })).json().data.id);
    const ofB: string[] = [];
    for (let i = 0; i < 2; i += 1)
      ofB.push((await submit(t, b.cookie, { mode: 'text', prompt: `b${i}` })).json().data.id);
    // B is next in line already, although 19 tasks of A are older.
    const bFirst = await getTask(t, b.cookie, ofB[0]!);
    if (bFirst.state === 'queued') expect(bFirst.position).toBeLessThanOrEqual(2);
    // Until A's third task has started, as its recorded start says: on PostgreSQL the test can read
    // the task's new state a moment before the event of its start.
    const order = await until(
      () => startOrder(t),
      (started) => started.includes(ofA[2]!),
      30_000,
    );
    expect(order).toContain(ofB[0]);
    expect(order.indexOf(ofB[0]!)).toBeLessThan(order.indexOf(ofA[2]!));
    for (const [cookie, ids] of [
      [a.cookie, ofA],
      [b.cookie, ofB],
    ] as const)
      for (const id of ids) await cancel(t, cookie, id);
  }, 60_000);
});

describe('the plan lane and the places shown', () => {
  let t: TestApp;
  let stop: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    t = await buildTestApp({
      PREVIEW_PACE_MS: '0',
      UPSCALER_MODEL: 'off',
      WORKER_CONCURRENCY: '1',
      QUEUE_PLAN_LANE_SHARE: '3',
      USER_ACTIVE_TASKS_MAX: '20',
    });
  });
  afterEach(async () => {
    await stop?.();
    stop = null;
  });
  afterAll(() => t.close());

  it('starts plan tasks ahead, yet gives pay-per-image one start in three, in the places it showed', async () => {
    const [p1, p2, x1, x2] = [await person(t), await person(t), await person(t), await person(t)];
    await withPlan(t, p1);
    await withPlan(t, p2);
    // No worker yet: the whole line forms first, in a mixed order of users and lanes.
    const mix = [x1, x1, p1, x2, p1, p1, x1, p2, p1, p2, x2, p1];
    const ids: { id: string; cookie: string; plan: boolean }[] = [];
    for (const [i, u] of mix.entries()) {
      const task = (await submit(t, u.cookie, { mode: 'text', prompt: `mix ${i}` })).json().data;
      expect(task.state).toBe('queued');
      ids.push({ id: task.id, cookie: u.cookie, plan: u === p1 || u === p2 });
    }
    const shown = await Promise.all(ids.map(async (x) => (await getTask(t, x.cookie, x.id)).position!));
    // Every place once: 1 to 12.
    expect([...shown].sort((a, b) => a - b)).toEqual(ids.map((_, i) => i + 1));

    stop = await startWorkers(t.app.services!);
    // One poll at a time: twelve loops polling at once kept the embedded database (one connection)
    // busy enough to starve the worker on a loaded machine. A deadline, not a timing.
    for (const x of ids) await until(() => getTask(t, x.cookie, x.id), finished, 60_000);
    const order = await startOrder(t);
    // The places shown were the order they started in.
    expect(order).toEqual(
      ids
        .map((x, i) => ({ ...x, place: shown[i]! }))
        .sort((a, b) => a.place - b.place)
        .map((x) => x.id),
    );

    const lanes = order.map((id) => (ids.find((x) => x.id === id)!.plan ? 'plan' : 'pay'));
    // Plan tasks first, one start in three for pay-per-image while both wait; then the rest of them.
    expect(lanes.join(' ')).toBe('plan plan pay plan plan pay plan plan pay plan pay pay');
    // Within a lane, users take turns: neither plan user starts twice in a row while the other waits.
    const planUsers = order
      .filter((id) => ids.find((x) => x.id === id)!.plan)
      .map((id) => ids.find((x) => x.id === id)!.cookie);
    expect(planUsers.slice(0, 4)).toEqual([p1.cookie, p2.cookie, p1.cookie, p2.cookie]);
    // The last start was pay-per-image: no plan start since.
    expect(await turnsOf(t)).toBe(0);
    const served = await t.database.query<{ n: number }>(
      `select count(*)::int as n from accounts where served_at is not null and user_id = any($1::uuid[])`,
      [[p1, p2, x1, x2].map((u) => u.profile.id)],
    );
    expect(served[0]!.n).toBe(4);
  });

  it('a task submitted beside a worker with room starts at once only when no one waits, and counts as served', async () => {
    const [waiting, plan] = [await person(t), await person(t)];
    await withPlan(t, plan);
    const lifecycle = t.app.services!.taskLifecycle;
    const servedAt = async () =>
      (
        await t.database.query<{ served: string | null }>(
          `select served_at as served from accounts where user_id = $1`,
          [plan.profile.id],
        )
      )[0]!.served;
    const ahead = (await submit(t, waiting.cookie, { mode: 'text', prompt: 'in line' })).json().data;
    expect(ahead.state).toBe('queued');
    // A worker of this process with room, standing in for the runner: it records what it is given.
    const calls: string[] = [];
    const detach = t.app.services!.announcer.attachWorkers(async () => ({
      workerId: 'test-node:1:local',
      atServer: false,
      start: async (row) => void calls.push(`start ${row.id}`),
      release: () => calls.push('release'),
    }));
    try {
      const before = (await turnsOf(t)) ?? 0;
      const behind = (await submit(t, plan.cookie, { mode: 'text', prompt: 'no jumping' })).json().data;
      // Someone waits for the engine: the new task queues behind, the place goes back, no one is served.
      expect(behind.state).toBe('queued');
      expect(calls).toEqual(['release']);
      expect(await servedAt()).toBeNull();
      expect((await turnsOf(t)) ?? 0).toBe(before);
      await lifecycle.cancelQueued(ahead.id);
      await lifecycle.cancelQueued(behind.id);
      const direct = (await submit(t, plan.cookie, { mode: 'text', prompt: 'at once' })).json().data;
      expect(direct.state).toBe('generating');
      expect(await servedAt()).not.toBeNull();
      // A plan start: one more in a row.
      expect(await turnsOf(t)).toBe(before + 1);
      await lifecycle.handBack(direct.id);
      await lifecycle.cancelQueued(direct.id);
    } finally {
      detach();
    }
  });
});
