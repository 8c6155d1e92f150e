import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tasks, workReports } from '../../db/schema/index.ts';
import { seedWork } from '../../../test-support/creator-helpers.ts';
import { confirm, createOrder, refundOrder } from '../../../test-support/billing-helpers.ts';
import { adminCall, makeOperator, type TestOperator } from '../../../test-support/operator-helpers.ts';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
let finance: TestOperator;
let moderator: TestOperator;
let support: TestOperator;
beforeAll(async () => {
  t = await buildTestApp();
  [finance, moderator, support] = [
    await makeOperator(t, 'finance'),
    await makeOperator(t, 'moderator'),
    await makeOperator(t, 'support'),
  ];
});
afterAll(() => t.close());

type Who = TestOperator | 'token' | { headers: Record<string, string> };
const get = async (who: Who, path: string, query: Record<string, string> = {}) =>
  (await adminCall(t, who, 'GET', `/admin/users/${path}`, { query })).json();
const data = async (who: Who, path: string, query: Record<string, string> = {}) => {
  const body = await get(who, path, query);
  if (body.status !== 200) throw new Error(`expected success, got ${JSON.stringify(body)}`);
  return body.data;
};
const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id);

let made = 0;
/** A fresh tag, so each test finds only the accounts it made. */
const tag = () => `${Date.now().toString(36)}${(made += 1)}`;

// Rows made one after another can share a timestamp: each gets its own second, in order.
let clock = Date.now() - 3_600_000;
const tick = () => new Date((clock += 1000));

const seedTask = (userId: string, fields: Partial<typeof tasks.$inferInsert> = {}) =>
  t.database.db
    .insert(tasks)
    .values({
      userId,
      mode: 'text',
      params: { mode: 'text', model: 'architecture', quality: 'HD', count: 2 } as never,
      engine: 'preview',
      state: 'complete',
      costCubes: 4,
      createdAt: tick(),
      ...fields,
    })
    .returning()
    .then((rows) => rows[0]!);

const report = (workId: string, reporterId: string | null, status = 'open') =>
  t.database.db
    .insert(workReports)
    .values({ workId, reporterId, reason: 'spam', details: 'copied', status, createdAt: tick() })
    .returning()
    .then((rows) => rows[0]!);

const auditRows = async () => (await t.database.db.select().from(auditLog)).length;

describe('finding a user', () => {
  it('finds an account by its id, the start of its username or nickname in any case, and lists newest first', async () => {
    const k = tag();
    const at = Date.now() - 120_000;
    const older = await seedUser(t, { username: `Ann${k}`, nickname: `Ann ${k}`, createdAt: new Date(at) });
    const newer = await seedUser(t, { username: `zed${k}`, nickname: `Annabel${k}`, createdAt: new Date(at + 1000) });

    expect(ids(await data(support, 'search', { q: older.user.id }))).toEqual([older.user.id]);
    expect(ids(await data(support, 'search', { q: older.user.id.toUpperCase() }))).toEqual([older.user.id]);
    expect(ids(await data(finance, 'search', { q: `ANN${k}` }))).toEqual([older.user.id]);
    expect(ids(await data(moderator, 'search', { q: `zed${k.slice(0, 3)}` }))).toContain(newer.user.id);
    // "Ann…" starts both a username and the other account's nickname.
    const both = await data(moderator, 'search', { q: `ann` });
    expect(ids(both).indexOf(newer.user.id)).toBeLessThan(ids(both).indexOf(older.user.id));
    expect(both.items.find((u: { id: string }) => u.id === older.user.id)).toMatchObject({
      username: `Ann${k}`,
      nickname: `Ann ${k}`,
      suspendedAt: null,
    });
    // LIKE wildcards are plain characters.
    expect(ids(await data(support, 'search', { q: `A_n${k}` }))).toEqual([]);
    expect(ids(await data(support, 'search', { q: `%${k}` }))).toEqual([]);
  });

  it('matches contacts in part and shows them in full to support; other roles must type all of them and see them masked', async () => {
    const k = tag();
    const national = `139${String(Date.now()).slice(-8)}`;
    const { user } = await seedUser(t, { email: `mail.${k}@example.com`, phone: `+86${national}` });

    const bySupport = await data(support, 'search', { q: `MAIL.${k}` });
    expect(bySupport.contactsMasked).toBe(false);
    expect(bySupport.items).toEqual([
      expect.objectContaining({ id: user.id, email: `mail.${k}@example.com`, phone: `+86${national}` }),
    ]);
    expect(ids(await data(support, 'search', { q: national.slice(3) }))).toEqual([user.id]);
    expect(ids(await data(support, 'search', { q: `+86 ${national.slice(0, 3)} ${national.slice(3)}` }))).toEqual([
      user.id,
    ]);

    // Finance: the start of an address or a number finds nothing; all of it does, shown masked.
    expect(ids(await data(finance, 'search', { q: `mail.${k}` }))).toEqual([]);
    expect(ids(await data(finance, 'search', { q: national.slice(3) }))).toEqual([]);
    const byFinance = await data(finance, 'search', { q: `Mail.${k}@Example.com` });
    expect(byFinance.contactsMasked).toBe(true);
    expect(byFinance.items).toEqual([expect.objectContaining({ id: user.id })]);
    expect(byFinance.items[0].email).not.toContain(`mail.${k}`);
    expect(byFinance.items[0].email).toMatch(/\*\*\*@example\.com$/);
    expect(byFinance.items[0].phone).toBe(`+86${national.slice(0, 3)}****${national.slice(-4)}`);
    expect(ids(await data(finance, 'search', { q: `+86${national}` }))).toEqual([user.id]);
    expect(ids(await data(moderator, 'search', { q: national }))).toEqual([user.id]);
    expect(ids(await data(moderator, 'search', { q: `0${national}` }))).toEqual([user.id]);
  });

  it('pages through every match once, newest first', async () => {
    const k = tag();
    const made: string[] = [];
    const base = Date.now() - 60_000;
    for (let i = 0; i < 5; i += 1) {
      made.push((await seedUser(t, { username: `pg${k}x${i}`, createdAt: new Date(base + i * 1000) })).user.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string }[]; nextCursor: string | null } = await data(finance, 'search', {
        q: `pg${k}x`,
        limit: '2',
        ...(cursor ? { cursor } : {}),
      });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });

  it('lists the newest accounts when the search is empty', async () => {
    const { user } = await seedUser(t);
    expect((await data(support, 'search', { q: '  ', limit: '1' })).items[0].id).toBe(user.id);
    expect((await data(support, 'search')).items.length).toBeGreaterThan(1);
  });
});

