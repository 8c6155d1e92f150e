// Starts the product as users run it (`npm start`'s process: plain Node on main.ts, default
// settings, info-level request log) in a throw-away data folder, and measures it from outside.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const headers = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

export interface Product {
  proc: ChildProcess;
  port: number;
  /** Milliseconds from spawn to the first ready answer. */
  startupMs: number;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * `runner: 'tsx'` starts it the way `npm start` did before (through tsx), for comparison; `env` adds
 * settings a user would set (DATABASE_URL and the secrets it requires).
 */
export async function startProduct(
  runner: 'node' | 'tsx' = 'node',
  env: Record<string, string> = {},
): Promise<Product> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-bench-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const bin = runner === 'node' ? process.execPath : path.join(root, 'node_modules/.bin/tsx');
  const started = performance.now();
  const proc = spawn(bin, [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // As `npm start` sets it (package.json): two malloc arenas. MALLOC_ARENA_MAX=0 measures glibc's default.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The log goes somewhere, as it would to a terminal or a collector; here it is read and dropped.
  proc.stdout!.resume();
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/turing/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const startupMs = performance.now() - started;
  return {
    proc,
    port,
    startupMs,
    dataDir,
    async stop() {
      proc.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers an account through the API (code from the dev outbox) and returns its cookie. */
export async function registerAccount(product: Pick<Product, 'port' | 'dataDir'>): Promise<string> {
  const base = `http://127.0.0.1:${product.port}/turing`;
  const email = `bench${Date.now()}@example.com`;
  await fetch(`${base}/unauthorized/verCode`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ channel: 'email', email, purpose: 'register' }),
  });
  const outbox = path.join(product.dataDir, 'outbox.jsonl');
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i += 1) {
    if (fs.existsSync(outbox)) code = JSON.parse(fs.readFileSync(outbox, 'utf8').trim().split('\n').at(-1)!).code;
    if (!code) await new Promise((r) => setTimeout(r, 50));
  }
  const res = await fetch(`${base}/unauthorized/reg`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email,
      code,
      username: `bench${Date.now()}`,
      password: 'secret123',
      confirmPassword: 'secret123',
      occupation: 'architect',
      agree: true,
    }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!cookie) throw new Error(`registration failed: ${await res.text()}`);
  return cookie.split(';')[0]!;
}

/** Resident memory of a process and all its descendants, in MB (Linux /proc). */
export function treeRssMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let kb = 0;
  const visit = (p: number) => {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      kb += Number(m?.[1] ?? 0);
    } catch {
      return;
    }
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return kb / 1024;
}
