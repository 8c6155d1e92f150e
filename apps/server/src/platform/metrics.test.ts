import fs from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { appHeaders, buildTestApp, registerUser, type TestApp } from '../../test-support/test-app.ts';
import { submit } from '../../test-support/design-helpers.ts';
import { familiesIn, labelValues, metricValue } from '../../test-support/metrics-helpers.ts';
import { cachedRead, createMetrics, UNMATCHED_ROUTE } from './metrics.ts';
import { serveMetrics, splitListen, type MetricsServer } from './metrics-server.ts';

/** Every family the product exports, besides Node's own. */
const FAMILIES = [
  'turing_build_info',
  'turing_http_request_duration_seconds',
  'turing_tasks_submitted_total',
  'turing_tasks_completed_total',
  'turing_tasks_failed_total',
  'turing_tasks_cancelled_total',
  'turing_tasks_refunded_total',
  'turing_tasks_retried_total',
  'turing_task_duration_seconds',
  'turing_task_queue_wait_seconds',
  'turing_queue_tasks',
  'turing_worker_running_tasks',
  'turing_worker_slots',
  'turing_engine_servers',
  'turing_sse_connections',
  'turing_upscaler_jobs_total',
  'turing_upscaler_seconds',
  'turing_payments_total',
  'turing_payment_refunds_total',
  'turing_webhook_attempts_total',
  'turing_db_pool_connections',
  'turing_db_probe_seconds',
  'turing_metrics_source_failures_total',
];

describe('METRICS_LISTEN', () => {
  const load = (value?: string) =>
    loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { METRICS_LISTEN: value }) });

  it('is off unless set, and takes host:port', () => {
    expect(load().METRICS_LISTEN).toBeUndefined();
    expect(load('').METRICS_LISTEN).toBeUndefined();
    expect(load('127.0.0.1:9464').METRICS_LISTEN).toBe('127.0.0.1:9464');
    expect(splitListen('[::1]:9464')).toEqual({ host: '::1', port: 9464 });
    expect(splitListen('metrics.internal:0')).toEqual({ host: 'metrics.internal', port: 0 });
  });

  it('refuses to start on a value that is not host:port, naming the setting', () => {
    for (const bad of ['nope', '9464', ':9464', 'localhost:', 'localhost:99999', 'http://127.0.0.1:9464/metrics']) {
      expect(() => load(bad), bad).toThrow(/METRICS_LISTEN: .*host:port|METRICS_LISTEN: .*port/);
    }
  });
});

