import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The label every request that matched no route is counted under: a scanner asking for a thousand
 * made-up paths adds one series, not a thousand.
 */
export const UNMATCHED_ROUTE = '(unmatched)';

/** How long a value read from the database for a scrape is served again before it is read anew. */
const SCRAPE_CACHE_MS = 5_000;

/** What the task counters read of a task (a row of `tasks`, as the lifecycle just wrote it). */
export interface TaskFacts {
  engine: string;
  mode: string;
  state: string;
  attempt: number;
  refunded: boolean;
  refundedCubes: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** Read at scrape time from the parts of the process that know them; each may be absent. */
export interface MetricSources {
  /** Tasks queued and generating now, by engine: one query, for the whole cluster. */
  queueDepth?(): Promise<{ engine: string; state: string; n: number }[]>;
  /** The engines this process has made, with their servers by state (no I/O). */
  engineServers?(): { name: string; servers: { up: number; draining: number; down: number } }[];
  /** Task event streams (SSE) open on this node. */
  streams?(): number;
  /** The PostgreSQL pool's connections; absent or null on the embedded database (one connection). */
  pool?(): { total: number; idle: number; waiting: number; max: number } | null;
}

const FAILED_STATES = new Set(['timed_out', 'lost']);
const ENDED_STATES = new Set(['complete', 'cancelled', 'timed_out', 'lost']);
const seconds = (from: Date, to: Date) => Math.max(0, (to.getTime() - from.getTime()) / 1000);

/**
 * Serves `read` again for `ttlMs` after it answered, and lets concurrent callers share the read under
 * way: a burst of scrapes costs the database one query per `ttlMs`, however many arrive.
 */
export function cachedRead<T>(read: () => Promise<T>, ttlMs: number, now: () => number = Date.now) {
  let value: { v: T; at: number } | null = null;
  let pending: Promise<T> | null = null;
  return (): Promise<T> => {
    if (value && now() - value.at < ttlMs) return Promise.resolve(value.v);
    pending ??= read()
      .then((v) => {
        value = { v, at: now() };
        return v;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}

/**
 * The process's Prometheus metrics, on a registry of its own (a test builds many apps in one
 * process). Counters are moved by the code that owns each change, given this object: the task
 * lifecycle, the order settlement, the upscaler, the HTTP app. Gauges are read when scraped. Every
 * label has a bounded set of values: engines, modes, states, providers, routes as declared (never
 * a URL, an id or an address).
 */
export function createMetrics(opts: { role: string; version: string }) {
  const registry = new Registry();
  const registers = [registry];
  const taskLabels = ['engine', 'mode'] as const;

  new Gauge({
    name: 'turing_build_info',
    help: 'Always 1: the version and role (all, api, worker) of this node',
    labelNames: ['version', 'role'],
    registers,
  }).set({ version: opts.version, role: opts.role }, 1);

  const requestDuration = new Histogram({
    name: 'turing_http_request_duration_seconds',
    help: `HTTP requests by method, matched route (${UNMATCHED_ROUTE} for none) and status code`,
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  const counter = (name: string, help: string, extra: string[] = []) =>
    new Counter({ name, help, labelNames: [...taskLabels, ...extra], registers });
  const submitted = counter('turing_tasks_submitted_total', 'Tasks submitted (charged and created)');
  const completed = counter('turing_tasks_completed_total', 'Tasks that completed with their images');
  const failed = counter(
    'turing_tasks_failed_total',
    'Tasks that ended timed out or lost, by the lifecycle event that ended them (timeout, lost, refused, moderated)',
    ['reason'],
  );
  const cancelled = counter('turing_tasks_cancelled_total', 'Tasks cancelled by their owner');
  const refunded = counter(
    'turing_tasks_refunded_total',
    'Tasks refunded: in full when they did not complete, or the images a completed task did not deliver',
    ['kind'],
  );
  const retried = counter(
    'turing_tasks_retried_total',
    'Runs moved to another server after a fault of theirs (the task went back in line)',
  );
  const taskDuration = new Histogram({
    name: 'turing_task_duration_seconds',
    help: 'Run time of tasks that ended after a worker claimed them (claim or server start to end), by end state',
    labelNames: [...taskLabels, 'state'],
    buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800],
    registers,
  });
  const queueWait = new Histogram({
    name: 'turing_task_queue_wait_seconds',
    help: 'From submit to the first claim by a worker',
    labelNames: taskLabels,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900],
    registers,
  });

  const upscalerJobs = new Counter({
    name: 'turing_upscaler_jobs_total',
    help: 'Jobs of the built-in neural upscaler by outcome (done, failed, cancelled)',
    labelNames: ['outcome'],
    registers,
  });
  const upscalerSeconds = new Histogram({
    name: 'turing_upscaler_seconds',
    help: "Time the upscaler's thread spent on a job (not the wait for its turn)",
    buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
    registers,
  });
  const payments = new Counter({
    name: 'turing_payments_total',
    help: 'Orders settled, by payment provider and outcome (paid, failed, cancelled)',
    labelNames: ['provider', 'outcome'],
    registers,
  });
  const paymentRefunds = new Counter({
    name: 'turing_payment_refunds_total',
    help: 'Paid orders refunded, by payment provider',
    labelNames: ['provider'],
    registers,
  });

  const webhookAttempts = new Counter({
    name: 'turing_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome (delivered, retried, failed after the last, gone: the receiver answered 410)',
    labelNames: ['outcome'],
    registers,
  });

  let sources: MetricSources = {};
  let workers: { running: () => number; slots: number } | null = null;
  let queueCollected: Promise<void> = Promise.resolve();
  // Label sets shown once stay shown (at 0): a queue that empties is a 0, not a gap in the graph.
  const queueSeen = new Set<string>();
  const queueDepth = cachedRead(async () => {
    const started = performance.now();
    const rows = (await sources.queueDepth?.()) ?? [];
    probeSeconds.set((performance.now() - started) / 1000);
    return rows;
  }, SCRAPE_CACHE_MS);
  new Gauge({
    name: 'turing_queue_tasks',
    help: 'Tasks queued and generating now, by engine and state: the whole cluster, read from the database (every node reports the same)',
    labelNames: ['engine', 'state'],
    registers,
    async collect() {
      this.reset();
      if (!sources.queueDepth) return;
      queueCollected = queueDepth().then(
        (rows) => {
          for (const row of rows) queueSeen.add(row.engine);
          for (const engine of queueSeen) for (const state of ['queued', 'generating']) this.set({ engine, state }, 0);
          for (const row of rows) this.set({ engine: row.engine, state: row.state }, row.n);
        },
        () => sourceFailures.inc({ source: 'queue_depth' }),
      );
      await queueCollected;
    },
  });
  // These two are registered after the gauge they speak for, and read once that gauge's read of this
  // scrape is done: they show this scrape's query, not the one before.
  const probeSeconds = new Gauge({
    name: 'turing_db_probe_seconds',
    help: "How long the queue depth's query took when last run: the database's answer time as this node sees it (on the embedded database, its one connection's queue)",
    registers,
    async collect() {
      await queueCollected;
    },
  });
  const sourceFailures = new Counter({
    name: 'turing_metrics_source_failures_total',
    help: 'Scrapes that could not read a source (the database for the queue depth); its gauges are left out',
    labelNames: ['source'],
    registers,
    async collect() {
      await queueCollected;
    },
  });
  new Gauge({
    name: 'turing_engine_servers',
    help: 'Generation servers of the engines this node runs, by state (up, draining, down), as its fleet last saw them',
    labelNames: ['engine', 'state'],
    registers,
    collect() {
      this.reset();
      for (const engine of sources.engineServers?.() ?? [])
        for (const [state, n] of Object.entries(engine.servers)) this.set({ engine: engine.name, state }, n);
    },
  });
  new Gauge({
    name: 'turing_sse_connections',
    help: 'Task event streams (server-sent events) open on this node',
    registers,
    collect() {
      this.set(sources.streams?.() ?? 0);
    },
  });
  new Gauge({
    name: 'turing_worker_running_tasks',
    help: "Tasks this node's generation workers are running now (0 on an API-only node)",
    registers,
    collect() {
      this.set(workers?.running() ?? 0);
    },
  });
  new Gauge({
    name: 'turing_worker_slots',
    help: 'Tasks this node runs at once at most (WORKER_CONCURRENCY; 0 on an API-only node)',
    registers,
    collect() {
      this.set(workers?.slots ?? 0);
    },
  });
  new Gauge({
    name: 'turing_db_pool_connections',
    help: "The PostgreSQL pool's connections by state (total, idle, waiting: requests waiting for one; max: its size); absent on the embedded database",
    labelNames: ['state'],
    registers,
    collect() {
      this.reset();
      const pool = sources.pool?.();
      if (pool) for (const [state, n] of Object.entries(pool)) this.set({ state }, n);
    },
  });

  let processMetrics = false;

  return {
    registry,
    contentType: registry.contentType,
    /** The scrape: every family in Prometheus's text format. */
    text: () => registry.metrics(),

    /** Node's own (CPU, memory, heap, GC, event-loop lag, handles), once per process that serves metrics. */
    collectProcess() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry });
    },

    /** The scrape-time sources; the parts that know them are built after the metrics. */
    watch(given: MetricSources) {
      sources = { ...sources, ...given };
    },
    /** The generation workers of this process (ROLE=all or worker), once they run. */
    watchWorkers(running: () => number, slots: number) {
      workers = { running, slots };
    },

    /** The HTTP apps' onResponse hook: duration by matched route, never by the URL asked for. */
    onResponse(req: FastifyRequest, reply: FastifyReply, done: () => void) {
      requestDuration.observe(
        { method: req.method, route: req.routeOptions.url ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    },

    /** A task was created (and charged); a claim in the same statement starts its run at once. */
    taskSubmitted(task: TaskFacts) {
      const labels = { engine: task.engine, mode: task.mode };
      submitted.inc(labels);
      if (task.state === 'generating' && task.startedAt)
        queueWait.observe(labels, seconds(task.createdAt, task.startedAt));
    },

    /** A row of the lifecycle's table was applied (`event`); `task` is the row as it now is. */
    taskChanged(event: string, task: TaskFacts) {
      const labels = { engine: task.engine, mode: task.mode };
      if (event === 'claim' && task.attempt === 1 && task.startedAt)
        queueWait.observe(labels, seconds(task.createdAt, task.startedAt));
      if (event === 'moved') retried.inc(labels);
      if (!ENDED_STATES.has(task.state)) return;
      if (task.state === 'complete') completed.inc(labels);
      else if (task.state === 'cancelled') cancelled.inc(labels);
      else if (FAILED_STATES.has(task.state)) failed.inc({ ...labels, reason: event });
      if (task.state === 'complete' && task.refundedCubes > 0) refunded.inc({ ...labels, kind: 'undelivered' });
      else if (task.state !== 'complete' && task.refunded) refunded.inc({ ...labels, kind: 'full' });
      if (task.startedAt && task.finishedAt)
        taskDuration.observe({ ...labels, state: task.state }, seconds(task.startedAt, task.finishedAt));
    },

    /** An upscale job ended: `done`, `failed` or `cancelled`, after `seconds` of the thread's time. */
    upscaled(outcome: 'done' | 'failed' | 'cancelled', spent: number) {
      upscalerJobs.inc({ outcome });
      upscalerSeconds.observe(spent);
    },

    /** An order left `pending` (paid, failed or cancelled) through a provider's word or ours. */
    paymentSettled(provider: string, outcome: string) {
      payments.inc({ provider, outcome });
    },
    /** A webhook attempt ended: delivered, retried (another attempt follows), failed or gone. */
    webhookAttempted(outcome: 'delivered' | 'retried' | 'failed' | 'gone') {
      webhookAttempts.inc({ outcome });
    },
    /** A paid order was refunded (what it granted taken back). */
    orderRefunded(provider: string) {
      paymentRefunds.inc({ provider });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
