import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The one place that knows how a user starts the server (built app, default settings). */
function spawnServer(port: number, dataDir: string): ChildProcess {
  const bin = path.join(root, 'node_modules/.bin');
  // As `npm start` does: the project's Node 24 first on PATH, NODE_ENV unset (development).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
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

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-bench-transfer-'));
  const proc = spawnServer(port, dataDir);
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
    async stop() {
      proc.removeAllListeners('exit');
      const gone = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await gone;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TransferRow {
  url: string;
  encoding: string;
  bytes: number;
}

/**
 * Bytes on the wire for a first visit to /home in a fresh Chromium profile (empty cache): the sum of
 * every response's encoded size (headers and body) as the browser's network layer reports it.
 */
export async function homeTransfer(acceptEncoding?: string): Promise<{ total: number; rows: TransferRow[] }> {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    const seen = new Map<string, { url: string; encoding: string }>();
    const rows: TransferRow[] = [];
    cdp.on('Network.responseReceived', (e) => {
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      seen.set(e.requestId, { url: e.response.url, encoding: String(headers['content-encoding'] ?? 'identity') });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = seen.get(e.requestId);
      rows.push({ url: r?.url ?? e.requestId, encoding: r?.encoding ?? '?', bytes: e.encodedDataLength });
    });
    await cdp.send('Network.enable');
    if (acceptEncoding)
      await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': acceptEncoding } });
    await page.goto(`${server.origin}/#/home`, { waitUntil: 'networkidle' });
    await page.getByRole('banner').waitFor();
    rows.sort((a, b) => b.bytes - a.bytes);
    return { total: rows.reduce((s, r) => s + r.bytes, 0), rows };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { total, rows } = await homeTransfer(process.argv[2]);
  for (const r of rows) {
    const name = new URL(r.url).pathname + new URL(r.url).hash;
    console.log(`${(r.bytes / 1024).toFixed(1).padStart(7)} KB  ${r.encoding.padEnd(8)} ${name}`);
  }
  console.log(`total ${(total / 1024).toFixed(1)} KB transferred in ${rows.length} responses`);
}
