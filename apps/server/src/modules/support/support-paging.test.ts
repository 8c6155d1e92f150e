import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER, encodeCursor } from '@turing/contract';
import { supportTickets } from '../../db/schema/index.ts';
import { appHeaders, buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = fs.readFileSync(path.join(t.config.DATA_DIR, 'admin-token'), 'utf8').trim();
});
afterAll(() => t.close());

interface Page {
  items: { id: string; subject: string }[];
  nextCursor: string | null;
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const listPage = async (cookie: string, query: string) => {
  const res = await get(`/turing/support/list?${query}`, { cookie });
  expect(res.json().status).toBe(200);
  return res.json().data as Page;
};
const adminPage = async (query: string) => {
  const res = await get(`/turing/admin/support/list?${query}`, { [ADMIN_TOKEN_HEADER]: adminToken });
  expect(res.json().status).toBe(200);
  return res.json().data as Page;
};
const create = async (cookie: string, subject: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/turing/support/create',
    headers: { ...appHeaders(), cookie },
    payload: { subject, message: 'Hello', contactEmail: 'ada@example.com' },
  });
  expect(res.json().status).toBe(200);
  return res.json().data as { id: string };
};
/** Tickets written straight to the table, `count` of them with the given activity times. */
async function seedTickets(userId: string, times: string[], status = 'open') {
  const rows = await t.database.db
    .insert(supportTickets)
    .values(
      times.map((time, i) => ({
        userId,
        subject: `Seeded ${i}`,
        contactEmail: 'ada@example.com',
        status,
        lastMessagePreview: 'Hello',
        createdAt: sql`${time}::timestamptz`,
        updatedAt: sql`${time}::timestamptz`,
      })),
    )
    .returning({ id: supportTickets.id });
  return rows.map((r) => r.id);
}

/** Walks every page, calling `between` after each load; returns the ids in the order seen. */
async function walk(load: (cursor: string | null) => Promise<Page>, between: (n: number) => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: Page = await load(cursor);
    seen.push(...page.items.map((x) => x.id));
    cursor = page.nextCursor;
    pages += 1;
    await between(pages);
  } while (cursor);
  return { seen, pages };
}

const cursorQuery = (cursor: string | null) => (cursor ? `&cursor=${cursor}` : '');