describe("a user's account", () => {
  it('shows the profile, the balance with the debt a refund left, and how much the account holds', async () => {
    const k = tag();
    const inviter = await seedUser(t, { username: `inv${k}` });
    const subject = await seedUser(t, {
      username: `sub${k}`,
      email: `sub${k}@example.com`,
      invitedBy: inviter.user.id,
    });
    const id = subject.user.id;
    // 20 welcome cubes, 50 bought, 60 taken back by an operator: 10 left when the order is refunded.
    const order = (await createOrder(t, subject.cookie, { provider: 'dev', productId: 'cubes-50' })).data.order.id;
    expect((await confirm(t, subject.cookie, order)).data.state).toBe('paid');
    const grant = await adminCall(t, 'token', 'POST', '/admin/credits/grant', { body: { user: id, cubes: -60 } });
    expect(grant.json().data).toMatchObject({ cubes: 10 });
    expect((await refundOrder(t, order)).data).toMatchObject({ cubes: 0, debt: 40 });
    await createOrder(t, subject.cookie, { provider: 'dev', productId: 'cubes-50' });
    await seedTask(id);
    await seedTask(id, { state: 'queued' });
    const work = await seedWork(t, id);
    await seedWork(t, id, { state: 'hidden' });
    await report(work.id, inviter.user.id);
    await report(work.id, null);
    await report(work.id, null, 'resolved');

    const detail = await data(support, 'detail', { user: id });
    expect(detail).toMatchObject({
      user: {
        id,
        username: `sub${k}`,
        email: `sub${k}@example.com`,
        invitedBy: { id: inviter.user.id, username: `inv${k}` },
        suspendedAt: null,
        operatorRole: null,
        isVip: false,
      },
      contactsMasked: false,
      balance: { cubes: 0, debt: 40, planUntil: null },
      counts: { tasks: 2, works: 2, orders: 2, openReports: 2 },
    });
    // seedUser signs the user in.
    expect(Date.parse(detail.user.lastSignInAt)).toBeGreaterThan(Date.now() - 60_000);
    // The same account by username or e-mail, for any role; contacts masked but for support.
    const byName = await data(moderator, 'detail', { user: `SUB${k}` });
    expect(byName).toMatchObject({ user: { id }, contactsMasked: true });
    expect(byName.user.email).not.toContain(`sub${k}`);
    expect((await data(finance, 'detail', { user: `sub${k}@example.com` })).user.id).toBe(id);
  });

  it('shows a suspension and an operator role', async () => {
    const { user } = await seedUser(t);
    await adminCall(t, 'token', 'POST', '/admin/community/user/suspend', { body: { user: user.id } });
    const detail = await data('token', 'detail', { user: user.id });
    expect(Date.parse(detail.user.suspendedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await data(finance, 'detail', { user: moderator.userId })).user.operatorRole).toBe('moderator');
  });

  it('lists the ledger, tasks, works and reports against the works, newest first, a page at a time', async () => {
    const { user } = await seedUser(t);
    const first = await seedTask(user.id, { state: 'lost', refunded: true, errorCode: 'ENGINE_LOST' });
    const second = await seedTask(user.id, { coveredByPlan: true, costCubes: 0 });
    const hidden = await seedWork(t, user.id, {
      state: 'hidden',
      hiddenBy: 'mod',
      hiddenReason: 'spam',
      publishedAt: tick(),
    });
    const published = await seedWork(t, user.id, { publishedAt: tick() });
    const old = await report(hidden.id, null, 'resolved');
    const dismissed = await report(published.id, null, 'dismissed');
    const open = await report(published.id, null);
    await data(support, 'detail', { user: user.id }); // opens the account: the welcome grant

    const ledger = await data(finance, 'ledger', { user: user.id });
    expect(ledger.items).toEqual([expect.objectContaining({ kind: 'welcome', cubes: 20 })]);

    const taskPage = await data(moderator, 'tasks', { user: user.id, limit: '1' });
    expect(taskPage.items).toEqual([
      expect.objectContaining({
        id: second.id,
        state: 'complete',
        mode: 'text',
        model: 'architecture',
        quality: 'HD',
        count: 2,
        cost: { cubes: 0, coveredByPlan: true, refunded: false, refundedCubes: 0 },
      }),
    ]);
    const rest = await data(moderator, 'tasks', { user: user.id, limit: '1', cursor: taskPage.nextCursor });
    expect(rest).toEqual({
      items: [expect.objectContaining({ id: first.id, state: 'lost', errorCode: 'ENGINE_LOST' })],
      nextCursor: null,
    });

    const workPage = await data(moderator, 'works', { user: user.id });
    expect(workPage.items).toEqual([
      expect.objectContaining({ id: published.id, state: 'published', reports: { open: 1, total: 2 } }),
      expect.objectContaining({
        id: hidden.id,
        state: 'hidden',
        hiddenBy: 'mod',
        hiddenReason: 'spam',
        reports: { open: 0, total: 1 },
      }),
    ]);

    expect(ids(await data(moderator, 'reports', { user: user.id }))).toEqual([open.id, dismissed.id, old.id]);
    expect(ids(await data(moderator, 'reports', { user: user.id, status: 'dismissed' }))).toEqual([dismissed.id]);
    const openOnly = await data(support, 'reports', { user: user.id, status: 'open' });
    expect(openOnly.items).toEqual([
      expect.objectContaining({ id: open.id, workId: published.id, reporter: null, status: 'open' }),
    ]);
  });
});

