import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { APP_HEADER, SESSION_COOKIE } from '@turing/contract';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { createSessionRepository } from '../modules/auth/session.repository.ts';
import { createSessionService } from '../modules/auth/session.service.ts';

/**
 * The test script runs the API suite twice: on in-memory PGlite, then with TEST_DATABASE_URL
 * pointing at a throw-away PostgreSQL server, where each app gets a database of its own.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!adminUrl) return { database: await openPglite(null), drop: async () => {} };
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function buildTestApp(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const { database, drop } = await freshDatabase();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** Headers the web client sends on every call. */
export const appHeaders = (locale: 'en' | 'zh' = 'en') => ({
  [APP_HEADER.name]: APP_HEADER.value,
  'accept-language': locale,
});

let counter = 0;
/** A user and a live session written straight to the database, for tests about something else. */
export async function seedUser(t: TestApp, fields: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  const [user] = await t.database.db
    .insert(users)
    .values({
      username: `user${suffix}`,
      nickname: `User ${counter}`,
      inviteCode: `INV${suffix}`.toUpperCase(),
      ...fields,
    })
    .returning();
  const sessions = createSessionService(createSessionRepository(t.database.db));
  const { token } = await sessions.create(user!.id);
  return { user: user!, cookie: `${SESSION_COOKIE}=${token}`, token };
}