describe('values read from the database when scraped', () => {
  it('are read once per short period, however many scrapes arrive at once', async () => {
    let reads = 0;
    let clock = 0;
    const read = cachedRead(
      async () => {
        reads += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return reads;
      },
      5_000,
      () => clock,
    );
    expect(new Set(await Promise.all(Array.from({ length: 50 }, () => read())))).toEqual(new Set([1]));
    clock = 4_999;
    expect(await read()).toBe(1);
    clock = 5_000;
    expect(await read()).toBe(2);
    expect(reads).toBe(2);
  });

  it('cost the database one query for a burst of scrapes, and a failing one leaves its gauge out', async () => {
    const metrics = createMetrics({ role: 'all', version: 'test' });
    let queries = 0;
    let fail = false;
    metrics.watch({
      queueDepth: async () => {
        queries += 1;
        if (fail) throw new Error('database down');
        return [{ engine: 'preview', state: 'queued', n: 3 }];
      },
    });
    const scrapes = await Promise.all(Array.from({ length: 20 }, () => metrics.text()));
    expect(queries).toBe(1);
    expect(scrapes[0]).toContain('turing_queue_tasks{engine="preview",state="queued"} 3');
    // Shown once, an engine's line that emptied reads 0 rather than vanishing.
    expect(scrapes[0]).toContain('turing_queue_tasks{engine="preview",state="generating"} 0');

    const failing = createMetrics({ role: 'all', version: 'test' });
    failing.watch({
      queueDepth: () => {
        fail = true;
        return Promise.reject(new Error('database down'));
      },
    });
    const text = await failing.text();
    expect(text).not.toMatch(/^turing_queue_tasks\{/m);
    expect(text).toContain('turing_metrics_source_failures_total{source="queue_depth"} 1');
  });
});

describe('the metrics listener', () => {
  let t: TestApp;
  let server: MetricsServer;
  const logger = pino({ level: 'silent' });
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_LISTEN: '127.0.0.1:0' });
    server = await serveMetrics(t.app.services!.metrics, '127.0.0.1:0');
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });
  const scrape = (path = '/metrics', method = 'GET') => fetch(`http://127.0.0.1:${server.port}${path}`, { method });

  it('refuses an address already taken, naming the setting (the process then stops with that message)', async () => {
    const taken = `127.0.0.1:${server.port}`;
    await expect(serveMetrics(createMetrics({ role: 'all', version: 'test' }), taken)).rejects.toThrow(
      `METRICS_LISTEN=${taken}: listen EADDRINUSE`,
    );
  });

  it('serves GET /metrics in Prometheus text format, with every family and Node process metrics', async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = familiesIn(await res.text());
    for (const family of [
      ...FAMILIES,
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(families, family).toContain(family);
    }
  });

  it('answers nothing else', async () => {
    expect((await scrape('/')).status).toBe(404);
    expect((await scrape('/metrics/x')).status).toBe(404);
    expect((await scrape('/turing/health')).status).toBe(404);
    expect((await scrape('/metrics', 'POST')).status).toBe(404);
    expect((await scrape('/metrics?x=1')).status).toBe(200);
  });

  it('is the only place /metrics is served: not on PORT, the admin listener or a worker health port', async () => {
    const services = t.app.services!;
    const main = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(main.statusCode).toBe(404);
    expect(main.body).not.toContain('turing_');
    expect((await t.app.inject({ method: 'GET', url: '/turing/metrics' })).statusCode).toBe(404);
    for (const surface of ['public', 'admin', 'health'] as const) {
      const app = await buildHttpApp(services, { logger, surface });
      try {
        const res = await app.inject({ method: 'GET', url: '/metrics' });
        expect(res.statusCode, surface).toBe(404);
        expect(res.body, surface).not.toContain('turing_');
      } finally {
        await app.close();
      }
    }
  });

  it('counts requests by matched route: a thousand unknown URLs add one route label', async () => {
    const { metrics } = t.app.services!;
    const count = (labels: Record<string, string>) =>
      metricValue(metrics, 'turing_http_request_duration_seconds_count', labels);
    const live = { route: '/turing/health/live', method: 'GET', status_code: '200' };
    const [unmatchedBefore, liveBefore] = [await count({ route: UNMATCHED_ROUTE }), await count(live)];
    await t.app.inject({ method: 'GET', url: '/turing/health/live' });
    const before = await labelValues(metrics, 'turing_http_request_duration_seconds', 'route');
    for (let i = 0; i < 500; i += 1) {
      await t.app.inject({ method: 'GET', url: `/no/such/page-${i}?id=${i}` });
      await t.app.inject({ method: 'POST', url: `/turing/user/${i}/x`, headers: appHeaders() });
    }
    const after = await labelValues(metrics, 'turing_http_request_duration_seconds', 'route');
    expect([...after].filter((route) => !before.has(route))).toEqual(
      before.has(UNMATCHED_ROUTE) ? [] : [UNMATCHED_ROUTE],
    );
    expect((await count({ route: UNMATCHED_ROUTE })) - unmatchedBefore).toBe(1000);
    expect((await count(live)) - liveBefore).toBe(1);
    // A route's own ids (a query string, a path parameter) stay out of its label.
    const { cookie } = await registerUser(t);
    const task = (await submit(t, cookie, { mode: 'text', prompt: 'a label test' })).json().data;
    await t.app.inject({ method: 'GET', url: `/turing/design/task/get?id=${task.id}`, headers: { cookie } });
    await t.app.inject({ method: 'GET', url: '/files/public/a/b.png' });
    const routes = [...(await labelValues(metrics, 'turing_http_request_duration_seconds', 'route'))];
    expect(routes).toContain('/turing/design/task/get');
    expect(routes.join(' ')).not.toContain(task.id);
    expect(routes.join(' ')).not.toContain('b.png');
  });

  it('reports the queue by state from the database, and the task event streams open', async () => {
    const { cookie } = await registerUser(t);
    for (let i = 0; i < 2; i += 1) await submit(t, cookie, { mode: 'text', prompt: `queued ${i}` });
    // Cached for a few seconds: a fresh registry reads the database now.
    const metrics = createMetrics({ role: 'all', version: 'test' });
    metrics.watch({
      queueDepth: () => t.app.services!.queueDepth(),
      streams: () => t.app.services!.events.open(),
      pool: () => t.database.poolUse?.() ?? null,
    });
    const text = await metrics.text();
    const queued = Number(/^turing_queue_tasks\{engine="preview",state="queued"\} (\d+)$/m.exec(text)?.[1]);
    expect(queued).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^turing_sse_connections 0$/m);
    expect(Number(/^turing_db_probe_seconds (\S+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
    // The PostgreSQL pool's use; the embedded database has one connection and no pool to show.
    if (t.database.kind === 'postgres') expect(text).toMatch(/^turing_db_pool_connections\{state="max"\} \d+$/m);
    else expect(text).not.toMatch(/^turing_db_pool_connections\{/m);
  });
});

describe('the Grafana dashboard (deploy/grafana/turing-design.json)', () => {
  interface Panel {
    type: string;
    title: string;
    datasource?: { uid: string };
    targets?: { expr: string }[];
  }
  const dashboard = JSON.parse(
    fs.readFileSync(new URL('../../../../deploy/grafana/turing-design.json', import.meta.url), 'utf8'),
  ) as { __inputs: { name: string; pluginId: string }[]; panels: Panel[] };
  const plotted = dashboard.panels.filter((p) => p.type !== 'row');
  const exprs = plotted.flatMap((p) => (p.targets ?? []).map((t) => t.expr));

  it('takes its Prometheus as an input, and every panel reads it', () => {
    expect(dashboard.__inputs).toEqual([expect.objectContaining({ name: 'DS_PROMETHEUS', pluginId: 'prometheus' })]);
    for (const panel of plotted) expect(panel.datasource?.uid, panel.title).toBe('${DS_PROMETHEUS}');
  });

  it('plots every family, and only families the server exports', () => {
    const used = new Set(
      exprs.flatMap((e) => [...e.matchAll(/\b(turing_\w+?)(?:_bucket|_count|_sum)?\b/g)].map((m) => m[1]!)),
    );
    for (const family of FAMILIES) expect(used, family).toContain(family);
    for (const family of used) expect(FAMILIES, family).toContain(family);
    for (const node of [
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
    ])
      expect(exprs.join('\n')).toContain(node);
  });
});
