// npm run bench: (a) authenticated API throughput as a ratio of a bare Fastify hello-world measured
// in the same run, (b) gzip size of the JavaScript the browser loads first for /home, (c) bytes
// Chromium actually transfers for a first visit to /home from the running server.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { homeTransfer } from './transfer.ts';
import { homeFirstLoad } from './web-size.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const HOME_BUDGET_KB = 250;
const TRANSFER_BUDGET_KB = 230;

function start(which: 'app' | 'bare'): Promise<{ proc: ChildProcess; port: number; cookie: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts'), which], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    proc.stdout!.on('data', (chunk: Buffer) => {
      const m = /ready (\d+) (\S+)/.exec(chunk.toString());
      if (m) resolve({ proc, port: Number(m[1]), cookie: m[2]! });
    });
    proc.on('exit', (code) => reject(new Error(`${which} server exited with ${code}`)));
  });
}

async function measure(url: string, headers: Record<string, string>) {
  // A short warm-up lets the JIT settle before the measured run.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const bare = await start('bare');
const baseline = await measure(`http://127.0.0.1:${bare.port}/hello`, {});
bare.proc.kill('SIGTERM');

const app = await start('app');
const ours = await measure(`http://127.0.0.1:${app.port}/turing/user/info`, { cookie: app.cookie });
app.proc.kill('SIGTERM');

const size = homeFirstLoad(path.resolve(import.meta.dirname, '../apps/web/dist'));
const kb = size.gzip / 1024;

console.log('\n(a) throughput, %d connections, %d s', CONNECTIONS, DURATION);
console.table({
  'bare Fastify GET /hello': { 'req/s': Math.round(baseline.rps), 'p50 ms': baseline.p50, 'p99 ms': baseline.p99 },
  'GET /turing/user/info (session)': { 'req/s': Math.round(ours.rps), 'p50 ms': ours.p50, 'p99 ms': ours.p99 },
});
console.log(`ratio authenticated / bare: ${(ours.rps / baseline.rps).toFixed(3)}`);
console.log(
  `\n(b) /home first load: ${kb.toFixed(1)} KB gzip in ${size.rows.length} files (budget ${HOME_BUDGET_KB} KB) ${kb <= HOME_BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`,
);

const transfer = await homeTransfer();
const transferKb = transfer.total / 1024;
const plainKb = (await homeTransfer('identity')).total / 1024;
console.log(
  `\n(c) /home first visit in Chromium: ${transferKb.toFixed(1)} KB transferred in ${transfer.rows.length} responses (budget ${TRANSFER_BUDGET_KB} KB) ${transferKb <= TRANSFER_BUDGET_KB ? 'within budget' : 'OVER BUDGET'}; ${plainKb.toFixed(1)} KB without compression`,
);
