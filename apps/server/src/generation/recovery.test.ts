import { afterEach, describe, expect, it } from 'vitest';
import {
  appHeaders,
  registerOn as register,
  spawnServer,
  type RunningServer,
} from '../../test-support/spawn-server.ts';

const started: RunningServer[] = [];
afterEach(() => {
  for (const s of started.splice(0)) s.proc.kill('SIGKILL');
});

describe('a server killed while generating', () => {
  it('finishes or refunds every task exactly once after a restart, losing no result', async () => {
    const env = { PREVIEW_PACE_MS: '4000', LOG_LEVEL: 'info' };
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
    const id = submitted.data.id as string;
    const read = async (p: number): Promise<{ state: string; results: unknown[] }> =>
      ((await fetch(`${api(p)}/task/get?id=${id}`, { headers: { cookie } }).then((r) => r.json())) as { data: never })
        .data;
    for (let i = 0; i < 200 && (await read(port)).state !== 'generating'; i += 1)
      await new Promise((r) => setTimeout(r, 50));
    // The case under test: the process dies with the task mid-generation.
    expect((await read(port)).state).toBe('generating');
    first.proc.kill('SIGKILL');
    await first.exit;

    const second = spawnServer({ ...env, DATA_DIR: first.dataDir, PREVIEW_PACE_MS: '0' });
    started.push(second);
    const port2 = await second.port;
    let task = await read(port2);
    for (let i = 0; i < 300 && !['complete', 'lost'].includes(task.state); i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      task = await read(port2);
    }
    expect(task.state).toBe('complete');
    expect(task.results).toHaveLength(2);
    const balance = (
      (await fetch(`${api(port2)}/balance`, { headers: { cookie } }).then((r) => r.json())) as {
        data: { cubes: number };
      }
    ).data;
    expect(balance.cubes).toBe(18);
  }, 180_000);
});
