// Two uses:
// - `tsx server.ts` (run.ts's child for the throughput baseline): a bare Fastify hello-world that
//   prints `ready <port>`.
// - `npx tsx bench/server.ts compare [rounds]`: (a) alone, the bare server and the product (as
//   `npm start` runs it, GET /turing/user/info with a session cookie) measured alternately, each
//   round printing both figures, their ratio and the one-minute load average. PROFILE=<dir> starts
//   the product with `--cpu-prof` into <dir> (the profile is written when it stops);
//   METRICS_LISTEN=127.0.0.1:0 starts it with its metrics listener (and request durations) on.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';

if (process.argv[2] !== 'compare') {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`ready ${(app.server.address() as { port: number }).port}`);
} else {
  await compare(Number(process.argv[3] ?? 3));
}

async function compare(rounds: number) {
  const { default: autocannon } = await import('autocannon');
  const { registerAccount, startProduct } = await import('./product.ts');
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = 20;

  const startBare = () =>
    new Promise<{ port: number; pid: number; kill: () => void }>((resolve, reject) => {
      const proc = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      proc.stdout.on('data', (chunk: Buffer) => {
        const m = /ready (\d+)/.exec(chunk.toString());
        if (m) resolve({ port: Number(m[1]), pid: proc.pid!, kill: () => proc.kill('SIGTERM') });
      });
      proc.on('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    });
  // CPU time of the server process (user + system, /proc), which a busy shared machine disturbs
  // far less than requests per second: printed per request beside the throughput.
  const cpuMs = (pid: number) => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  };
  const measure = async (url: string, headers: Record<string, string>, pid: number) => {
    await autocannon({ url, headers, connections, duration: 2 });
    const before = cpuMs(pid);
    const r = await autocannon({ url, headers, connections, duration: seconds });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { rps: r.requests.average, cpuUs: ((cpuMs(pid) - before) * 1000) / r.requests.total };
  };

  const bare = await startBare();
  const profileDir = process.env.PROFILE;
  const product = await startProduct('node', {
    ...(profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(profileDir)}` } : {}),
    ...(process.env.METRICS_LISTEN ? { METRICS_LISTEN: process.env.METRICS_LISTEN } : {}),
  }).catch((err: unknown) => {
    bare.kill();
    throw err;
  });
  try {
    const cookie = await registerAccount(product);
    const ratios: number[] = [];
    for (let i = 1; i <= rounds; i += 1) {
      const base = await measure(`http://127.0.0.1:${bare.port}/hello`, {}, bare.pid);
      const ours = await measure(`http://127.0.0.1:${product.port}/turing/user/info`, { cookie }, product.proc.pid!);
      ratios.push(ours.rps / base.rps);
      console.log(
        `round ${i}: bare ${Math.round(base.rps)} req/s (${base.cpuUs.toFixed(0)} µs CPU each), /turing/user/info ${Math.round(ours.rps)} req/s (${ours.cpuUs.toFixed(0)} µs), ratio ${(ours.rps / base.rps).toFixed(3)}, CPU ratio ${(base.cpuUs / ours.cpuUs).toFixed(3)}, load ${os.loadavg()[0]!.toFixed(2)}`,
      );
    }
    const sorted = [...ratios].sort((a, b) => a - b);
    const mid = sorted.length / 2;
    const median = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    console.log(`median ratio ${median.toFixed(3)} (goal ≥ 0.40)`);
  } finally {
    bare.kill();
    await product.stop();
  }
}
