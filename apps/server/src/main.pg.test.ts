import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres } from './db/client.ts';
import { freshDatabaseUrl } from '../test-support/test-app.ts';
import { getJson, spawnServer, type RunningServer } from '../test-support/spawn-server.ts';

// PostgreSQL only (run by the test script with TEST_DATABASE_URL): processes sharing one server.
const secrets = { FILE_URL_SECRET: 'f'.repeat(32), ADMIN_TOKEN: 'a'.repeat(32), FILES_SHARED: 'true' };
let db: { url: string; drop: () => Promise<void> };
beforeAll(async () => {
  db = await freshDatabaseUrl();
});
afterAll(() => db.drop());

const started: RunningServer[] = [];
afterEach(() => {
  for (const s of started.splice(0)) s.proc.kill('SIGKILL');
});

describe('on PostgreSQL', () => {
  it('four nodes migrating a fresh database at once all come up', async () => {
    const fresh = await freshDatabaseUrl();
    try {
      const nodes = await Promise.all([1, 2, 3, 4].map(() => openPostgres(fresh.url)));
      for (const node of nodes) await node.ping();
      const [row] = await nodes[0]!.query<{ n: number }>(
        `select count(*)::int as n from "drizzle"."__drizzle_migrations"`,
      );
      expect(row!.n).toBeGreaterThan(0);
      await Promise.all(nodes.map((n) => n.close()));
    } finally {
      await fresh.drop();
    }
  });

  it('a worker node stays up, answers its health checks, serves no API and stops on SIGTERM', async () => {
    const s = spawnServer({ DATABASE_URL: db.url, ROLE: 'worker', ...secrets });
    started.push(s);
    const port = await s.port;
    // Its start ends with the workers running and the orphan watch done: a crash there would show now.
    await vi.waitFor(() => expect(s.output()).toContain('worker ready'), { timeout: 20_000, interval: 50 });
    expect(s.proc.exitCode, s.output()).toBeNull();
    expect((await getJson(port, '/turing/health/live')).body.status).toBe(200);
    expect((await getJson(port, '/turing/user/info')).status).toBe(404);
    s.proc.kill('SIGTERM');
    expect(await s.exit).toBe(0);
  });

  it('survives its database connections being terminated', async () => {
    const s = spawnServer({ DATABASE_URL: db.url, ...secrets });
    started.push(s);
    const port = await s.port;
    expect((await getJson(port, '/turing/health/ready')).body.status).toBe(200);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    // The pool reports the dropped connections, and readiness answers on a fresh one.
    await vi.waitFor(
      async () => {
        expect((await getJson(port, '/turing/health/ready')).body.status).toBe(200);
        expect(s.output()).toMatch(/database connection (error|dropped) \(recovering\)/);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(s.proc.exitCode, s.output()).toBeNull();
  });
});
