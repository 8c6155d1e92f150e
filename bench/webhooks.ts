// Webhook delivery latency: from a task's completion (its `finished_at`, written in the completion's
// transaction) to the signed `task.completed` message arriving at a receiver on this machine. The
// product's services and workers in one process, as `npm start` runs them (embedded database,
// preview engine at its default pace), with WEBHOOK_ALLOW_PRIVATE so the local receiver may be
// called. Goal: p95 ≤ 500 ms.
//
//   npx tsx bench/webhooks.ts [tasks=50]
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { taskParams } from '@turing/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { startWorkers } from '../apps/server/src/workers.ts';

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const params = taskParams.parse({ mode: 'text', prompt: 'bench', size: '1:1', quality: 'SD' });

export async function webhookLatency(n = 50) {
  // The receiver notes when each task's completion arrived (by task id).
  const arrived = new Map<string, number>();
  let wake: () => void = () => {};
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const message = JSON.parse(Buffer.concat(chunks).toString()) as { type: string; data: { taskId: string } };
      if (message.type === 'task.completed') arrived.set(message.data.taskId, at);
      res.end('ok');
      wake();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-bench-hooks-'));
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'none'), WEBHOOK_ALLOW_PRIVATE: 'true' });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
  await app.ready();
  const services = app.services!;
  const stop = await startWorkers(services);
  const [user] = await database.db
    .insert(users)
    .values({ username: `bench_hooks_${Date.now()}`, nickname: 'Bench', inviteCode: `BH${Date.now()}` })
    .returning();
  await services.ledger.grant({
    userId: user!.id,
    kind: 'grant',
    cubes: 1_000_000,
    idempotencyKey: `bench:${user!.id}`,
  });
  await services.webhooks.create(user!.id, { url, events: ['task.completed'] });

  const latencies: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const task = await services.tasks.submit(user!.id, params, 'en');
    while (!arrived.has(task.id)) await new Promise<void>((resolve) => (wake = resolve));
    const [row] = await database.query<{ finished_at: Date }>('select finished_at from tasks where id = $1', [task.id]);
    latencies.push(arrived.get(task.id)! - new Date(row!.finished_at).getTime());
  }

  services.lifecycle.drain();
  await stop();
  await app.close();
  await database.close();
  receiver.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { n, p50: pct(latencies, 50), p95: pct(latencies, 95), max: Math.max(...latencies) };
}

if (import.meta.filename === process.argv[1]) {
  const n = Number(process.argv[2] ?? 50);
  const r = await webhookLatency(n);
  console.log(
    `webhook delivery latency, completion → local receiver (${r.n} tasks): ` +
      `p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms, max ${r.max.toFixed(0)} ms (goal p95 ≤ 500 ms)`,
  );
  process.exit(0);
}
