import { describe, expect, it } from 'vitest';
import { leasePglite, releasePglite } from '../../test-support/pglite-pool.ts';
import { users } from './schema/index.ts';

// The test apps' PGlite databases are reused within a worker: what one test leaves must never
// reach the next.
describe('the test apps’ reused PGlite databases', () => {
  it('come back empty, with their counters restarted, and lose the job queue’s schema', async () => {
    const first = await leasePglite(undefined);
    await first.query(`insert into users (username, nickname, invite_code) values ('pool', 'Pool', 'POOL1')`);
    await first.query(`select nextval('task_events_id_seq')`);
    await first.query('create schema pgboss');
    await first.query('create table pgboss.job (id int)');
    await first.query(`set statement_timeout = 1234`);
    await releasePglite(first);

    const second = await leasePglite(undefined);
    expect(second).toBe(first);
    expect(await second.query('select * from users')).toEqual([]);
    expect(await second.query(`select nextval('task_events_id_seq')::int as id`)).toEqual([{ id: 1 }]);
    expect(await second.query(`select 1 from pg_namespace where nspname = 'pgboss'`)).toEqual([]);
    expect(await second.query<{ statement_timeout: string }>('show statement_timeout')).toEqual([
      { statement_timeout: '0' },
    ]);
    await releasePglite(second);
  });

  it('are not reused once a test changed the schema, left a transaction open or still listens', async () => {
    const changed = await leasePglite(undefined);
    await changed.query(`create function pool_probe() returns int language sql as 'select 1'`);
    await releasePglite(changed);
    const afterDdl = await leasePglite(undefined);
    expect(afterDdl).not.toBe(changed);

    if (afterDdl.driver.kind !== 'pglite') throw new Error('expected PGlite');
    await afterDdl.driver.client.exec('begin');
    await releasePglite(afterDdl);
    const afterBegin = await leasePglite(undefined);
    expect(afterBegin).not.toBe(afterDdl);

    await afterBegin.listen('pool_probe', () => {});
    await releasePglite(afterBegin);
    const afterListen = await leasePglite(undefined);
    expect(afterListen).not.toBe(afterBegin);
    await releasePglite(afterListen);
  });
});

// The embedded database reads dates and times as text for drizzle (its columns parse them), while
// the job queue and raw statements get PGlite's own values, arrays included.
describe('the embedded database', () => {
  it('gives raw statements dates and times as PGlite parses them, and drizzle the text it parses itself', async () => {
    const database = await leasePglite(undefined);
    const [row] = await database.query<{ at: unknown; ats: unknown[]; day: unknown; n: unknown[] }>(
      `select timestamptz '2026-01-02 03:04:05+00' as at, array[timestamptz '2026-01-02 03:04:05+00'] as ats,
              date '2026-01-02' as day, array[1.5::numeric] as n`,
    );
    expect(row!.at).toEqual(new Date('2026-01-02T03:04:05Z'));
    expect(row!.ats).toEqual([new Date('2026-01-02T03:04:05Z')]);
    expect(row!.day).toBeInstanceOf(Date);
    // PGlite reads numerics as text (their digits kept), in arrays too.
    expect(row!.n).toEqual(['1.5']);
    const [user] = await database.db
      .insert(users)
      .values({ username: 'dates', nickname: 'Dates', inviteCode: 'DATES1' })
      .returning({ createdAt: users.createdAt });
    expect(user!.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(user!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    await releasePglite(database);
  });
});
