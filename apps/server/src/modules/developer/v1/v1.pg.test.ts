import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKey, v1 } from '../../../../test-support/api-helpers.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../../test-support/test-app.ts';

// PostgreSQL only: parallel requests on real concurrent connections.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DATABASE_POOL_SIZE: '20', API_RATE_LIMIT: '1000', USER_ACTIVE_TASKS_MAX: '50' });
});
afterAll(() => t.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('Idempotency-Key races', () => {
  it('20 parallel submits under one key make one task and one charge; the others wait or replay it', async () => {
    const { user } = await seedUser(t);
    const key = await makeKey(t, user.id);
    const before = (await v1(t, key, 'GET', '/account')).json().cubes as number;
    const body = { mode: 'text', prompt: 'a courtyard house', count: 1 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => v1(t, key, 'POST', '/tasks', { body, idempotencyKey: 'batch-7' })),
    );
    const made = answers.filter((a) => a.statusCode === 202);
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(new Set(made.map((a) => a.json().id)).size).toBe(1);
    for (const other of answers.filter((a) => a.statusCode !== 202)) {
      expect([other.statusCode, other.json().error.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_FLIGHT']);
    }
    const [tasks] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from tasks where user_id = ${user.id}`),
    );
    expect(tasks!.n).toBe(1);
    const cost = made[0]!.json().cost.cubes as number;
    expect((await v1(t, key, 'GET', '/account')).json().cubes).toBe(before - cost);
  });
});
