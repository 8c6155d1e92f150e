import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  appHeaders,
  buildTestApp,
  freshDatabaseUrl,
  registerUser,
  type TestApp,
} from '../../../test-support/test-app.ts';
import {
  balanceOf,
  buildGenerationApp,
  finished,
  getTask,
  submit,
  until,
} from '../../../test-support/design-helpers.ts';
import { spawnServer, type RunningServer } from '../../../test-support/spawn-server.ts';

// PostgreSQL only: races and separate worker processes.
const secrets = { FILE_URL_SECRET: 'f'.repeat(32), ADMIN_TOKEN: 'a'.repeat(32), FILES_SHARED: 'true' };

describe('concurrent submits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ USER_ACTIVE_TASKS_MAX: '1000' });
  });
  afterAll(() => t.close());

  it('100 at once with a balance for 20: exactly 20 accepted, balance equals the ledger', async () => {
    const { cookie, profile } = await registerUser(t);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => submit(t, cookie, { mode: 'text', prompt: 'race' }).then((r) => r.json())),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    // The rest are refused: the balance ran out, or the per-user submit rate said stop.
    expect(answers.filter((a) => ['INSUFFICIENT_BALANCE', 'RATE_LIMITED'].includes(a.code))).toHaveLength(80);
    expect((await balanceOf(t, cookie)).cubes).toBe(0);
    expect(await t.app.services!.ledger.sumOf(profile.id)).toBe(0);
  });

  it('a refund happens at most once however often cancel is pressed', async () => {
    const { cookie, profile } = await registerUser(t);
    const task = (await submit(t, cookie, { mode: 'text', prompt: 'x', quality: 'FHD' })).json().data;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/turing/design/task/cancel',
          headers: { ...appHeaders(), cookie },
          payload: { id: task.id },
        }),
      ),
    );
    expect((await balanceOf(t, cookie)).cubes).toBe(20);
    expect(await t.app.services!.ledger.sumOf(profile.id)).toBe(20);
  });
});

describe('concurrent submits beside a worker with room', () => {
  let t: Awaited<ReturnType<typeof buildGenerationApp>>;
  beforeAll(async () => {
    // A slow engine: what was handed over is still running when the test looks.
    t = await buildGenerationApp({ WORKER_CONCURRENCY: '2', PREVIEW_PACE_MS: '60000', USER_ACTIVE_TASKS_MAX: '100' });
  });
  afterAll(() => t.close());

  it('8 at once: never more running than the worker has room for, which it fills; the rest wait in line', async () => {
    const { cookie } = await registerUser(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        submit(t, cookie, { mode: 'text', prompt: `race ${i}` }).then((r) => r.json().data),
      ),
    );
    // A submit that found a task in line (committed by another one meanwhile) queues behind it and
    // gives its place back, and the worker claims from the line instead: at most two answers say
    // generating, and the worker ends up running two either way.
    expect(answers.filter((a: { state: string }) => a.state === 'generating').length).toBeLessThanOrEqual(2);
    const count = () =>
      t.app.services!.database.query<{ state: string; n: number }>(
        `select state, count(*)::int as n from tasks where state in ('queued', 'generating') group by state order by state`,
      );
    expect(await until(count, (rows) => rows[0]?.n === 2)).toEqual([
      { state: 'generating', n: 2 },
      { state: 'queued', n: 6 },
    ]);
    expect((await balanceOf(t, cookie)).cubes).toBe(12);
  });
});

describe('worker processes', () => {
  let db: { url: string; drop: () => Promise<void> };
  let api: TestApp;
  const workers: RunningServer[] = [];
  beforeAll(async () => {
    db = await freshDatabaseUrl();
  });
  afterEach(() => {
    for (const w of workers.splice(0)) w.proc.kill('SIGKILL');
  });
  afterAll(async () => {
    await api?.close();
    await db.drop();
  });

  it('two workers never take the same task, and a killed one loses nothing', async () => {
    const env = {
      DATABASE_URL: db.url,
      ...secrets,
      ROLE: 'worker',
      PREVIEW_PACE_MS: '300',
      TASK_STALE_MS: '1500',
      LOG_LEVEL: 'info',
    };
    workers.push(spawnServer(env), spawnServer(env));
    await Promise.all(workers.map((w) => w.port));
    api = await buildTestApp({ USER_ACTIVE_TASKS_MAX: '100', ...secrets }, { databaseUrl: db.url });
    const { cookie } = await registerUser(api);
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1)
      ids.push((await submit(api, cookie, { mode: 'text', prompt: `w${i}` })).json().data.id);
    // Kill one worker mid-way; the other (or its recovery) finishes everything.
    await until(
      () => getTask(api, cookie, ids[0]!),
      (x) => x.state !== 'queued',
    );
    workers[0]!.proc.kill('SIGKILL');
    const done = await Promise.all(ids.map((id) => until(() => getTask(api, cookie, id), finished, 60_000)));
    for (const task of done) {
      expect(task.state === 'complete' || (task.state === 'lost' && task.cost.refunded)).toBe(true);
      if (task.state === 'complete') expect(task.results).toHaveLength(1);
    }
    const rows = await api.database.query<{ attempt: number; results: number }>(
      `select t.attempt, (select count(*)::int from uploads u where u.task_id = t.id) as results from tasks t`,
    );
    // One result per task: no task was generated by both workers.
    for (const row of rows) expect(row.results).toBeLessThanOrEqual(1);
    const [ledger] = await api.database.query<{ sum: number }>(`select coalesce(sum(cubes),0)::int as sum from ledger`);
    expect(ledger!.sum).toBe((await balanceOf(api, cookie)).cubes);
  }, 120_000);
});