describe('paging the user ticket list', () => {
  it('returns every ticket exactly once while new ones are created between page loads', async () => {
    const { user, cookie } = await seedUser(t);
    const base = Date.parse('2026-03-01T10:00:00Z');
    const existing = await seedTickets(
      user.id,
      Array.from({ length: 11 }, (_, i) => new Date(base + i * 60_000).toISOString()),
    );
    const created: string[] = [];
    const { seen, pages } = await walk(
      (cursor) => listPage(cookie, `limit=3${cursorQuery(cursor)}`),
      async (n) => {
        created.push((await create(cookie, `Written while paging ${n}`)).id);
      },
    );
    expect(pages).toBe(4);
    expect(seen).toHaveLength(11);
    expect(new Set(seen)).toEqual(new Set(existing));
    // Newest first: the seeded times descend.
    expect(seen).toEqual([...existing].reverse());
    // The new ones are at the top of a fresh first page.
    const fresh = await listPage(cookie, 'limit=4');
    expect(fresh.items.map((x) => x.id)).toEqual([...created].reverse());
  });

  it('keeps an exact place among tickets with the same time or microseconds apart', async () => {
    const { user, cookie } = await seedUser(t);
    const same = Array.from({ length: 5 }, () => '2026-03-02T10:00:00.123456Z');
    const close = ['2026-03-02T10:00:00.123001Z', '2026-03-02T10:00:00.123002Z', '2026-03-02T10:00:00.123999Z'];
    const ids = await seedTickets(user.id, [...same, ...close]);
    const { seen } = await walk(
      (cursor) => listPage(cookie, `limit=2${cursorQuery(cursor)}`),
      async () => {},
    );
    expect(seen).toHaveLength(ids.length);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it('uses 20 per page by default and says when there is no further page', async () => {
    const { user, cookie } = await seedUser(t);
    await seedTickets(
      user.id,
      Array.from({ length: 21 }, (_, i) => new Date(Date.UTC(2026, 2, 3, 0, i)).toISOString()),
    );
    const first = await listPage(cookie, '');
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const last = await listPage(cookie, `cursor=${first.nextCursor}`);
    expect(last).toMatchObject({ nextCursor: null });
    expect(last.items).toHaveLength(1);
  });

  it("shows only the caller's tickets on every page", async () => {
    const a = await seedUser(t);
    const b = await seedUser(t);
    await seedTickets(a.user.id, ['2026-03-04T00:00:00Z', '2026-03-04T00:01:00Z']);
    const mine = await seedTickets(b.user.id, ['2026-03-04T00:00:30Z']);
    const { seen } = await walk(
      (cursor) => listPage(b.cookie, `limit=1${cursorQuery(cursor)}`),
      async () => {},
    );
    expect(seen).toEqual(mine);
  });
});

describe('paging the admin ticket list', () => {
  it('pages through one status while tickets are opened and closed between loads', async () => {
    const { user, cookie } = await seedUser(t);
    // Far in the future, so these are the first of every open ticket in this database.
    const answered = await seedTickets(
      user.id,
      Array.from({ length: 5 }, (_, i) => new Date(Date.UTC(2099, 0, 1, 0, i)).toISOString()),
      'answered',
    );
    const { seen } = await walk(
      (cursor) => adminPage(`status=answered&limit=2${cursorQuery(cursor)}`),
      async () => {
        await create(cookie, 'New while the operator pages');
      },
    );
    expect(seen.filter((id) => answered.includes(id))).toEqual([...answered].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    const everyStatus = await adminPage('status=all&limit=100');
    expect(everyStatus.items.map((x) => x.id)).toEqual(expect.arrayContaining(answered));
  });
});

describe('a bad cursor or page size', () => {
  const uuid = '00000000-0000-4000-8000-000000000000';
  const bad: [string, string][] = [
    ['not base64url', 'not a cursor'],
    ['not JSON', 'bm90IGpzb24'],
    ['not a time', encodeCursor({ sort: 'yesterday', id: uuid })],
    ['30 February', encodeCursor({ sort: '2026-02-30T10:00:00.000000Z', id: uuid })],
    ['not a uuid', Buffer.from(JSON.stringify(['2026-03-01T10:00:00.000000Z', 'x'])).toString('base64url')],
    ['far too long', 'A'.repeat(300)],
  ];

  it.each(bad)('%s is refused with a clear message, in both languages', async (_label, cursor) => {
    const { cookie } = await seedUser(t);
    const url = `/turing/support/list?cursor=${encodeURIComponent(cursor)}`;
    const en = await get(url, { cookie });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      status: 400,
      code: 'CURSOR_INVALID',
      data: null,
      msg: 'This list position is not valid (it may be from an older version of the list); please load the list again from the start',
      details: [{ field: 'cursor', code: 'CURSOR_INVALID' }],
    });
    const zh = await get(url, { cookie, 'accept-language': 'zh' });
    expect(zh.json().msg).toBe('列表位置无效（可能来自旧版本的列表），请从头重新加载列表');
    const operator = await get(`/turing/admin/support/list?status=all&cursor=${encodeURIComponent(cursor)}`, {
      [ADMIN_TOKEN_HEADER]: adminToken,
    });
    expect(operator.json().code).toBe('CURSOR_INVALID');
  });

  it.each(['0', '101', 'ten', '2.5'])('limit=%s is refused', async (limit) => {
    const { cookie } = await seedUser(t);
    const res = await get(`/turing/support/list?limit=${limit}`, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PAGE_LIMIT', msg: 'A page holds 1 to 100 items' });
  });
});
