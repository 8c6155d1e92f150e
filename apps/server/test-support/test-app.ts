import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { APP_HEADER, SESSION_COOKIE } from '@turing/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres, type Database } from '../src/db/client.ts';
import { leasePglite, releasePglite } from './pglite-pool.ts';
import { users } from '../src/db/schema/index.ts';
import type { OutboxLine } from '../src/modules/messaging/outbox.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set for the PostgreSQL pass (vitest.config.ts): the throw-away server's admin URL. */
    postgres?: { url: string };
    /** A database on that server, migrated once for the run (postgres-template.global-setup.ts). */
    postgresTemplate?: string;
    /** A dump of a PGlite data directory, migrated once for the run (pglite-template.global-setup.ts). */
    pgliteTemplate?: string;
    /** The same database as an on-disk data directory, for the server processes tests start (spawn-server.ts). */
    pgliteDataDir?: string;
    /** The test files that use a database, as postgres-pass.ts found them. */
    databaseTestFiles?: string[];
  }
}

/**
 * The test script runs the API suite twice: on in-memory PGlite, then on a throw-away PostgreSQL
 * server (the `server-postgres` project), where each app gets a database of its own. This module is
 * the only place that chooses between the two. It asks at each call, not once at import: a worker
 * may keep this module loaded from one test file (and project) to the next.
 */
const postgresUrl = () => inject('postgres')?.url;

/**
 * The PostgreSQL pass picks its files among those that reach this helper (postgres-pass.ts finds
 * them by their imports). A file that gets here without being found would silently miss the pass.
 */
function assertInPostgresPass() {
  const listed = inject('databaseTestFiles');
  const file = expect.getState().testPath;
  if (listed && file && !listed.includes(file)) {
    throw new Error(
      `${file} uses the test app, but test-support/postgres-pass.ts did not find it: import test-support/test-app.ts ` +
        'with a plain import (see test-support/postgres-pass.ts).',
    );
  }
}

async function createDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = postgresUrl();
  if (!adminUrl) throw new Error('the PostgreSQL pass is not configured (TEST_DATABASE_URL)');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** An empty PostgreSQL database of its own (PostgreSQL runs only). */
export async function freshDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  assertInPostgresPass();
  return createDatabase();
}

let pgliteTemplate: { file: string; dump: Blob } | undefined;
/** The run's migrated PGlite, read once per worker; none outside the test script's projects. */
function pgliteCopy(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  if (pgliteTemplate?.file !== file) pgliteTemplate = { file, dump: new Blob([fs.readFileSync(file)]) };
  return pgliteTemplate.dump;
}

/** A migrated database of its own: a copy of the run's migrated one when there is one. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!postgresUrl()) {
    const database = await leasePglite(pgliteCopy());
    return { database, drop: () => releasePglite(database) };
  }
  const { url, drop } = await createDatabase(inject('postgresTemplate'));
  return { database: await openPostgres(url), drop };
}

/** A logger whose lines a test reads back (parsed), for tests about what is logged. */
export function capturingLogger(level: pino.Level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, sink), lines };
}

export async function buildTestApp(
  env: Record<string, string> = {},
  opts: { databaseUrl?: string; logger?: pino.Logger } = {},
) {
  assertInPostgresPass();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // A test waits for its drawings: at nice 10 the run's own busy workers would starve them.
    PREVIEW_NICE: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const { database, drop } = opts.databaseUrl
    ? { database: await openPostgres(opts.databaseUrl), drop: async () => {} }
    : await freshDatabase();
  const app = await buildApp({ config, database, logger: opts.logger ?? false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      // A PGlite database goes back to this worker's pool (drop empties it), PostgreSQL's is dropped.
      if (database.kind === 'postgres') await database.close();
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
  const { token } = await t.app.services!.sessions.create(user!.id);
  return { user: user!, cookie: `${SESSION_COOKIE}=${token}`, token };
}

export type OutboxEntry = OutboxLine;

/** Everything the dev outbox received, oldest first. */
export function readOutbox(t: TestApp): OutboxEntry[] {
  const file = path.join(t.config.DATA_DIR, 'outbox.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry);
}

export function lastCode(t: TestApp, to: string): string {
  const entry = readOutbox(t)
    .filter((e) => e.to === to)
    .at(-1);
  if (!entry?.code) throw new Error(`no code sent to ${to}`);
  return entry.code;
}

export const cookieFrom = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [raw];
  const sid = list.find((c): c is string => typeof c === 'string' && c.startsWith(`${SESSION_COOKIE}=`));
  return sid ? sid.split(';')[0]! : '';
};

let registered = 0;
/** Registers through the public API (code from the outbox); returns the session cookie. */
export async function registerUser(
  t: TestApp,
  input: { email?: string; phone?: string; username?: string; password?: string } = {},
) {
  registered += 1;
  const tag = `${Date.now().toString(36)}${registered}`;
  const identity = input.phone ? { phone: input.phone } : { email: input.email ?? `user${tag}@example.com` };
  const channel = input.phone ? 'phone' : 'email';
  const send = await t.app.inject({
    method: 'POST',
    url: '/turing/unauthorized/verCode',
    headers: appHeaders(),
    payload: { channel, ...identity, purpose: 'register' },
  });
  if (send.json().status !== 200) throw new Error(`verCode failed: ${send.body}`);
  // The outbox holds the normalised address (E.164 for phones).
  const to = readOutbox(t).at(-1)!.to;
  const password = input.password ?? 'secret123';
  const res = await t.app.inject({
    method: 'POST',
    url: '/turing/unauthorized/reg',
    headers: appHeaders(),
    payload: {
      ...identity,
      code: lastCode(t, to),
      username: input.username ?? `u${tag}`,
      password,
      confirmPassword: password,
      occupation: 'architect',
      agree: true,
    },
  });
  if (res.json().status !== 200) throw new Error(`registration failed: ${res.body}`);
  return { cookie: cookieFrom(res), profile: res.json().data, password, ...identity };
}
