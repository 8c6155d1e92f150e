// Generation benchmarks: platform overhead per task and dispatch latency (in-process, the product's
// services and workers, preview engine at pace 0), throughput with 4 worker processes on PostgreSQL,
// and a 5 MB JPEG upload against sharp alone on the same file.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { taskParams } from '@turing/contract';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import type { Services } from '../apps/server/src/services.ts';
import { uploads, users } from '../apps/server/src/db/schema/index.ts';
import { FAKE_MODELS, FakeComfyServer } from '../apps/server/test-support/comfyui/fake-comfy-server.ts';
import { startWorkers } from '../apps/server/src/workers.ts';
import { startPostgres } from './postgres.ts';

const root = path.resolve(import.meta.dirname, '..');
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
/** One small text-to-image task, the contract's defaults filled in. */
const params = taskParams.parse({ mode: 'text', prompt: 'bench', size: '1:1', quality: 'SD' });

const nullLog = () =>
  pino(
    { level: process.env.BENCH_LOG ?? 'info' },
    process.env.BENCH_LOG ? process.stderr : fs.createWriteStream('/dev/null'),
  );

async function appOn(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-bench-gen-'));
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'none'), ...env });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const app = await buildApp({ config, database, logger: nullLog() });
  await app.ready();
  const services = app.services!;
  return { app, services, database, userId: await benchUser(services, database, '0'), dataDir };
}

/** A user with cubes enough for any run. */
async function benchUser(services: Services, database: Database, tag: string) {
  const [user] = await database.db
    .insert(users)
    .values({ username: `bench${tag}_${Date.now()}`, nickname: 'Bench', inviteCode: `B${tag}_${Date.now()}` })
    .returning();
  await services.ledger.grant({
    userId: user!.id,
    kind: 'grant',
    cubes: 1_000_000,
    idempotencyKey: `bench:${user!.id}`,
  });
  return user!.id;
}

/** (1) Submit → complete, minus the engine's own time; dispatch = submit → claimed. */
export async function overhead(n = 200) {
  const { app, services, database, userId, dataDir } = await appOn({
    PREVIEW_PACE_MS: '0',
    USER_ACTIVE_TASKS_MAX: '100000',
  });
  const stop = await startWorkers(services);
  const overheads: number[] = [];
  const dispatches: number[] = [];
  // Completion is observed the way browsers observe it: through the task-event notifications.
  let wake: () => void = () => {};
  const unlisten = await database.listen('task_events', () => wake());
  const stateOf = async (id: string) =>
    (
      await database.query<{ state: string; engine_ms: number | null; started_at: Date; created_at: Date }>(
        'select state, engine_ms, started_at, created_at from tasks where id = $1',
        [id],
      )
    )[0];
  for (let i = 0; i < n; i += 1) {
    const started = performance.now();
    const task = await services.tasks.submit(userId, params, 'en');
    for (;;) {
      const notified = new Promise<void>((resolve) => (wake = resolve));
      const row = await stateOf(task.id);
      if (row && row.state === 'complete') {
        const total = performance.now() - started;
        overheads.push(total - (row.engine_ms ?? 0));
        dispatches.push(new Date(row.started_at).getTime() - new Date(row.created_at).getTime());
        break;
      }
      await notified;
    }
  }
  await unlisten();
  services.lifecycle.drain();
  await stop();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    n,
    overheadP50: pct(overheads, 50),
    overheadP95: pct(overheads, 95),
    dispatchP50: pct(dispatches, 50),
    dispatchP95: pct(dispatches, 95),
  };
}

/**
 * (2) Tasks per second drained by 4 worker processes on PostgreSQL. With `engine: 'comfyui'` the
 * workers drive a fleet of ComfyUI-protocol servers that answer at once (HTTP, WebSocket progress,
 * output download), as a GPU fleet elsewhere would: what is measured is the platform's own work
 * per task (queue, claim, events, engine protocol, storing each result with its thumbnail, charge).
 * With `engine: 'preview'` the embedded engine draws every image on this machine's CPU too.
 */
