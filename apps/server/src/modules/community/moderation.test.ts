import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '@turing/contract';
import { sessions, users, workReports, works } from '../../db/schema/index.ts';
import { creatorGet, seedWork, setStats, statsOf } from '../../../test-support/creator-helpers.ts';
import { appHeaders, buildTestApp, registerUser, seedUser, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST', path: string, payload?: object, token = t.app.services!.adminToken) =>
  t.app
    .inject({
      method,
      url: `/turing/admin/community/${path}`,
      headers: { ...appHeaders(), [ADMIN_TOKEN_HEADER]: token },
      ...(payload ? { payload } : {}),
    })
    .then((r) => r.json());

const report = (workId: string, reporterId: string | null, reason = 'spam') =>
  t.database.db
    .insert(workReports)
    .values({ workId, reporterId, reason, details: `about ${workId}` })
    .returning();

const workOf = async (id: string) => (await t.database.db.select().from(works).where(eq(works.id, id)))[0]!;

describe('the report queue', () => {
  it('lists open reports oldest first, pages over each exactly once, and shows resolved ones apart', async () => {
    const creator = await seedUser(t);
    const reporter = await seedUser(t);
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      const work = await seedWork(t, creator.user.id, { title: `Reported ${i}` });
      made.push((await report(work.id, i === 0 ? null : reporter.user.id))[0]!);
    }
    await t.database.db.update(workReports).set({ status: 'resolved' }).where(eq(workReports.id, made[4]!.id));

    const seen = [];
    let cursor: string | undefined;
    do {
      const page = (await admin('GET', `reports?status=open&limit=2${cursor ? `&cursor=${cursor}` : ''}`)).data;
      seen.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.map((r) => r.id)).toEqual(made.slice(0, 4).map((r) => r.id));
    expect(seen[0]).toMatchObject({
      workTitle: 'Reported 0',
      workState: 'published',
      creator: creator.user.username,
      reporter: null,
      reason: 'spam',
      status: 'open',
    });
    expect(seen[1]).toMatchObject({ reporter: reporter.user.username });
    const resolved = (await admin('GET', 'reports?status=resolved')).data.items;
    expect(resolved.map((r: { id: string }) => r.id)).toEqual([made[4]!.id]);
    expect((await admin('GET', 'reports?status=all&limit=100')).data.items.length).toBeGreaterThanOrEqual(5);
    expect((await admin('GET', 'reports?cursor=nonsense')).code).toBe('CURSOR_INVALID');
  });

  it('needs the admin token', async () => {
    expect((await admin('GET', 'reports', undefined, 'wrong-token-wrong-token')).code).toBe('ADMIN_TOKEN_INVALID');
  });
});

describe('hiding and restoring a work', () => {
  it('hides it with its reason, resolves its reports and takes it off the creator’s count; restore undoes it', async () => {
    const creator = await seedUser(t);
    const work = await seedWork(t, creator.user.id);
    await seedWork(t, creator.user.id);
    await report(work.id, null);
    await report(work.id, null, 'copyright');
    expect((await statsOf(t, creator.user.id))!.works).toBe(2);

    const hidden = await admin('POST', 'work/hide', { id: work.id, reason: 'copyright claim' });
    expect(hidden.data).toEqual({ id: work.id, state: 'hidden', resolvedReports: 2 });
    expect(await workOf(work.id)).toMatchObject({ state: 'hidden', hiddenReason: 'copyright claim' });
    expect((await statsOf(t, creator.user.id))!.works).toBe(1);
    const again = await admin('POST', 'work/hide', { id: work.id });
    expect(again.data).toEqual({ id: work.id, state: 'hidden', resolvedReports: 0 });
    expect((await statsOf(t, creator.user.id))!.works).toBe(1);

    const restored = await admin('POST', 'work/restore', { id: work.id });
    expect(restored.data).toMatchObject({ id: work.id, state: 'published' });
    expect(await workOf(work.id)).toMatchObject({ state: 'published', hiddenReason: null });
    expect((await statsOf(t, creator.user.id))!.works).toBe(2);
    expect((await admin('POST', 'work/restore', { id: work.id })).data.state).toBe('published');
    expect((await statsOf(t, creator.user.id))!.works).toBe(2);
  });

  it('leaves an unpublished work’s count alone and says which work is unknown', async () => {
    const creator = await seedUser(t);
    const work = await seedWork(t, creator.user.id, { state: 'unpublished' });
    expect((await admin('POST', 'work/hide', { id: work.id })).data.state).toBe('hidden');
    expect(await statsOf(t, creator.user.id)).toBeNull();
    expect((await admin('POST', 'work/hide', { id: randomUUID() })).code).toBe('WORK_NOT_FOUND');
    expect((await admin('POST', 'work/restore', { id: 'nope' })).code).toBe('WORK_NOT_FOUND');
  });

  it('drops the creator from the recommended creators when their only work is hidden', async () => {
    const creator = await seedUser(t);
    const work = await seedWork(t, creator.user.id);
    const listed = async () =>
      ((await creatorGet(t, 'waterfallBlogger', { limit: 20 })).json().data as { id: string }[]).some(
        (c) => c.id === creator.user.id,
      );
    await setStats(t, creator.user.id, { followers: 100_000 });
    expect(await listed()).toBe(true);
    await admin('POST', 'work/hide', { id: work.id });
    expect(await listed()).toBe(false);
  });
});

