import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderBatch, type BatchEvent } from './batch.ts';
import { parseCli } from './cli-args.ts';
import { runCli, type CliIo } from './cli-run.ts';
import { ApiError } from './errors.ts';
import { createProgress } from './progress.ts';
import { collectSketches } from './sketches.ts';
import { signWebhook } from './webhook.ts';
import type { Task, TaskBody } from './types.ts';
import { fakeTask, recordingSleep } from '../test-support/fake-fetch.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'turing-cli-'));
function sketchFolder(names: string[]) {
  const dir = tmp();
  for (const n of names) fs.writeFileSync(path.join(dir, n), 'png');
  return dir;
}

describe('parseCli', () => {
  it('reads a render of a folder with its options and defaults', () => {
    expect(
      parseCli(['render', '--prompt', 'a villa', '--base', 'sk', '--out', 'o', '--quality', 'HD', '--count', '2']),
    ).toEqual({
      command: 'render',
      apiUrl: undefined,
      prompt: 'a villa',
      base: 'sk',
      out: 'o',
      mode: 'iterate',
      model: undefined,
      quality: 'HD',
      size: undefined,
      count: 2,
      concurrency: 4,
      webhook: undefined,
    });
    expect(parseCli(['render', '-p', 'a tower', '--api-url', 'http://h'])).toMatchObject({
      mode: 'text',
      out: './renders',
      apiUrl: 'http://h',
    });
  });

  it('refuses what cannot run, and answers --help', () => {
    expect(() => parseCli(['render', '--mode', 'iterate', '--prompt', 'x'])).toThrow(/needs --base/);
    expect(() => parseCli(['render', '--base', 'b', '--concurrency', '0'])).toThrow(/--concurrency/);
    expect(() => parseCli(['render', '--bogus'])).toThrow();
    expect(() => parseCli(['paint'])).toThrow(/Unknown command/);
    expect(parseCli(['render', '--help'])).toEqual({ command: 'help', apiUrl: undefined });
    expect(parseCli([])).toMatchObject({ command: 'help' });
  });
});

describe('collectSketches', () => {
  it('takes a folder’s images in natural order and keeps names apart', async () => {
    const dir = sketchFolder(['s10.png', 's2.jpg', 'notes.txt', 'a.png', 'a.jpeg', '.hidden.png']);
    const items = await collectSketches(dir);
    expect(items.map((i) => i.name)).toEqual(['a-jpeg', 'a-png', 's2', 's10']);
    expect((await collectSketches(path.join(dir, 's2.jpg')))[0]).toEqual({
      name: 's2',
      file: path.join(dir, 's2.jpg'),
    });
  });
});

/** A client whose tasks complete (or fail, for the names listed) after a queued and a running state. */
function fakeClient(o: { fail?: string[]; busyOnce?: boolean; cubes?: number } = {}) {
  let cubes = o.cubes ?? 100;
  let busy = o.busyOnce ?? false;
  const submitted: TaskBody[] = [];
  const names = new Map<string, string>();
  let active = 0;
  let maxActive = 0;
  const client = {
    upload: async (file: string | Uint8Array | Blob) => ({ id: `up:${path.basename(String(file))}` }) as never,
    submitTask: async (body: TaskBody) => {
      if (busy) {
        busy = false;
        throw new ApiError({ code: 'TOO_MANY_TASKS', message: 'busy', status: 429 });
      }
      submitted.push(body);
      const id = `task-${submitted.length}`;
      names.set(id, String(body.baseImageId));
      cubes -= 2;
      active += 1;
      maxActive = Math.max(maxActive, active);
      return {
        ...fakeTask({ id }),
        webhook: body.webhook ? { endpointId: 'e1', secret: submitted.length === 1 ? 'whsec_x' : null } : null,
      };
    },
    waitForTask: async (id: string, w: { onProgress?: (t: Task) => void } = {}) => {
      await new Promise((r) => setTimeout(r, 5));
      w.onProgress?.(fakeTask({ id, seq: 2, state: 'generating', progress: 50 }));
      active -= 1;
      const failing = o.fail?.some((n) => names.get(id)?.includes(n));
      if (failing) cubes += 2;
      return fakeTask({
        id,
        seq: 3,
        state: failing ? 'timed_out' : 'complete',
        error: failing ? { code: 'TASK_TIMED_OUT', msg: 'too slow' } : null,
      });
    },
    download: async (task: Task, dir: string, d: { prefix?: string } = {}) => [path.join(dir, `${d.prefix}-1.png`)],
    account: async () => ({
      userId: 'u',
      cubes,
      debtCubes: 0,
      planUntil: null,
      activeTasks: active,
      activeTasksMax: 3,
    }),
    models: async () => ({ items: [] }),
  };
  return { client, submitted, maxActive: () => maxActive };
}

