import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { postgresPassFiles } from './apps/server/test-support/postgres-pass.ts';

// With TEST_DATABASE_URL (a throw-away PostgreSQL server; the test script starts one), the server
// tests that use a database run a second time on it, in the same run as everything else.
const postgresUrl = process.env.TEST_DATABASE_URL;
const serverSrc = path.join(import.meta.dirname, 'apps/server/src');
const { usingDatabase, onPostgres } = postgresPassFiles(serverSrc);

const server = {
  environment: 'node',
  // Deadlines for a hung test, not timings: a test that starts server and CLI processes takes a few
  // seconds on an idle machine and several times that while the journeys run beside it.
  testTimeout: 90_000,
  hookTimeout: 90_000,
  // Server test files share nothing through module state (each builds its own app and database),
  // so a worker keeps its loaded modules from one file to the next instead of importing the whole
  // server again per file, which took longer than most files' tests.
  isolate: false,
  setupFiles: ['apps/server/test-support/wait-deadline.setup.ts'],
} as const;

const web = {
  root: './apps/web',
  include: ['src/**/*.test.{ts,tsx}'],
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  // A form test clicks through a dozen steps; on a busy machine that outlasts the default 5 s.
  testTimeout: 20_000,
  // A worker thread starts faster than a process, which counts with about sixty files.
  pool: 'threads',
} as const;
const WEB_FRESH_MODULES = ['src/shared/ui/phone-input/country-flag.test.tsx'];

export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (cores - 1), which on a 2-core machine means one worker.
    // One per core: two per core beside the journeys made the process-starting tests three times
    // slower and the run no shorter.
    maxWorkers: os.availableParallelism(),
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'client', include: ['packages/client/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          ...server,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // *.pg.test.ts need a real PostgreSQL: they run in server-postgres only.
          exclude: ['apps/server/src/**/*.pg.test.ts'],
          globalSetup: ['apps/server/test-support/pglite-template.global-setup.ts'],
          provide: { databaseTestFiles: usingDatabase },
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                ...server,
                name: 'server-postgres',
                include: onPostgres.map((file) => path.relative(import.meta.dirname, file)),
                globalSetup: ['apps/server/test-support/postgres-template.global-setup.ts'],
                provide: { postgres: { url: postgresUrl }, databaseTestFiles: usingDatabase },
              },
            },
          ]
        : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          ...web,
          name: 'web',
          exclude: [...configDefaults.exclude, ...WEB_FRESH_MODULES],
          // A worker keeps the loaded modules (React, Ant Design, the app) from one file to the next
          // instead of importing them again per file, which cost more than the tests themselves; each
          // file still gets its own DOM, and the test set-up resets the stores and the query cache.
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        // Files that observe when a module is first loaded (vi.mock of a module, a module-level cache).
        test: { ...web, name: 'web-fresh', include: WEB_FRESH_MODULES },
      },
    ],
  },
});
