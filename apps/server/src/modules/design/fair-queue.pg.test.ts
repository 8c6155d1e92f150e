import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { balanceOf, submit } from '../../../test-support/design-helpers.ts';

// PostgreSQL only: workers claiming from the fair queue at the same moment.
describe('workers claiming from the fair queue at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No workers of its own: the test's claims are the only ones.
    t = await buildTestApp({ USER_ACTIVE_TASKS_MAX: '20', QUEUE_PLAN_LANE_SHARE: '3' });
  });
  afterAll(() => t.close());

  async function users(n: number, plan: boolean) {
    const made = [];
    for (let i = 0; i < n; i += 1) {
      const u = await registerUser(t);
      await balanceOf(t, u.cookie); // opens the account
      if (plan)
        await t.database.query(`update accounts set plan_until = now() + interval '1 day' where user_id = $1`, [
          u.profile.id,
        ]);
      made.push(u);
    }
    return made;
  }
  async function queue(of: { cookie: string }[], each: number) {
    for (let i = 0; i < each; i += 1)
      for (const u of of)
        expect((await submit(t, u.cookie, { mode: 'text', prompt: `q${i}` })).json().data.state).toBe('queued');
  }
  /** Eight workers claiming at once, round after round, until none finds a task. */
  async function drain() {
    const claimed: { id: string; plan: boolean }[] = [];
    for (let round = 0; ; round += 1) {
      const got = await Promise.all(
        Array.from({ length: 8 }, (_, i) => t.app.services!.taskLifecycle.claimNext(`node:1:w${i}`, ['preview'])),
      );
      const found = got.filter((r) => r !== null);
      claimed.push(...found.map((r) => ({ id: r.id, plan: r.coveredByPlan })));
      const [left] = await t.database.query<{ n: number }>(
        `select count(*)::int as n from tasks where state = 'queued' and engine = 'preview'`,
      );
      if (!found.length && left!.n === 0) return claimed;
      if (round > 50) throw new Error('the queue did not drain');
    }
  }
  const streak = async () =>
    (await t.database.query<{ n: number }>(`select plan_streak as n from queue_turns where engine = 'preview'`))[0]!.n;

  it('never gives a task twice, and counts every plan start in a row', async () => {
    const planUsers = await users(4, true);
    await queue(planUsers, 4);
    const first = await drain();
    expect(first).toHaveLength(16);
    expect(new Set(first.map((c) => c.id)).size).toBe(16);
    // Sixteen plan starts and no other: none was lost to a concurrent one.
    expect(await streak()).toBe(16);

    const payUsers = await users(3, false);
    await queue([...planUsers.slice(0, 2), ...payUsers], 3);
    const second = await drain();
    expect(second).toHaveLength(15);
    expect(new Set([...first, ...second].map((c) => c.id)).size).toBe(31);
    // Pay-per-image tasks got their turns among the plan ones, and the count restarted with them.
    const pay = second.filter((c) => !c.plan).length;
    expect(pay).toBe(9);
    expect(await streak()).toBeLessThanOrEqual(6);
    const [served] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from accounts where served_at is not null and user_id = any($1::uuid[])`,
      [[...planUsers, ...payUsers].map((u) => u.profile.id)],
    );
    expect(served!.n).toBe(7);
    const [states] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from tasks where state = 'generating' and attempt = 1`,
    );
    expect(states!.n).toBe(31);
  });
});
