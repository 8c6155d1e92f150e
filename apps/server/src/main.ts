import v8 from 'node:v8';
import { describeTrustProxy, loadConfig } from './config.ts';
import { createLogger } from './platform/logger.ts';
import { processFaults } from './platform/process-faults.ts';
import { VERSION } from './platform/version.ts';

/**
 * The process: configuration, database (migrated), services, then by ROLE the HTTP listener
 * (api), the background workers (worker) or both (all, the default). SIGTERM drains: readiness
 * fails, no new connections, in-flight requests finish, streams and workers stop, then exit.
 */
async function main() {
  const config = loadConfig();
  const log = createLogger(config);
  processFaults.useLogger(log);
  if (config.ROLE !== 'all' && config.database === 'pglite') {
    throw new Error(
      `ROLE=${config.ROLE} needs PostgreSQL: the embedded database belongs to one process. Set DATABASE_URL, or use ROLE=all.`,
    );
  }
  // Before any Fastify app is made (@fastify/otel hooks into those made after it); nothing of
  // OpenTelemetry is even loaded without an endpoint.
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  const tracing = endpoint
    ? await import('./platform/tracing.ts').then(({ startTracing }) =>
        startTracing({
          endpoint,
          serviceName: config.OTEL_SERVICE_NAME,
          version: VERSION,
          role: config.ROLE,
          nodeId: config.nodeId,
        }),
      )
    : null;
  if (tracing) log.info({ endpoint, service: config.OTEL_SERVICE_NAME }, 'tracing to an OpenTelemetry collector');
  // The rest of the server is loaded only now: a setting refused above is said in a fraction of a
  // second instead of after loading every module (over a second of CPU).
  const { describeDbError, openDatabase } = await import('./db/client.ts');
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      onError: (err) => log.warn({ err: describeDbError(err) }, 'database connection error (recovering)'),
    });
  } catch (err) {
    throw new Error(`The database could not be opened: ${describeDbError(err)}`, { cause: err });
  }
  const [{ createServices }, { buildHttpApp }, { serveMetrics }, { startWorkers }, { seedDemoContent }] =
    await Promise.all([
      import('./services.ts'),
      import('./app.ts'),
      import('./platform/metrics-server.ts'),
      import('./workers.ts'),
      import('./modules/community/index.ts'),
    ]);
  const services = await createServices(config, database, log);
  // Engines start now, not at the first task: a fleet's health is known before anyone submits. A
  // catalogue model whose provider has no key here is not started (the studio shows it unavailable).
  for (const name of new Set(services.settings.modelsToRun().map((model) => services.settings.engineFor(model)))) {
    services.engines.get(name).catch((err: unknown) => log.warn({ err, engine: name }, 'engine not available'));
  }
  log.info(
    { providers: services.orders.providerNames() },
    `payment providers live: ${services.orders.providerNames().join(', ') || 'none'}${config.paymentsDev ? ' (PAYMENTS_DEV: test payments, purchases are free)' : ''}`,
  );
  // Who a client is for every per-IP limit: worth a line before the first request arrives.
  if (config.ROLE !== 'worker') log.info({ trustProxy: config.TRUST_PROXY }, describeTrustProxy(config.TRUST_PROXY));
  if (config.DEMO_CONTENT && config.NODE_ENV !== 'test' && config.ROLE !== 'worker') {
    // A community without content is a worse first impression than none at all, but never a reason not to start.
    await seedDemoContent(services).catch((err: unknown) => log.warn({ err }, 'demo community content not added'));
  }

  // A worker node has no API, but still answers its own health checks on PORT.
  const surface = config.ROLE === 'worker' ? 'health' : config.ADMIN_LISTEN ? 'public' : 'all';
  const app = await buildHttpApp(services, { logger: log, surface });
  const adminApp =
    config.ROLE !== 'worker' && config.ADMIN_LISTEN
      ? await buildHttpApp(services, { logger: log, surface: 'admin' })
      : null;
  // Every role serves its own figures (a worker node has counters of its own), never on PORT.
  const metricsServer = config.METRICS_LISTEN ? await serveMetrics(services.metrics, config.METRICS_LISTEN) : null;
  if (metricsServer)
    log.info(`metrics on http://${config.METRICS_LISTEN!.replace(/\d+$/, String(metricsServer.port))}/metrics`);
  const stopWorkers = config.ROLE === 'api' ? null : await startWorkers(services);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: draining');
    services.lifecycle.drain();
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      log.flush();
      process.exit(1);
    }, 15_000).unref();
    let code = 0;
    try {
      await Promise.all([
        app.close(),
        adminApp?.close(),
        metricsServer?.close(),
        stopWorkers?.() ?? services.queue.stop(),
      ]);
      await database.close();
      // The last spans still go out: the exporter gives up on a silent collector after 10 s, inside the 15 above.
      await tracing?.shutdown().catch((err: unknown) => log.warn({ err }, 'traces not flushed'));
      log.info('stopped');
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      code = 1;
    } finally {
      clearTimeout(force);
      log.flush(() => process.exit(code));
    }
  };
  // shutdown() catches its own failures: these promises never reject.
  process.on('SIGTERM', () => {
    shutdown('SIGTERM').catch(() => {});
  });
  process.on('SIGINT', () => {
    shutdown('SIGINT').catch(() => {});
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  if (adminApp) {
    const [host, port] = [config.ADMIN_LISTEN!.replace(/:\d+$/, ''), Number(config.ADMIN_LISTEN!.split(':').pop())];
    await adminApp.listen({ host, port });
    log.info(`operator API on http://${config.ADMIN_LISTEN}/turing/admin`);
  }
  const port = (app.server.address() as { port: number }).port;
  if (config.ROLE === 'worker') {
    log.info(`worker ready (health on port ${port})`);
    return;
  }
  const where = `http://localhost:${port}`;
  const docs = config.apiDocs ? `, docs ${where}/turing/docs` : '';
  log.info(`Turing Design is ready: open ${where} (API ${where}/turing${docs})`);
  if (!config.production) console.log(`\n  Turing Design is running. Open ${where}\n`);
}

// V8 lets a busy process's heap grow to four times what is live before a full collection, so a
// server under steady use climbed by some 400 MB of garbage over its first minutes (90 MB live).
// Twice what is live keeps its memory near what it needs, for collections that run beside it.
v8.setFlagsFromString('--heap-growing-percent=100');

// A rejection nobody handles is logged and counted (readiness shows the count), never fatal:
// Node's default would end the process and every request and task running in it.
processFaults.install(process);

// A PostgreSQL connection killed under a library's own client (the job queue's listener) is
// emitted as an 'error' without a listener (a query nobody awaits rejects, and lands above); the
// clients reconnect, so the process survives it. Any other uncaught error still ends the process.
const DROPPED_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNRESET', 'EPIPE']);
process.on('uncaughtException', (err: Error & { code?: string }) => {
  const dropped =
    DROPPED_CODES.has(err.code ?? '') ||
    /Connection terminated|terminating connection|connection error and is not queryable/.test(err.message);
  console.error(`${dropped ? 'database connection dropped (recovering)' : 'uncaught error'}: ${err.message}`);
  if (!dropped) process.exit(1);
});

main().catch((err: unknown) => {
  console.error(`Turing Design could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
