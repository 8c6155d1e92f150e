import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/client.ts';

/**
 * Migrates one PGlite database for the whole run and leaves it twice: as a dump of its data
 * directory, which test-app.ts loads for every app, and as the directory itself, which
 * spawn-server.ts copies into a started server's data folder. A copy takes a fraction of a second;
 * creating and migrating a database takes seconds.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const dataDir = path.join(dir, 'db');
  const database = await openPglite(dataDir);
  try {
    if (database.driver.kind !== 'pglite') throw new Error('expected PGlite');
    const dump = await database.driver.client.dumpDataDir('none');
    fs.writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  project.provide('pgliteDataDir', dataDir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