describe('renderBatch', () => {
  it('uploads, submits with the sketch as base, waits and downloads each, at most `concurrency` at once', async () => {
    const dir = sketchFolder(['a.png', 'b.png', 'c.png', 'd.png', 'e.png']);
    const fake = fakeClient({ fail: ['c.png'], busyOnce: true });
    const events: BatchEvent['type'][] = [];
    const rec = recordingSleep();
    const report = await renderBatch({
      client: fake.client,
      items: await collectSketches(dir),
      params: { mode: 'iterate', prompt: 'a villa' },
      outDir: 'out',
      concurrency: 2,
      sleep: rec.sleep,
      onEvent: (e) => events.push(e.type),
    });
    expect(report).toMatchObject({ done: 4, failed: 1 });
    expect(report.results.map((r) => r.files)).toEqual([
      ['out/a-1.png'],
      ['out/b-1.png'],
      [],
      ['out/d-1.png'],
      ['out/e-1.png'],
    ]);
    expect(report.results[2]!.error).toEqual({ code: 'TASK_TIMED_OUT', message: 'too slow' });
    expect(fake.submitted.map((b) => b.baseImageId).sort()).toEqual([
      'up:a.png',
      'up:b.png',
      'up:c.png',
      'up:d.png',
      'up:e.png',
    ]);
    expect(fake.submitted[0]).toMatchObject({ mode: 'iterate', prompt: 'a villa' });
    expect(fake.maxActive()).toBeLessThanOrEqual(2);
    // The busy answer was waited out, then the sketch submitted again.
    expect(rec.waits).toEqual([2000]);
    expect(events.filter((t) => t === 'done')).toHaveLength(4);
  });
});

describe('progress', () => {
  const lines = (isTTY: boolean) => {
    const out: string[] = [];
    const p = createProgress({ write: (s: string) => out.push(s), isTTY, columns: 200 }, 2);
    const item = { name: 'a' };
    p.onEvent({ type: 'submitted', item, task: { ...fakeTask(), webhook: null } });
    p.onEvent({ type: 'done', item, task: fakeTask({ state: 'complete' }), files: ['o/a-1.png'] });
    p.onEvent({ type: 'failed', item: { name: 'b' }, code: 'LOST', message: 'gone' });
    p.finish();
    return out;
  };
  it('redraws one line on a terminal and writes plain lines elsewhere', () => {
    const tty = lines(true);
    expect(tty.at(-2)).toContain('] 1/2 done · 0 running · 1 failed');
    expect(tty.every((s) => s.startsWith('\r\x1b[2K') || s === '\n')).toBe(true);
    expect(lines(false)).toEqual([
      '[0/2] a: submitted (1 cube)\n',
      '[1/2] a: complete → o/a-1.png\n',
      '[2/2] b: failed (LOST) gone\n',
    ]);
  });
});

describe('runCli', () => {
  function io(env: Record<string, string>, makeClient?: CliIo['makeClient']) {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      io: {
        env,
        stdout: { write: (s: string) => out.push(s) },
        stderr: { write: (s: string) => err.push(s) },
        readStdin: async () => '',
        makeClient,
      } satisfies CliIo,
    };
  }

  it('renders a folder, prints the files, the cubes spent and the webhook secret once, and exits 1 when one failed', async () => {
    const dir = sketchFolder(['one.png', 'two.png', 'three.png']);
    const out = tmp();
    const fake = fakeClient({ fail: ['two'] });
    let made: { baseUrl: string; apiKey: string } | undefined;
    const t = io({ TURING_API_KEY: 'td_live_k', TURING_API_URL: 'http://h' }, (o) => ((made = o), fake.client));
    const code = await runCli(
      ['render', '--prompt', 'p', '--base', dir, '--out', out, '--webhook', 'https://hook.example.com'],
      t.io,
    );
    expect(code).toBe(1);
    expect(made).toMatchObject({ baseUrl: 'http://h', apiKey: 'td_live_k' });
    expect(t.out.join('')).toBe(`${path.join(out, 'one-1.png')}\n${path.join(out, 'three-1.png')}\n`);
    const log = t.err.join('');
    expect(log).toContain('3 tasks, 3 at a time');
    expect(log).toContain('2 complete, 1 failed');
    expect(log).toContain('4 cubes spent (100 → 96)');
    expect(log.match(/whsec_x/g)).toHaveLength(1);
    expect(fake.submitted[0]!.webhook).toEqual({ url: 'https://hook.example.com' });
  });

  it('exits 0 when all completed, and 2 without a key', async () => {
    const dir = sketchFolder(['one.png']);
    expect(
      await runCli(
        ['render', '--base', dir, '--out', tmp()],
        io({ TURING_API_KEY: 'k' }, () => fakeClient().client).io,
      ),
    ).toBe(0);
    const t = io({});
    expect(await runCli(['account'], t.io)).toBe(2);
    expect(t.err.join('')).toContain('TURING_API_KEY');
  });

  it('verifies a webhook body from stdin and prints its payload, or refuses it', async () => {
    const secret = `whsec_${Buffer.from('0123456789abcdef0123').toString('base64')}`;
    const body = '{"type":"task.completed","data":{"taskId":"t1"}}';
    const ts = String(Math.floor(Date.now() / 1000));
    const args = ['verify-webhook', '--secret', secret, '--id', 'msg_1', '--timestamp', ts];
    const good = io({});
    good.io.readStdin = async () => body;
    expect(await runCli([...args, '--signature', signWebhook(secret, 'msg_1', ts, body)], good.io)).toBe(0);
    expect(JSON.parse(good.out.join(''))).toMatchObject({ data: { taskId: 't1' } });
    const bad = io({});
    bad.io.readStdin = async () => `${body} `;
    expect(await runCli([...args, '--signature', signWebhook(secret, 'msg_1', ts, body)], bad.io)).toBe(1);
    expect(bad.err.join('')).toContain('No matching signature');
  });
});
