import { afterEach, describe, expect, it } from 'vitest';
import { getJson, spawnServer, type RunningServer, type SpawnOptions } from '../test-support/spawn-server.ts';

const started: RunningServer[] = [];
afterEach(() => {
  for (const s of started.splice(0)) s.proc.kill('SIGKILL');
});
const run = (env: Record<string, string>, opts?: SpawnOptions) => {
  const s = spawnServer({ LOG_LEVEL: 'info', ...env }, opts);
  started.push(s);
  return s;
};

describe('the server process', () => {
  it('starts on plain Node with embedded defaults and stops cleanly on SIGTERM', async () => {
    // Every default, the demo community included (the one setting the test helper turns off), on
    // an empty data folder: the database is created and migrated as on a new machine.
    const s = run({ DEMO_CONTENT: 'true' }, { firstStart: true });
    const port = await s.port;
    expect((await getJson(port, '/turing/health/ready')).body.status).toBe(200);
    expect(s.output()).toContain('payment providers live: dev (PAYMENTS_DEV: test payments, purchases are free)');
    expect(s.output()).toContain('X-Forwarded-For is ignored (TRUST_PROXY unset)');
    s.proc.kill('SIGTERM');
    expect(await s.exit).toBe(0);
    expect(s.output()).toContain('"msg":"stopped"');
    // A deadline, not a timing: drawing the demo community's works takes a minute of a loaded machine.
  }, 180_000);

  it('says why it cannot start: the cause, not only the failing SQL', async () => {
    const s = run({
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      FILE_URL_SECRET: 'f'.repeat(32),
      ADMIN_TOKEN: 'a'.repeat(32),
      FILES_SHARED: 'true',
    });
    expect(await s.exit).toBe(1);
    expect(s.output()).toMatch(/could not start: The database could not be opened: .*ECONNREFUSED/);
  });

  it('refuses a TRUST_PROXY it cannot read rather than trusting nothing without a word', async () => {
    const s = run({ TRUST_PROXY: 'loopback' });
    expect(await s.exit).toBe(1);
    expect(s.output()).toContain('TRUST_PROXY: "loopback": not an IP address or CIDR range');
  });

  it('refuses a split role on the embedded database', async () => {
    const s = run({
      ROLE: 'worker',
      FILE_URL_SECRET: 'f'.repeat(32),
      ADMIN_TOKEN: 'a'.repeat(32),
      FILES_SHARED: 'true',
    });
    expect(await s.exit).toBe(1);
    expect(s.output()).toContain('ROLE=worker needs PostgreSQL');
  });
});
