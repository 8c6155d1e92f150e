import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { describeDbError, openPglite, type Database } from '../db/client.ts';
import { loggableError } from '../db/errors.ts';

/** An app whose log lines are kept, with two routes that fail in the database on a secret parameter. */
const SECRET = 'secret-prompt-of-user-4242';
const lines: Record<string, unknown>[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-log-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'none') });
  database = await openPglite(null);
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  app = await buildApp({ config, database, logger: pino({ level: 'error' }, sink) });
  app.get('/turing/test/orm-failure', async () => {
    await database.db.execute(sql`select ${SECRET}::int`);
    return {};
  });
  app.get('/turing/test/raw-failure', async () => {
    await database.query('select $1::uuid', [SECRET]);
    return {};
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a database error in a request', () => {
  it.each(['orm', 'raw'])('is logged by its statement and code, never its parameters (%s query)', async (kind) => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: `/turing/test/${kind}-failure` });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL');
    const logged = lines.find((l) => l.msg === 'unhandled error');
    expect(logged).toBeDefined();
    const text = JSON.stringify(logged);
    expect(text).not.toContain(SECRET);
    expect(logged!.err).toMatchObject({ type: 'DatabaseError', code: '22P02' });
    if (kind === 'orm') expect((logged!.err as { statement: string }).statement).toBe('select $1::int');
  });
});

describe('loggableError', () => {
  it('leaves other errors as they are', () => {
    const err = new Error('engine down');
    expect(loggableError(err)).toBe(err);
  });
});

describe('describeDbError', () => {
  it('names the statement and code of a failed query, not its parameters', async () => {
    const err = await database.db.execute(sql`select ${SECRET}::int`).catch((e: unknown) => e);
    const text = describeDbError(err);
    expect(text).toContain('select $1::int');
    expect(text).toContain('22P02');
    expect(text).not.toContain(SECRET);
  });
});
