/**
 * `npm run migrate`: applies the database migrations and exits, as a deploy step before new nodes
 * start (they also migrate at start, under the same advisory lock, so this is optional).
 */
import { loadConfig } from './config.ts';
import { describeDbError, migratePostgres, openPglite } from './db/client.ts';
import path from 'node:path';

const config = loadConfig();
try {
  if (config.DATABASE_URL) await migratePostgres(config.DATABASE_URL);
  else await (await openPglite(path.join(config.DATA_DIR, 'db'))).close();
  console.log(`Migrations applied (${config.database}).`);
} catch (err) {
  console.error(`Migrations failed: ${describeDbError(err)}`);
  process.exit(1);
}
