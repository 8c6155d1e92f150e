import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, startFake } from '../../test-support/comfyui/comfy-test-kit.ts';
import { comfySettings } from '../../test-support/fleet-helpers.ts';
import { appHeaders, registerOn, spawnServer, type RunningServer } from '../../test-support/spawn-server.ts';
import { freshDatabaseUrl } from '../../test-support/test-app.ts';

const started: RunningServer[] = [];
let db: Awaited<ReturnType<typeof freshDatabaseUrl>>;
beforeAll(async () => {
  db = await freshDatabaseUrl();
});
afterEach(async () => {
  for (const s of started.splice(0)) s.proc.kill('SIGKILL');
  await cleanup();
});
afterAll(() => db.drop());

describe('a node killed (-9) on PostgreSQL while its prompt runs on a GPU server', () => {
  it('comes back, takes its task up at once where the server has it, and runs nothing twice', async () => {
    const fake = await startFake();
    fake.queue.hold = true;
    const env = {
      DATABASE_URL: db.url,
      FILE_URL_SECRET: 'f'.repeat(32),
      ADMIN_TOKEN: 'a'.repeat(32),
      FILES_SHARED: 'true',
      NODE_ID: 'gpu-node-a',
      GENERATION_ENGINE: 'comfyui',
      ...comfySettings([fake.url]),
      // Far longer than the test: the task must come back because the node knows it is its own.
      TASK_STALE_MS: '600000',
      LOG_LEVEL: 'info',
    };
    const first = spawnServer(env);
    started.push(first);
    const port = await first.port;
    const cookie = await registerOn(port, first.dataDir);
    const api = (p: number) => `http://127.0.0.1:${p}/turing/design`;
    const submitted = (await fetch(`${api(port)}/task/submit`, {
      method: 'POST',
      headers: { ...appHeaders, cookie },
      body: JSON.stringify({ mode: 'text', prompt: 'survive', count: 2 }),
    }).then((r) => r.json())) as { data: { id: string } };
    const id = submitted.data.id;
    const read = async (p: number) =>
      (
        (await fetch(`${api(p)}/task/get?id=${id}`, { headers: { cookie } }).then((r) => r.json())) as {
          data: { state: string; progress: number; results: unknown[]; cost: { refunded: boolean } };
        }
      ).data;
    for (let i = 0; i < 300 && (await read(port)).progress === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(await read(port)).toMatchObject({ state: 'generating' });
    expect(fake.queue.running?.id).toBeTruthy();

    first.proc.kill('SIGKILL');
    await first.exit;
    const second = spawnServer({ ...env, DATA_DIR: first.dataDir });
    started.push(second);
    const port2 = await second.port;
    // The prompt goes on at the server; the new process follows it to the end.
    fake.queue.hold = false;
    fake.queue.release();
    let task = await read(port2);
    for (let i = 0; i < 400 && !['complete', 'lost', 'timed_out'].includes(task.state); i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      task = await read(port2);
    }
    expect(task).toMatchObject({ state: 'complete', cost: { refunded: false } });
    expect(task.results).toHaveLength(2);
    expect(fake.bodiesOf('POST /prompt')).toHaveLength(1);
    expect(second.output()).toContain('taking up a task the server already has');
    const balance = (
      (await fetch(`${api(port2)}/balance`, { headers: { cookie } }).then((r) => r.json())) as {
        data: { cubes: number };
      }
    ).data;
    expect(balance.cubes).toBe(18);
  }, 90_000);
});
