import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { childEnv } from './child-env.ts';

const main = path.resolve(import.meta.dirname, '../src/main.ts');

export interface RunningServer {
  proc: ChildProcess;
  output: () => string;
  /** Resolves with the port once the process logs that it listens. */
  port: Promise<number>;
  exit: Promise<number | null>;
  dataDir: string;
}

export interface SpawnOptions {
  /**
   * Start on an empty data folder, as a first start does (the database is created and migrated by
   * the process). By default a new data folder gets a copy of the run's migrated database, which
   * saves each start several seconds; the process still runs the migrations and finds none to apply.
   */
  firstStart?: boolean;
}

/** Starts the real server process (plain Node, as `npm start` does) with the given settings (no demo content by default). */
export function spawnServer(env: Record<string, string>, opts: SpawnOptions = {}): RunningServer {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'turing-proc-'));
  const migrated = inject('pgliteDataDir');
  if (!env.DATA_DIR && !env.DATABASE_URL && !opts.firstStart && migrated) {
    fs.cpSync(migrated, path.join(dataDir, 'db'), { recursive: true });
  }
  const proc = spawn(process.execPath, [main], {
    // No demo community unless a test asks for it: drawing its 28 works is most of a first start.
    env: childEnv({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, DEMO_CONTENT: 'false', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let resolvePort: (port: number) => void;
  const port = new Promise<number>((resolve) => (resolvePort = resolve));
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    const m = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
    if (m) resolvePort(Number(m[1]));
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, output: () => out, port, exit, dataDir };
}

export async function getJson(port: number, pathName: string) {
  const res = await fetch(`http://127.0.0.1:${port}${pathName}`);
  return { status: res.status, body: (await res.json()) as { status: number; data: unknown } };
}

/** The headers the web client sends on a JSON call. */
export const appHeaders = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

/** Registers an account on a running server through its API, reading the code from its dev outbox; returns the session cookie. */
export async function registerOn(port: number, dataDir: string) {
  const base = `http://127.0.0.1:${port}/turing`;
  const email = `kill${Date.now()}@example.com`;
  await fetch(`${base}/unauthorized/verCode`, {
    method: 'POST',
    headers: appHeaders,
    body: JSON.stringify({ channel: 'email', email, purpose: 'register' }),
  });
  const line = fs.readFileSync(path.join(dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n').at(-1)!;
  const res = await fetch(`${base}/unauthorized/reg`, {
    method: 'POST',
    headers: appHeaders,
    body: JSON.stringify({
      email,
      code: JSON.parse(line).code,
      username: `kill${Date.now()}`,
      password: 'secret123',
      confirmPassword: 'secret123',
      occupation: 'architect',
      agree: true,
    }),
  });
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}
