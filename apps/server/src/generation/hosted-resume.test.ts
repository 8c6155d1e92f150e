import { afterEach, describe, expect, it } from 'vitest';
import {
  appHeaders,
  registerOn as register,
  spawnServer,
  type RunningServer,
} from '../../test-support/spawn-server.ts';
import { FakeBfl } from '../../test-support/providers/fake-bfl.ts';

const started: RunningServer[] = [];
const fakes: FakeBfl[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) s.proc.kill('SIGKILL');
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 600; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
};

const api = (p: number) => `http://127.0.0.1:${p}/turing/design`;

/**
 * A FLUX task of two images is sent by one server process, which is killed while BFL works on it;
 * BFL finishes both jobs and `gapMs` pass (on BFL's clock) before the next process starts and takes
 * the task up. Resolves once the task ended there.
 */
async function restartAfter(gapMs: number, env: Record<string, string> = {}) {
  const fake = await FakeBfl.start();
  fakes.push(fake);
  fake.hold = true;
  const serverEnv = { GENERATION_ENGINE: 'flux', BFL_API_KEY: fake.key, BFL_BASE_URL: fake.url, ...env };
  const first = spawnServer(serverEnv);
  started.push(first);
  const port = await first.port;
  const cookie = await register(port, first.dataDir);
  const submitted = (await fetch(`${api(port)}/task/submit`, {
    method: 'POST',
    headers: { ...appHeaders, cookie },
    body: JSON.stringify({ mode: 'text', prompt: 'survive', count: 2 }),
  }).then((r) => r.json())) as { data: { id: string } };
  await until(() => fake.jobs.size === 2 && fake.requestsTo('poll').length >= 4, 'both jobs polled');
  first.proc.kill('SIGKILL');
  await first.exit;
  await fake.release();
  fake.advance(gapMs);

  const second = spawnServer({ ...serverEnv, DATA_DIR: first.dataDir });
  started.push(second);
  const port2 = await second.port;
  const read = async () =>
    (
      (await fetch(`${api(port2)}/task/get?id=${submitted.data.id}`, { headers: { cookie } }).then((r) =>
        r.json(),
      )) as {
        data: {
          state: string;
          results: unknown[];
          cost: { refunded: boolean };
          error: { code: string } | null;
        };
      }
    ).data;
  await until(async () => ['complete', 'lost'].includes((await read()).state), 'the task ends');
  const balance = (
    (await fetch(`${api(port2)}/balance`, { headers: { cookie } }).then((r) => r.json())) as {
      data: { cubes: number };
    }
  ).data;
  return { fake, task: await read(), cubes: balance.cubes };
}

describe('a FLUX result that expired while no server followed its job', () => {
  it('ends the task refunded after a restart longer than the link’s life, without a second paid job', async () => {
    const { fake, task, cubes } = await restartAfter(11 * 60_000);
    expect(task).toMatchObject({ state: 'lost', results: [], cost: { refunded: true } });
    expect(task.error?.code).toBe('TASK_RESULT_EXPIRED');
    // The restarted server asked BFL about the same jobs and found their images gone: nothing sent again.
    expect(fake.submissions()).toHaveLength(2);
    expect(fake.requestsTo('result').length).toBeGreaterThanOrEqual(2);
    expect(cubes).toBe(20);
  }, 120_000);

  // RESUBMIT_EXPIRED_RESULTS=true (a new, billed job per expired image) is followed at the engine's
  // boundary in engines/flux/flux-results.test.ts; a restart of the whole server adds nothing to it.
});

describe('a server stopped while a hosted provider works on its task', () => {
  it.each(['SIGKILL', 'SIGTERM'] as const)(
    'follows the same jobs after a restart (%s): nothing is submitted or charged twice',
    async (signal) => {
      const fake = await FakeBfl.start();
      fakes.push(fake);
      fake.hold = true;
      const env = { GENERATION_ENGINE: 'flux', BFL_API_KEY: fake.key, BFL_BASE_URL: fake.url, LOG_LEVEL: 'info' };
      const first = spawnServer(env);
      started.push(first);
      const port = await first.port;
      const cookie = await register(port, first.dataDir);
      const submitted = (await fetch(`${api(port)}/task/submit`, {
        method: 'POST',
        headers: { ...appHeaders, cookie },
        body: JSON.stringify({ mode: 'text', prompt: 'survive', count: 2 }),
      }).then((r) => r.json())) as { data: { id: string } };
      const id = submitted.data.id;
      // Both jobs sent and being polled: their references are recorded before polling starts.
      await until(() => fake.jobs.size === 2 && fake.requestsTo('poll').length >= 4, 'both jobs polled');
      first.proc.kill(signal);
      await first.exit;

      const second = spawnServer({ ...env, DATA_DIR: first.dataDir });
      started.push(second);
      const port2 = await second.port;
      const read = async (): Promise<{ state: string; results: unknown[] }> =>
        (
          (await fetch(`${api(port2)}/task/get?id=${id}`, { headers: { cookie } }).then((r) => r.json())) as {
            data: never;
          }
        ).data;
      const polled = fake.requestsTo('poll').length;
      await until(() => fake.requestsTo('poll').length > polled, 'the restarted server polls');
      await fake.release();
      await until(async () => ['complete', 'lost'].includes((await read()).state), 'the task ends');
      const task = await read();
      expect(task.state).toBe('complete');
      expect(task.results).toHaveLength(2);
      expect(fake.submissions()).toHaveLength(2);
      const balance = (
        (await fetch(`${api(port2)}/balance`, { headers: { cookie } }).then((r) => r.json())) as {
          data: { cubes: number };
        }
      ).data;
      expect(balance.cubes).toBe(18);
    },
    120_000,
  );
});
