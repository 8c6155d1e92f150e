import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { leasePglite, releasePglite } from '../../test-support/pglite-pool.ts';
import { createStatementCache } from './pglite-statements.ts';
import { users } from './schema/index.ts';

// The embedded database runs drizzle's statements as named, prepared statements (pglite-statements.ts).
describe('the embedded database’s prepared statements', () => {
  const user = (name: string) => ({ username: name, nickname: name, inviteCode: name.toUpperCase() });
  const prepared = async (database: Awaited<ReturnType<typeof leasePglite>>, like: string) =>
    (
      await database.query<{ n: number }>(
        `select count(*)::int as n from pg_prepared_statements where statement like $1`,
        [like],
      )
    )[0]!.n;

  it('prepare a text once and run it by name after that, with the values PGlite gives', async () => {
    const database = await leasePglite(undefined);
    const [made] = await database.db.insert(users).values(user('prep_a')).returning();
    const read = () => database.db.select().from(users).where(eq(users.username, 'prep_a'));
    const [first] = await read();
    const [second] = await read();
    expect(second).toEqual(first);
    expect(first).toEqual(made);
    expect(first!.createdAt).toBeInstanceOf(Date);
    expect(await prepared(database, 'select %from "users" where "users"."username" = $1')).toBe(1);
    await releasePglite(database);
  });

  it('fail a transaction whole with PostgreSQL’s error, and the next statement runs', async () => {
    const database = await leasePglite(undefined);
    await database.db.insert(users).values(user('prep_b'));
    const failed = await database
      .transaction(async (tx) => {
        await tx.insert(users).values(user('prep_c'));
        await tx.insert(users).values(user('prep_b'));
      })
      .catch((err: unknown) => err);
    expect(failed).toMatchObject({ cause: { code: '23505' } });
    const names = await database.db.select({ name: users.username }).from(users);
    expect(names.map((r) => r.name).sort()).toEqual(['prep_b']);
    await releasePglite(database);
  });

  it('wait for an open transaction before running a statement of their own', async () => {
    const database = await leasePglite(undefined);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = database.transaction(async (tx) => {
      await tx.insert(users).values(user('prep_d'));
      await held;
      order.push('committed');
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const outside = database.db
      .select({ name: users.username })
      .from(users)
      .then((rows) => (order.push('read'), rows));
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await transaction;
    expect(await outside).toEqual([{ name: 'prep_d' }]);
    expect(order).toEqual(['committed', 'read']);
    await releasePglite(database);
  });

  it('deliver the notifications they send', async () => {
    const database = await leasePglite(undefined);
    const heard: string[] = [];
    const stop = await database.listen('prep_probe', (payload) => heard.push(payload));
    await database.db.execute(sql`select pg_notify('prep_probe', 'hello')`);
    await database.db.execute(sql`select pg_notify('prep_probe', 'again')`);
    await vi.waitFor(() => expect(heard).toEqual(['hello', 'again']));
    await stop();
    await releasePglite(database);
  });

  it('keep at most so many texts prepared: past that, a new text runs unnamed and leaves nothing behind', async () => {
    const pg = await PGlite.create();
    const statements = createStatementCache(pg, { maxStatements: 2 });
    for (let i = 0; i < 5; i++) {
      const result = await statements.alone<{ n: number }>(`select $1::int + ${i} as n`, [10]);
      expect(result.rows).toEqual([{ n: 10 + i }]);
    }
    expect((await statements.alone<{ n: number }>('select $1::int + 4 as n', [1])).rows).toEqual([{ n: 5 }]);
    const kept = await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(kept.rows).toEqual([{ n: 2 }]);
    await pg.close();
  });
});
