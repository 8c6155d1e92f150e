import { describe, expect, it } from 'vitest';
import { leasePglite, releasePglite } from '../../test-support/pglite-pool.ts';

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
