import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HiddenWork, ModerationQueueItem } from '@turing/contract';
import { auditLog, operators, workReports, works } from '../../db/schema/index.ts';
import { seedWork, statsOf } from '../../../test-support/creator-helpers.ts';
import { adminCall, makeOperator, type TestOperator } from '../../../test-support/operator-helpers.ts';
import { buildTestApp, capturingLogger, seedUser, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
let moderator: TestOperator;
const log = capturingLogger('error');
beforeAll(async () => {
  t = await buildTestApp({}, { logger: log.logger });
  moderator = await makeOperator(t, 'moderator');
});
afterAll(() => t.close());

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute));

const report = (workId: string, reason: string, details = '', createdAt = new Date()) =>
  t.database.db.insert(workReports).values({ workId, reason, details, createdAt });

/** A work whose image and thumbnail are stored, so its links can be loaded. */
async function storedWork(userId: string, fields: Parameters<typeof seedWork>[2] = {}) {
  const work = await seedWork(t, userId, fields);
  const [upload] = await t.database.query<{ key: string; thumb_key: string }>(
    'select key, thumb_key from uploads where id = $1',
    [work.uploadId],
  );
  const put = (key: string, body: string, contentType: string) =>
    t.app.services!.storage.put(key.replace(/^private\//, ''), Buffer.from(body), {
      contentType,
      visibility: 'private',
    });
  await put(upload!.key, 'png', 'image/png');
  await put(upload!.thumb_key, 'webp', 'image/webp');
  return work;
}

const queue = async (who: TestOperator | 'token' = moderator, query: Record<string, string> = { limit: '100' }) =>
  (await adminCall(t, who, 'GET', '/admin/community/queue', { query })).json();

const auditOf = (targetId: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.id));

const workRow = async (id: string) => (await t.database.db.select().from(works).where(eq(works.id, id)))[0]!;

