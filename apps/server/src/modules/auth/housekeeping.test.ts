import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { sweepExpired } from './housekeeping.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('sweepExpired', () => {
  it('removes expired sessions, day-old codes and finished rate windows, and keeps live ones', async () => {
    const live = await seedUser(t);
    const stale = await seedUser(t);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${stale.user.id}`,
    );
    await t.app.inject({
      method: 'POST',
      url: '/turing/unauthorized/verCode',
      headers: appHeaders(),
      payload: { channel: 'email', email: 'sweep@example.com', purpose: 'register' },
    });
    await t.database.db.execute(sql`update verification_codes set expires_at = now() - interval '2 days'`);
    await t.database.db.execute(sql`update rate_counters set window_ends_at = now() - interval '1 second'`);

    const removed = await sweepExpired(t.database.db);
    expect(removed.sessions).toBe(1);
    expect(removed.codes).toBe(1);
    expect(removed.rateCounters).toBeGreaterThanOrEqual(1);
    const info = await t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie: live.cookie } });
    expect(info.json().status).toBe(200);
  });
});