describe('what visitors see', () => {
  const gallery = async (userId: string) =>
    (await t.app.inject({ url: `/turing/community/work/list?userId=${userId}`, headers: appHeaders() }))
      .json()
      .data.items.map((w: { id: string }) => w.id);
  const detail = async (id: string) =>
    (await t.app.inject({ url: `/turing/community/work/detail?id=${id}`, headers: appHeaders() })).json();

  it('a hidden work leaves the gallery and its page says it was hidden; restored, it is back', async () => {
    const creator = await seedUser(t);
    const kept = await seedWork(t, creator.user.id);
    const work = await seedWork(t, creator.user.id);
    expect(await gallery(creator.user.id)).toEqual([work.id, kept.id]);
    await admin('POST', 'work/hide', { id: work.id, reason: 'spam' });
    expect(await gallery(creator.user.id)).toEqual([kept.id]);
    expect((await detail(work.id)).code).toBe('WORK_HIDDEN');
    await admin('POST', 'work/restore', { id: work.id });
    expect(await gallery(creator.user.id)).toEqual([work.id, kept.id]);
    expect((await detail(work.id)).data.state).toBe('published');
  });

  it('a suspended user’s works leave the gallery until the suspension is lifted', async () => {
    const creator = await seedUser(t);
    const work = await seedWork(t, creator.user.id);
    await admin('POST', 'user/suspend', { user: creator.user.id });
    expect(await gallery(creator.user.id)).toEqual([]);
    expect((await detail(work.id)).code).toBe('WORK_HIDDEN');
    await admin('POST', 'user/unsuspend', { user: creator.user.id });
    expect(await gallery(creator.user.id)).toEqual([work.id]);
  });
});

describe('suspending a user', () => {
  it('ends their sessions, refuses their login with USER_SUSPENDED, hides them, and lifting it lets them back', async () => {
    const { cookie, profile, email, password } = await registerUser(t);
    const me = async (c: string) =>
      (await t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie: c } })).json();
    expect((await me(cookie)).status).toBe(200);

    const out = await admin('POST', 'user/suspend', { user: email });
    expect(out.data).toEqual({ userId: profile.id, username: profile.username, suspended: true });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, profile.id))).toEqual([]);
    expect((await me(cookie)).code).toBe('SESSION_EXPIRED');

    const login = () =>
      t.app
        .inject({
          method: 'POST',
          url: '/turing/unauthorized/login',
          headers: appHeaders(),
          payload: { email, password },
        })
        .then((r) => r.json());
    expect((await login()).code).toBe('USER_SUSPENDED');
    expect((await creatorGet(t, 'home', { userId: profile.id })).json().code).toBe('USER_NOT_FOUND');
    // A wrong password still says only that the login failed.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/turing/unauthorized/login',
      headers: appHeaders(),
      payload: { email, password: 'not-the-password' },
    });
    expect(wrong.json().code).toBe('LOGIN_FAILED');

    const back = await admin('POST', 'user/unsuspend', { user: profile.username });
    expect(back.data).toEqual({ userId: profile.id, username: profile.username, suspended: false });
    expect((await login()).status).toBe(200);
    expect((await admin('POST', 'user/suspend', { user: 'nobody-at-all' })).code).toBe('USER_NOT_FOUND');
  });

  it('stops a session another process had cached, since the user row is read with it', async () => {
    const { user, cookie } = await seedUser(t);
    const info = () => t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie } });
    expect((await info()).json().status).toBe(200);
    // Suspended behind this process's back: the sessions stay, only the user row changes.
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    t.app.services!.sessions.userChanged(user.id);
    expect((await info()).json().code).toBe('SESSION_EXPIRED');
  });
});
