import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { sweepExpired } from './modules/auth/housekeeping.ts';

async function main() {
  const config = loadConfig();
  if (config.ROLE !== 'all' && config.database === 'pglite') {
    throw new Error(
      `ROLE=${config.ROLE} needs PostgreSQL: the embedded database belongs to one process. Set DATABASE_URL, or use ROLE=all.`,
    );
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = await buildApp({ config, database });

  // Hourly sweep of expired sessions, codes and rate windows; any node may run it, it is idempotent.
  const sweep = () =>
    sweepExpired(database.db).then(
      (removed) => app.log.info({ removed }, 'housekeeping'),
      (err: unknown) => app.log.error({ err }, 'housekeeping failed'),
    );
  void sweep();
  const sweeper = setInterval(() => void sweep(), 3_600_000).unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    clearInterval(sweeper);
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (config.ROLE === 'worker') {
    // Worker nodes serve no HTTP; they run queue jobs, which the generation module registers.
    app.log.info('worker role: no HTTP listener; waiting for queue jobs');
    return;
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  const port = (app.server.address() as { port: number }).port;
  const where = `http://localhost:${port}`;
  app.log.info(`Turing Design is ready: open ${where} (API ${where}/turing, docs ${where}/turing/docs)`);
  if (!config.production) console.log(`\n  Turing Design is running. Open ${where}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
