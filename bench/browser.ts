// The product as a user starts it (built web app, `npm start`'s process, default settings) opened
// in Debian's Chromium, for the benchmarks that measure what a browser downloads and draws.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { registerAccount } from './product.ts';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const appHeader = { 'x-requested-with': 'XMLHttpRequest' };

/** The one place that knows how a user starts the server (built app, default settings). */
function spawnServer(port: number, dataDir: string, extra: Record<string, string>): ChildProcess {
  const bin = path.join(root, 'node_modules/.bin');
  // As `npm start` does: the project's Node 24 first on PATH, NODE_ENV unset (development).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...extra,
  };
  delete env.NODE_ENV;
  return spawn(path.join(bin, 'node'), ['apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export interface Server {
  origin: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

/** `env`: settings a user would add (DATABASE_URL and the secrets it requires). */
export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-bench-browser-'));
  const proc = spawnServer(port, dataDir, env);
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}`))),
  );
  const ready = (async () => {
    for (;;) {
      const ok = await fetch(`${origin}/turing/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  await Promise.race([ready, exited]);
  return {
    origin,
    port,
    dataDir,
    async stop() {
      proc.removeAllListeners('exit');
      const gone = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await gone;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const launchChromium = (args: string[] = []): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...args] });

/**
 * A fresh browser profile logged in as a newly registered user, as after the login page: the session
 * cookie and the app's logged-in flag. `guideSeen` skips the studio's first-visit tour.
 */
export async function loggedInContext(
  browser: Browser,
  server: Server,
  { guideSeen = false, viewport = { width: 1440, height: 900 } } = {},
): Promise<BrowserContext> {
  const cookie = await registerAccount(server);
  const eq = cookie.indexOf('=');
  const [name, value] = [cookie.slice(0, eq), cookie.slice(eq + 1)];
  if (guideSeen) {
    const res = await fetch(`${server.origin}/turing/user/beginnerGuide/set?key=design&done=true`, {
      method: 'POST',
      headers: { ...appHeader, cookie },
    });
    if (!res.ok) throw new Error(`beginner guide: ${res.status}`);
  }
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name, value, url: server.origin }]);
  await context.addInitScript(() => {
    localStorage.setItem('IS_LOGIN', JSON.stringify({ value: true, time: Date.now(), expire: 604800 }));
  });
  return context;
}
