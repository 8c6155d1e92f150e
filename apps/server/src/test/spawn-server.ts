import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childEnv } from './child-env.ts';

const main = path.resolve(import.meta.dirname, '../main.ts');

export interface RunningServer {
  proc: ChildProcess;
  output: () => string;
  /** Resolves with the port once the process logs that it listens. */
  port: Promise<number>;
  exit: Promise<number | null>;
  dataDir: string;
}

/** Starts the real server process (plain Node, as `npm start` does) with the given settings. */
export function spawnServer(env: Record<string, string>): RunningServer {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'turing-proc-'));
  const proc = spawn(process.execPath, [main], {
    env: childEnv({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...env }),
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
