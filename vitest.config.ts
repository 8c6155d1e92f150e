import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
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

/** A test file that starts server or CLI processes: small, but among the longest (each start waits its turn on a loaded machine). */
const STARTS_PROCESSES = /spawn-server|admin-cli|node:child_process/;

/**
 * Vitest runs the files it has timings for longest first, and the others largest first. On a fresh
 * clone (CI) it has none, so the small files that start processes ran last and ended the run
 * alone, about 100 s after the rest. Without a timing, those go first.
 */
class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`;
      return !this.ctx.cache.getFileTestResults(key) && STARTS_PROCESSES.test(fs.readFileSync(spec.moduleId, 'utf8'));
    };
    // Stable: the projects keep their order, and so do the files within each part.
    const rank = new Map(sorted.map((spec, i) => [spec, i]));
    const project = new Map(sorted.map((spec) => [spec, sorted.findIndex((s) => s.project === spec.project)]));
    return sorted
      .map((spec) => ({ spec, first: first(spec) }))
      .sort(
        (a, b) =>
          project.get(a.spec)! - project.get(b.spec)! ||
          Number(b.first) - Number(a.first) ||
          rank.get(a.spec)! - rank.get(b.spec)!,
      )
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: ProcessesFirst },
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
