import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  appHeaders,
  registerOn as register,
  spawnServer,
  type RunningServer,
} from '../../test-support/spawn-server.ts';
import { FakeBfl } from '../../test-support/providers/fake-bfl.ts';

const started: RunningServer[] = [];
const fakes: FakeBfl[] = [];
const stopAll = async () => {
  for (const s of started.splice(0)) s.proc.kill('SIGKILL');
  await Promise.all(fakes.splice(0).map((f) => f.close()));
};

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 600; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
};

const api = (p: number) => `http://127.0.0.1:${p}/turing/design`;

interface TaskView {
  state: string;
  results: unknown[];
  cost: { refunded: boolean };
  error: { code: string } | null;
}

/** A user of a running server, with what it reads and submits there. */
function client(cookie: string) {
  let port = 0;
  const get = async <T>(path: string) =>
    ((await fetch(`${api(port)}${path}`, { headers: { cookie } }).then((r) => r.json())) as { data: T }).data;
  return {
    /** Talks to this server from now on (the restarted process has a port of its own). */
    at(p: number) {
      port = p;
    },
    async submit(prompt: string) {
      const res = (await fetch(`${api(port)}/task/submit`, {
        method: 'POST',
        headers: { ...appHeaders, cookie },
        body: JSON.stringify({ mode: 'text', prompt, count: 2 }),
      }).then((r) => r.json())) as { data: { id: string } };
      return res.data.id;
    },
    task: (id: string) => get<TaskView>(`/task/get?id=${id}`),
    cubes: async () => (await get<{ cubes: number }>('/balance')).cubes,
  };
}
const ended = (task: TaskView) => ['complete', 'lost'].includes(task.state);
/** Whether a job submitted to BFL was one of the task submitted with that prompt. */
const sentFor = (request: { json: unknown }, prompt: string) =>
  String((request.json as { prompt?: unknown }).prompt).includes(prompt);

/**
 * One server process is killed (SIGKILL) while BFL works on two FLUX tasks of two images, each of
 * its own user. The jobs of one finish, and their links' 10 minutes pass (on BFL's clock), before
 * the next process starts on the same data folder; the other's are still running then, and finish
 * once the new process follows them. Both restarts are one: a server process takes seconds to start.
 */
describe('a server killed while BFL works on its tasks', () => {
  let fake: FakeBfl;
  let expired: { id: string; jobs: string[]; user: ReturnType<typeof client> };
  let followed: { id: string; jobs: string[]; user: ReturnType<typeof client> };

  beforeAll(async () => {
    fake = await FakeBfl.start();
    fakes.push(fake);
    fake.hold = true;
    const env = { GENERATION_ENGINE: 'flux', BFL_API_KEY: fake.key, BFL_BASE_URL: fake.url };
    const first = spawnServer(env);
    started.push(first);
    const port = await first.port;
    const users = [];
    for (let i = 0; i < 2; i += 1) users.push(client(await register(port, first.dataDir)));
    const [late, live] = users as [ReturnType<typeof client>, ReturnType<typeof client>];
    late.at(port);
    live.at(port);
    const ids = { expire: await late.submit('expire'), survive: await live.submit('survive') };
    const jobsOf = (word: string) =>
      [...fake.jobs.values()].filter((j) => String(j.body.prompt).includes(word)).map((j) => j.id);
    // All four jobs sent and being polled: their references are recorded before polling starts.
    await until(() => fake.jobs.size === 4 && [...fake.jobs.values()].every((j) => j.polls >= 2), 'all jobs polled');
    expired = { id: ids.expire, jobs: jobsOf('expire'), user: late };
    followed = { id: ids.survive, jobs: jobsOf('survive'), user: live };
    first.proc.kill('SIGKILL');
    await first.exit;
    await fake.releaseSome((job) => expired.jobs.includes(job.id));
    fake.advance(11 * 60_000);

    const second = spawnServer({ ...env, DATA_DIR: first.dataDir });
    started.push(second);
    const port2 = await second.port;
    late.at(port2);
    live.at(port2);
    // The restarted server follows the running jobs: only then do they finish.
    const polls = () => followed.jobs.reduce((n, id) => n + fake.jobs.get(id)!.polls, 0);
    const polled = polls();
    await until(() => polls() > polled, 'the restarted server polls');
    await fake.releaseSome((job) => followed.jobs.includes(job.id));
    for (const { id, user } of [expired, followed])
      await until(async () => ended(await user.task(id)), 'the task ends');
  }, 120_000);
  afterAll(stopAll);

  it('ends the task whose result expired meanwhile refunded, without a second paid job', async () => {
    const task = await expired.user.task(expired.id);
    expect(task).toMatchObject({ state: 'lost', results: [], cost: { refunded: true } });
    expect(task.error?.code).toBe('TASK_RESULT_EXPIRED');
    // The restarted server asked BFL about the same jobs and found their images gone: nothing sent again.
    expect(fake.submissions().filter((r) => sentFor(r, 'expire'))).toHaveLength(2);
    const links = fake
      .requestsTo('result')
      .filter((r) => expired.jobs.some((id) => r.path.includes(id.replaceAll('-', ''))));
    expect(links.length).toBeGreaterThanOrEqual(2);
    expect(await expired.user.cubes()).toBe(20);
  });

  it('follows the same jobs of the other after the restart: nothing is submitted or charged twice', async () => {
    const task = await followed.user.task(followed.id);
    expect(task.state).toBe('complete');
    expect(task.results).toHaveLength(2);
    expect(fake.submissions().filter((r) => sentFor(r, 'survive'))).toHaveLength(2);
    expect(await followed.user.cubes()).toBe(18);
  });

  // RESUBMIT_EXPIRED_RESULTS=true (a new, billed job per expired image) is followed at the engine's
  // boundary in engines/flux/flux-results.test.ts; a restart of the whole server adds nothing to it.
});

describe('a server stopped while a hosted provider works on its task', () => {
  afterEach(stopAll);

  it('follows the same jobs after a restart (SIGTERM): nothing is submitted or charged twice', async () => {
    const fake = await FakeBfl.start();
    fakes.push(fake);
    fake.hold = true;
    const env = { GENERATION_ENGINE: 'flux', BFL_API_KEY: fake.key, BFL_BASE_URL: fake.url, LOG_LEVEL: 'info' };
    const first = spawnServer(env);
    started.push(first);
    const port = await first.port;
    const user = client(await register(port, first.dataDir));
    user.at(port);
    const id = await user.submit('survive');
    // Both jobs sent and being polled: their references are recorded before polling starts.
    await until(() => fake.jobs.size === 2 && fake.requestsTo('poll').length >= 4, 'both jobs polled');
    first.proc.kill('SIGTERM');
    await first.exit;

    const second = spawnServer({ ...env, DATA_DIR: first.dataDir });
    started.push(second);
    user.at(await second.port);
    const polled = fake.requestsTo('poll').length;
    await until(() => fake.requestsTo('poll').length > polled, 'the restarted server polls');
    await fake.release();
    await until(async () => ended(await user.task(id)), 'the task ends');
    const task = await user.task(id);
    expect(task.state).toBe('complete');
    expect(task.results).toHaveLength(2);
    expect(fake.submissions()).toHaveLength(2);
    expect(await user.cubes()).toBe(18);
  }, 120_000);
});