describe('the moderation queue', () => {
  it('groups open reports per work with reasons, texts and the author’s history, longest waiting first', async () => {
    const author = await seedUser(t);
    const late = await storedWork(author.user.id, { title: 'Late' });
    const early = await storedWork(author.user.id, { title: 'Early', state: 'unpublished' });
    await seedWork(t, author.user.id, { state: 'hidden' });
    await report(late.id, 'copyright', 'my photo', at(30));
    await report(early.id, 'spam', '', at(10));
    await report(early.id, 'spam', 'ads everywhere', at(12));
    await report(early.id, 'inappropriate', 'rude words', at(20));
    await report(early.id, 'spam', 'old and closed', at(1));
    await t.database.query("update work_reports set status = 'resolved' where details = 'old and closed'");

    const items = ((await queue()).data.items as ModerationQueueItem[]).filter((i) =>
      [late.id, early.id].includes(i.work.id),
    );
    expect(items.map((i) => i.work.title)).toEqual(['Early', 'Late']);
    expect(items[0]).toMatchObject({
      work: { id: early.id, state: 'unpublished', width: 512, height: 384 },
      author: { id: author.user.id, username: author.user.username, works: 3, hiddenWorks: 1, suspended: false },
      reports: 3,
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'inappropriate', count: 1 },
      ],
      details: [
        { reason: 'inappropriate', text: 'rude words', at: at(20).toISOString() },
        { reason: 'spam', text: 'ads everywhere', at: at(12).toISOString() },
      ],
      firstReportedAt: at(10).toISOString(),
      lastReportedAt: at(20).toISOString(),
    });
    expect(items[1]).toMatchObject({ reports: 1, reasons: [{ reason: 'copyright', count: 1 }] });

    // An unpublished work's images are private: the links given to the operator load them.
    const image = await t.app.inject({ url: items[0]!.work.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.body).toBe('png');
    expect((await t.app.inject({ url: items[0]!.work.thumbUrl })).body).toBe('webp');
  });

  it('pages over every reported work exactly once and refuses a cursor it did not make', async () => {
    const author = await seedUser(t);
    for (let i = 0; i < 3; i += 1) await report((await seedWork(t, author.user.id)).id, 'spam');
    const all = ((await queue()).data.items as ModerationQueueItem[]).map((i) => i.work.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (await queue(moderator, { limit: '2', ...(cursor ? { cursor } : {}) })).data;
      seen.push(...page.items.map((i: ModerationQueueItem) => i.work.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all);
    const bad = await queue(moderator, { cursor: 'nonsense' });
    expect(bad.code).toBe('CURSOR_INVALID');
  });
});

describe('dismissing a work’s reports', () => {
  it('closes them as dismissed, leaves the work alone and writes one audit row with the note', async () => {
    const author = await seedUser(t);
    const work = await seedWork(t, author.user.id, { title: 'Harmless' });
    await report(work.id, 'spam');
    await report(work.id, 'other', 'not sure');

    const res = await adminCall(t, moderator, 'POST', '/admin/community/reports/dismiss', {
      body: { workId: work.id, note: 'a normal facade' },
    });
    expect(res.json().data).toEqual({ workId: work.id, dismissedReports: 2 });
    expect((await workRow(work.id)).state).toBe('published');
    const statuses = await t.database.db
      .select({ status: workReports.status })
      .from(workReports)
      .where(eq(workReports.workId, work.id));
    expect(statuses.map((s) => s.status)).toEqual(['dismissed', 'dismissed']);
    expect(((await queue()).data.items as ModerationQueueItem[]).some((i) => i.work.id === work.id)).toBe(false);
    const rows = await auditOf(work.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'community/reports/dismiss',
      actorName: moderator.username,
      actorRole: 'moderator',
      targetType: 'work',
      targetLabel: 'Harmless',
      before: { openReports: 2 },
      after: { openReports: 0, dismissed: 2, note: 'a normal facade' },
    });
    const dismissed = await adminCall(t, 'token', 'GET', '/admin/community/reports', {
      query: { status: 'dismissed', limit: '100' },
    });
    expect(dismissed.json().data.items.filter((r: { workId: string }) => r.workId === work.id)).toHaveLength(2);

    const again = await adminCall(t, moderator, 'POST', '/admin/community/reports/dismiss', {
      body: { workId: work.id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REPORTS_NOT_OPEN');
    expect(await auditOf(work.id)).toHaveLength(1);
  });

  it('says which input is wrong, in the caller’s language, and changes nothing', async () => {
    const author = await seedUser(t);
    const work = await seedWork(t, author.user.id);
    await report(work.id, 'spam');
    const dismiss = (body: object, locale: 'en' | 'zh' = 'en') =>
      adminCall(
        t,
        { headers: { ...moderator.headers, 'accept-language': locale } },
        'POST',
        '/admin/community/reports/dismiss',
        {
          body,
        },
      ).then((r) => r.json());
    expect(await dismiss({ workId: randomUUID() })).toMatchObject({ code: 'WORK_NOT_FOUND' });
    const bad = await dismiss({ workId: 'not-a-work' }, 'zh');
    expect(bad.code).toBe('WORK_NOT_FOUND');
    expect(bad.msg).toBe('该作品不存在或未公开');
    expect((await dismiss({ workId: work.id, note: 'x'.repeat(201) })).code).toBe('TEXT_TOO_LONG');
    expect((await dismiss({ workId: work.id, extra: 1 })).code).toBe('VALIDATION');
    expect(await auditOf(work.id)).toEqual([]);
    const [open] = await t.database.db.select().from(workReports).where(eq(workReports.workId, work.id));
    expect(open!.status).toBe('open');
  });
});

describe('hiding and restoring in the console', () => {
  it('keeps who hid the work and when, lists it as hidden, and writes one audit row per call', async () => {
    const author = await seedUser(t);
    const work = await storedWork(author.user.id, { title: 'Copied facade' });
    await report(work.id, 'copyright');
    await report(work.id, 'spam');

    const hidden = await adminCall(t, moderator, 'POST', '/admin/community/work/hide', {
      body: { id: work.id, reason: 'copyright' },
    });
    expect(hidden.json().data).toEqual({ id: work.id, state: 'hidden', resolvedReports: 2 });
    const row = await workRow(work.id);
    expect(row).toMatchObject({ state: 'hidden', hiddenReason: 'copyright', hiddenBy: moderator.username });
    expect(row.hiddenAt).toBeInstanceOf(Date);
    expect(await auditOf(work.id)).toMatchObject([
      {
        action: 'community/work/hide',
        actorName: moderator.username,
        actorRole: 'moderator',
        targetLabel: 'Copied facade',
        before: { state: 'published', reason: null, openReports: 2 },
        after: { state: 'hidden', reason: 'copyright', openReports: 0 },
      },
    ]);

    const list = (await adminCall(t, moderator, 'GET', '/admin/community/hidden')).json().data;
    const first = list.items[0] as HiddenWork;
    expect(first).toMatchObject({
      work: { id: work.id, title: 'Copied facade', state: 'hidden' },
      author: { id: author.user.id, username: author.user.username },
      reason: 'copyright',
      hiddenBy: moderator.username,
      hiddenAt: row.hiddenAt!.toISOString(),
    });
    // The hidden work's image still loads for the operator, through a link of its new version.
    expect((await t.app.inject({ url: first.work.imageUrl })).statusCode).toBe(200);

    // Hidden again by someone else: the first operator and the reason stay.
    await adminCall(t, 'token', 'POST', '/admin/community/work/hide', { body: { id: work.id } });
    expect(await workRow(work.id)).toMatchObject({ hiddenBy: moderator.username, hiddenReason: 'copyright' });
    expect((await auditOf(work.id)).at(-1)).toMatchObject({
      actorName: 'admin token',
      before: { state: 'hidden' },
      after: { state: 'hidden' },
    });

    const restored = await adminCall(t, moderator, 'POST', '/admin/community/work/restore', { body: { id: work.id } });
    expect(restored.json().data).toMatchObject({ id: work.id, state: 'published' });
    expect(await workRow(work.id)).toMatchObject({ state: 'published', hiddenBy: null, hiddenAt: null });
    expect((await statsOf(t, author.user.id))!.works).toBe(1);
    const rows = await auditOf(work.id);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({
      action: 'community/work/restore',
      before: { state: 'hidden', reason: 'copyright', hiddenBy: moderator.username },
      after: { state: 'published', reason: null, hiddenBy: null },
    });
    const after = (await adminCall(t, moderator, 'GET', '/admin/community/hidden', { query: { limit: '100' } })).json();
    expect(after.data.items.some((h: HiddenWork) => h.work.id === work.id)).toBe(false);
  });

  it('refuses an unknown or malformed work and writes no audit row', async () => {
    const unknown = randomUUID();
    const hide = await adminCall(t, moderator, 'POST', '/admin/community/work/hide', { body: { id: unknown } });
    expect(hide.json().code).toBe('WORK_NOT_FOUND');
    const restore = await adminCall(t, moderator, 'POST', '/admin/community/work/restore', { body: { id: '12' } });
    expect(restore.json()).toMatchObject({ code: 'WORK_NOT_FOUND', msg: 'This work does not exist or is not public' });
    expect(await auditOf(unknown)).toEqual([]);
  });
});

describe('suspending in the console', () => {
  it('writes one audit row per call with the suspension before and after', async () => {
    const { user } = await seedUser(t);
    const call = (path: string) =>
      adminCall(t, moderator, 'POST', `/admin/community/user/${path}`, { body: { user: user.username } });
    expect((await call('suspend')).json().data.suspended).toBe(true);
    await call('suspend');
    expect((await call('unsuspend')).json().data.suspended).toBe(false);
    const rows = await auditOf(user.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['community/user/suspend', { suspended: false }, { suspended: true }],
      ['community/user/suspend', { suspended: true }, { suspended: true }],
      ['community/user/unsuspend', { suspended: true }, { suspended: false }],
    ]);
    expect(rows[0]).toMatchObject({ targetType: 'user', targetLabel: user.username, actorRole: 'moderator' });
  });
});

describe('restoring a work its author had taken out', () => {
  it('gives it back to its author, not to the gallery', async () => {
    const author = await seedUser(t);
    const work = await storedWork(author.user.id, { title: 'Private study' });
    await t.database.query(`update works set state = 'unpublished' where id = $1`, [work.id]);
    await report(work.id, 'spam');
    await adminCall(t, moderator, 'POST', '/admin/community/work/hide', { body: { id: work.id } });
    const restored = await adminCall(t, moderator, 'POST', '/admin/community/work/restore', { body: { id: work.id } });
    expect(restored.json().data).toMatchObject({ state: 'unpublished' });
    expect(await workRow(work.id)).toMatchObject({ state: 'unpublished', hiddenFrom: null, hiddenBy: null });
  });
});

describe('suspending an operator', () => {
  it('is refused to a moderator (who could lock the owners out) and left to an owner', async () => {
    const finance = await makeOperator(t, 'finance');
    const refused = await adminCall(t, moderator, 'POST', '/admin/community/user/suspend', {
      body: { user: finance.userId },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'OPERATOR_PROTECTED']);
    expect((await adminCall(t, finance, 'GET', '/admin/me')).json().status).toBe(200);
    const byOwner = await adminCall(t, 'token', 'POST', '/admin/community/user/suspend', {
      body: { user: finance.userId },
    });
    expect(byOwner.json().data).toMatchObject({ suspended: true });
  });
});

describe('who may moderate', () => {
  it('refuses finance and support with ADMIN_FORBIDDEN and changes nothing', async () => {
    const author = await seedUser(t);
    const work = await seedWork(t, author.user.id);
    await report(work.id, 'spam');
    for (const role of ['finance', 'support'] as const) {
      const other = await makeOperator(t, role);
      for (const [method, path, body] of [
        ['GET', '/admin/community/queue', undefined],
        ['GET', '/admin/community/hidden', undefined],
        ['POST', '/admin/community/work/hide', { id: work.id }],
        ['POST', '/admin/community/reports/dismiss', { workId: work.id }],
        ['POST', '/admin/community/user/suspend', { user: author.user.id }],
      ] as const) {
        const res = await adminCall(t, other, method, path, { body });
        expect(res.statusCode, `${role} ${path}`).toBe(403);
        expect(res.json().code).toBe('ADMIN_FORBIDDEN');
      }
    }
    expect((await workRow(work.id)).state).toBe('published');
    expect(await auditOf(work.id)).toEqual([]);
    expect(await auditOf(author.user.id)).toEqual([]);
  });

  it('refuses a moderator the money and the operators', async () => {
    const { user } = await seedUser(t);
    const before = await t.app.services!.ledger.balance(user.id);
    const calls = [
      ['/admin/credits/grant', { user: user.id, cubes: 50, note: 'try' }],
      ['/admin/orders/refund', { orderId: randomUUID() }],
      ['/admin/operators/grant', { user: user.id, role: 'owner' }],
    ] as const;
    for (const [path, body] of calls) {
      const res = await adminCall(t, moderator, 'POST', path, { body });
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code).toBe('ADMIN_FORBIDDEN');
    }
    expect(await t.app.services!.ledger.balance(user.id)).toEqual(before);
    expect(await t.database.db.select().from(operators).where(eq(operators.userId, user.id))).toEqual([]);
    expect(await auditOf(user.id)).toEqual([]);
  });

  it('lets the admin token moderate as owner, named in the trail', async () => {
    const author = await seedUser(t);
    const work = await seedWork(t, author.user.id);
    await report(work.id, 'spam');
    expect((await queue('token')).status).toBe(200);
    await adminCall(t, 'token', 'POST', '/admin/community/work/hide', { body: { id: work.id } });
    expect(await workRow(work.id)).toMatchObject({ hiddenBy: 'admin token' });
    expect((await auditOf(work.id))[0]).toMatchObject({ actorName: 'admin token', actorRole: 'owner', via: 'token' });
  });
});

describe('the trail as a whole', () => {
  // Runs last: every successful change above must have written its row.
  it('has no successful moderation call without its audit row', () => {
    expect(log.lines.filter((l) => l.msg === 'admin action answered without an audit row')).toEqual([]);
  });
});
