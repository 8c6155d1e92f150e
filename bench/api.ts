// `npx tsx bench/api.ts [rounds]`: submitting tasks through the public API against the studio's own
// route, on the product as `npm start` runs it (default settings and request log; only the welcome
// cubes and the per-user active-task cap raised so a few hundred submits are accepted). Each round
// registers two accounts (the studio's submit route allows 60 a minute per user, so each measurement
// stays under it), then sends the same task body 50 times, 5 at a time: through
// `POST /turing/design/task/submit` with the session cookie, and through `POST /turing/v1/tasks`
// with an API key and a fresh Idempotency-Key each. The order alternates between rounds; the figure
// is the median of the per-round ratios of requests per second (goal ≥ 0.8), with the server's CPU
// time per request beside it.
import fs from 'node:fs';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { registerAccount, startProduct } from './product.ts';

const rounds = Number(process.argv[2] ?? 5);
const REQUESTS = 50;
const PARALLEL = 5;
const body = JSON.stringify({ mode: 'text', prompt: 'a timber pavilion by a lake', count: 1 });

const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

const product = await startProduct('node', { WELCOME_CUBES: '1000000', USER_ACTIVE_TASKS_MAX: '100000' });
const base = `http://127.0.0.1:${product.port}/turing`;
const pid = product.proc.pid!;

async function measure(send: () => Promise<Response>) {
  const before = cpuMs(pid);
  const started = performance.now();
  let left = REQUESTS;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (left > 0) {
        left -= 1;
        const res = await send();
        if (res.status !== 200 && res.status !== 202) throw new Error(`${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { rps: REQUESTS / seconds, cpuUs: ((cpuMs(pid) - before) * 1000) / REQUESTS };
}

try {
  const ratios: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const webCookie = await registerAccount(product);
    const keyCookie = await registerAccount(product);
    const made = await fetch(`${base}/user/api-keys`, {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', cookie: keyCookie },
      body: JSON.stringify({ name: 'bench', scopes: ['tasks:write', 'tasks:read'] }),
    });
    const token = ((await made.json()) as { data: { token: string } }).data.token;
    const web = () =>
      fetch(`${base}/design/task/submit`, {
        method: 'POST',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', cookie: webCookie },
        body,
      });
    const api = () =>
      fetch(`${base}/v1/tasks`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': randomUUID(),
          'content-type': 'application/json',
        },
        body,
      });
    const [first, second] = round % 2 ? [web, api] : [api, web];
    const a = await measure(first);
    const b = await measure(second);
    const [w, v] = round % 2 ? [a, b] : [b, a];
    ratios.push(v.rps / w.rps);
    console.log(
      `round ${round}: studio route ${w.rps.toFixed(0)} req/s (${w.cpuUs.toFixed(0)} µs CPU each), /v1/tasks ${v.rps.toFixed(0)} req/s (${v.cpuUs.toFixed(0)} µs), ratio ${(v.rps / w.rps).toFixed(3)}, load ${os.loadavg()[0]!.toFixed(2)}`,
    );
  }
  const sorted = [...ratios].sort((x, y) => x - y);
  console.log(`median ratio ${sorted[Math.floor(sorted.length / 2)]!.toFixed(3)} (goal ≥ 0.8)`);
} finally {
  await product.stop();
}
