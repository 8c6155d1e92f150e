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
      const api = (p: number) => `http://127.0.0.1:${p}/turing/design`;
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
