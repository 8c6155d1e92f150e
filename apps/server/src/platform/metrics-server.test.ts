import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type RunningServer } from '../../test-support/spawn-server.ts';

const started: RunningServer[] = [];
afterEach(() => {
  for (const s of started.splice(0)) s.proc.kill('SIGKILL');
});
const run = (env: Record<string, string>) => {
  const s = spawnServer({ LOG_LEVEL: 'info', ...env });
  started.push(s);
  return s;
};

/** A stand-in OpenTelemetry collector: it keeps what is posted to it. */
let collector: http.Server;
const received: { path: string; type: string; body: string }[] = [];
beforeAll(async () => {
  collector = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', type: req.headers['content-type'] ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

/** The metrics port the process announced in its log. */
async function metricsPort(s: RunningServer) {
  await s.port;
  for (let i = 0; i < 100; i += 1) {
    const m = /metrics on http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(s.output());
    if (m) return Number(m[1]);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no metrics address in the log:\n${s.output()}`);
}

describe('the server process with METRICS_LISTEN and an OpenTelemetry endpoint', () => {
  it('serves metrics on their own listener only, traces requests to the collector, and flushes them on SIGTERM', async () => {
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    const s = run({ METRICS_LISTEN: '127.0.0.1:0', OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
    const port = await s.port;
    const scrape = await fetch(`http://127.0.0.1:${await metricsPort(s)}/metrics`);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toMatch(/^turing_build_info\{version="[^"]+",role="all"\} 1$/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^turing_worker_slots [1-9]/m);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/turing/config`)).status).toBe(200);
    // Counted by route on the public port, and seen on the metrics listener.
    const again = await (await fetch(`http://127.0.0.1:${await metricsPort(s)}/metrics`)).text();
    expect(again).toMatch(
      /^turing_http_request_duration_seconds_count\{method="GET",route="\/turing\/config",status_code="200"\} 1$/m,
    );
    expect(s.output()).toContain('tracing to an OpenTelemetry collector');

    s.proc.kill('SIGTERM');
    expect(await s.exit).toBe(0);
    const traces = received.filter((r) => r.path === '/v1/traces');
    expect(traces.length).toBeGreaterThan(0);
    const sent = traces.map((r) => r.body).join('\n');
    expect(sent).toContain('GET /turing/config');
    expect(sent).toContain('turing-design');
    // Health probes are left out of the traces.
    expect(sent).not.toContain('/turing/health');
  });
});