describe('who may read users, and bad input', () => {
  it('lets every operator role read, refuses a plain user, and writes no audit row', async () => {
    const { user, cookie } = await seedUser(t);
    const before = await auditRows();
    for (const who of [finance, moderator, support, 'token'] as const) {
      expect((await get(who, 'detail', { user: user.id })).status).toBe(200);
    }
    const plain = await get({ headers: { ...appHeaders('zh'), cookie } }, 'search', { q: 'a' });
    expect(plain).toMatchObject({
      status: 403,
      code: 'ADMIN_FORBIDDEN',
      msg: '您的账号无权执行此操作，请向服务所有者申请相应角色',
    });
    expect(await auditRows()).toBe(before);
  });

  it('answers a localised error for an unknown user, a bad cursor, a bad limit, a bad status and overlong text', async () => {
    const zh = { headers: { ...support.headers, 'accept-language': 'zh' } };
    expect(await get(zh, 'detail', { user: 'nobody-here-at-all' })).toMatchObject({
      status: 404,
      code: 'USER_NOT_FOUND',
      msg: '没有与该用户匹配的账号',
    });
    expect(await get(support, 'tasks', { user: '' })).toMatchObject({ code: 'USER_NOT_FOUND' });
    expect(await get(support, 'ledger', { user: support.userId, cursor: 'not-a-cursor' })).toMatchObject({
      code: 'CURSOR_INVALID',
    });
    expect(await get(support, 'works', { user: support.userId, limit: '0' })).toMatchObject({ code: 'PAGE_LIMIT' });
    expect(await get(support, 'reports', { user: support.userId, status: 'closed' })).toMatchObject({
      code: 'VALIDATION',
    });
    expect(await get(support, 'search', { q: 'x'.repeat(255) })).toMatchObject({ code: 'VALIDATION' });
  });
});