export async function throughput(n = 400, workers = 4, engine: 'comfyui' | 'preview' = 'comfyui') {
  const pgServer = await startPostgres();
  if (!pgServer) return null;
  const fleet =
    engine === 'comfyui'
      ? await Promise.all(Array.from({ length: 16 }, () => FakeComfyServer.start({ stepDelayMs: 0 })))
      : [];
  const engineEnv: Record<string, string> =
    engine === 'comfyui'
      ? {
          GENERATION_ENGINE: 'comfyui',
          COMFYUI_URLS: fleet.map((f) => f.url).join(','),
          COMFYUI_CHECKPOINT: FAKE_MODELS.checkpoints[0]!,
          COMFYUI_CHECKPOINT_BETA: FAKE_MODELS.checkpoints[1]!,
          COMFYUI_CONTROLNET_DEPTH: FAKE_MODELS.controlnets[0]!,
          COMFYUI_CONTROLNET_LINEART: FAKE_MODELS.controlnets[1]!,
          COMFYUI_UPSCALE_MODEL: FAKE_MODELS.upscaleModels[0]!,
        }
      : {};
  const secrets = { FILE_URL_SECRET: 'b'.repeat(32), ADMIN_TOKEN: 'b'.repeat(32), FILES_SHARED: 'true' };
  const { app, services, database, userId, dataDir } = await appOn({
    DATABASE_URL: pgServer.url,
    ...secrets,
    ...engineEnv,
    ROLE: 'api',
    USER_ACTIVE_TASKS_MAX: '100000',
  });
  const submitters = [userId];
  for (let i = 1; i < 16; i += 1) submitters.push(await benchUser(services, database, `${i}`));
  const procs: ChildProcess[] = [];
  for (let i = 0; i < workers; i += 1) {
    procs.push(
      spawn(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'apps/server/src/main.ts')], {
        env: {
          ...process.env,
          ...secrets,
          DATABASE_URL: pgServer.url,
          ROLE: 'worker',
          // Each its own node, as separate machines are: a node's id is its ComfyUI client id (a
          // second process with the same id takes over the first one's sockets) and names the
          // tasks it takes back at once after a restart.
          NODE_ID: `bench-worker-${i}`,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          PREVIEW_PACE_MS: '0',
          WORKER_CONCURRENCY: '8',
          ...engineEnv,
          LOG_LEVEL: process.env.BENCH_WORKER_LOG ?? 'info',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
  }
  // Timed from the moment every worker is ready (on a busy machine starting four takes a while).
  await Promise.all(
    procs.map(
      (proc) =>
        new Promise<void>((resolve, reject) => {
          let seen = '';
          proc.on('exit', (code) => reject(new Error(`a worker exited with ${code}`)));
          proc.stdout!.on('data', (chunk: Buffer) => {
            if (process.env.BENCH_WORKER_LOG) process.stdout.write(chunk);
            seen = (seen + chunk.toString()).slice(-4096);
            if (seen.includes('worker ready')) resolve();
          });
        }),
    ),
  );
  if (process.env.BENCH_DEBUG) console.error('workers started; submitting');
  const started = performance.now();
  // Submitted as many browsers would: 16 users, each with one request in flight at a time (one
  // user alone could not fill the fleet: USER_ACTIVE_TASKS_MAX keeps a user to 8 active tasks).
  let next = 0;
  await Promise.all(
    submitters.map(async (user) => {
      while (next < n) {
        next += 1;
        await services.tasks.submit(user, params, 'en');
      }
    }),
  );
  if (process.env.BENCH_DEBUG) console.error('submitted');
  // Until every task has ended: one that ended otherwise (a server judged lost on a loaded machine)
  // is counted apart, not waited for.
  let failed = 0;
  for (;;) {
    const [row] = await database.query<{ complete: number; ended: number }>(
      `select count(*) filter (where state = 'complete')::int as complete,
              count(*) filter (where state in ('complete', 'lost', 'timed_out', 'cancelled'))::int as ended
         from tasks`,
    );
    failed = row!.ended - row!.complete;
    if (row!.ended >= n) break;
    if (process.env.BENCH_DEBUG) console.error('ended', row!.ended);
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  for (const p of procs) p.kill('SIGTERM');
  await app.close();
  await database.close();
  pgServer.stop();
  await Promise.all(fleet.map((f) => f.close()));
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { n, workers, engine, seconds, perSecond: (n - failed) / seconds, failed };
}

/** (3) Upload path (validate, clean, store, thumbnail) against sharp decode + encode alone. */
export async function uploadRatio(rounds = 5) {
  const noise = Buffer.alloc(3000 * 2200 * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  const jpeg = await sharp(noise, { raw: { width: 3000, height: 2200, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
  const { app, services, userId, database, dataDir } = await appOn({});
  const time = async (fn: () => Promise<unknown>) => {
    const runs: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const t0 = performance.now();
      await fn();
      runs.push(performance.now() - t0);
    }
    return pct(runs, 50);
  };
  const raw = await time(() => sharp(jpeg).rotate().jpeg({ quality: 92, mozjpeg: true }).toBuffer());
  // The same image sent again is stored once: forget the earlier copy so every round stores it.
  const ours = await time(async () => {
    await services.uploads.saveImage(userId, 'base', jpeg);
    await database.db.delete(uploads).where(eq(uploads.userId, userId));
  });
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { bytes: jpeg.length, rawMs: raw, uploadMs: ours, ratio: ours / raw };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await overhead());
  console.log(await throughput(400, 4, 'comfyui'));
  console.log(await throughput(200, 4, 'preview'));
  console.log(await uploadRatio());
  process.exit(0);
}
