import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard, DashboardDay } from '@turing/contract';
import { ledger, orders, sessions, tasks, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { adminCall, makeOperator, type TestOperator } from '../../../test-support/operator-helpers.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SECOND = 1000;

// Every seeded instant is a UTC midnight `k` days before today plus an offset, so its day is known.
const now = new Date();
const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
const at = (daysAgo: number, offset = HOUR) => new Date(midnight - daysAgo * DAY + offset);
const dateIn = (instant: number, timeZone: string) => new Date(instant).toLocaleDateString('en-CA', { timeZone });
const utcDate = (daysAgo: number) => dateIn(midnight - daysAgo * DAY, 'UTC');

let seq = 0;
async function seedHistory(t: TestApp) {
  const db = t.database.db;
  const user = async (name: string, createdAt: Date) => {
    seq += 1;
    const [row] = await db
      .insert(users)
      .values({
        username: `dash${name}${seq}`,
        nickname: name,
        inviteCode: `DASH${name}${seq}`.toUpperCase(),
        createdAt,
      })
      .returning();
    return row!.id;
  };
  const u1 = await user('a', at(5));
  const u2 = await user('b', at(2));
  const u3 = await user('c', at(2, 2 * HOUR));
  const u4 = await user('d', at(0, 0));
  const u5 = await user('e', at(40)); // before the period

  // Signing in: a session started that day.
  const signIn = (userId: string, createdAt: Date) =>
    db.insert(sessions).values({ id: `dash-${userId}-${+createdAt}`, userId, createdAt, expiresAt: at(-7) });
  await signIn(u1, at(3));
  await signIn(u2, at(2, 30 * 60_000));
  await signIn(u5, at(1));

  const task = (
    userId: string,
    engine: string,
    state: 'complete' | 'cancelled' | 'timed_out' | 'queued' | 'generating',
    createdAt: Date,
    tookMs: number | null = null,
    delivered: number | null = null,
  ) =>
    db.insert(tasks).values({
      userId,
      mode: 'text',
      params: { count: delivered ?? 1 } as never,
      engine,
      state,
      createdAt,
      finishedAt: tookMs === null ? null : new Date(+createdAt + tookMs),
      delivered,
    });
  await task(u1, 'preview', 'complete', at(3), 10 * SECOND, 2);
  await task(u1, 'preview', 'complete', at(3, 2 * HOUR), 30 * SECOND, 4);
  await task(u2, 'comfyui', 'complete', at(2), 20 * SECOND, 1);
  await task(u2, 'comfyui', 'timed_out', at(2, 3 * HOUR), 300 * SECOND);
  await task(u3, 'preview', 'cancelled', at(1), 5 * SECOND);
  // Submitted just before midnight, finished after it: submitted yesterday, made today.
  await task(u3, 'preview', 'complete', at(0, -50 * SECOND), 60 * SECOND, 1);
  await task(u4, 'preview', 'complete', at(0, 0), 40 * SECOND, 3);
  await task(u4, 'preview', 'queued', at(0, 0));
  await task(u5, 'comfyui', 'generating', at(0, 0));
  await task(u1, 'preview', 'complete', at(40), 1000 * SECOND, 5); // before the period

  const entry = (userId: string, kind: string, cubes: number, createdAt: Date) =>
    db.insert(ledger).values({ userId, kind, cubes, createdAt, idempotencyKey: `dash:${(seq += 1)}` });
  await entry(u1, 'charge', -10, at(3));
  await entry(u1, 'charge', -20, at(3, 2 * HOUR));
  await entry(u2, 'charge', -5, at(2));
  await entry(u2, 'charge', -5, at(2, 3 * HOUR));
  await entry(u2, 'refund', 5, at(2, 4 * HOUR));
  await entry(u2, 'grant', 50, at(2)); // not spending
  await entry(u4, 'charge', -8, at(0, 0));
  await entry(u4, 'refund', 3, at(0, 0));
  await entry(u4, 'purchase', 500, at(0, 0)); // not spending
  await entry(u1, 'charge', -100, at(40)); // before the period

  const order = (
    userId: string,
    currency: 'CNY' | 'USD',
    provider: string,
    amount: number,
    paidAt: Date | null,
    refundedAt: Date | null = null,
  ) =>
    db.insert(orders).values({
      userId,
      productId: 'cubes-50',
      kind: 'cubes',
      pieces: 1,
      cubes: 50,
      amount,
      currency,
      provider,
      state: refundedAt ? 'refunded' : paidAt ? 'paid' : 'pending',
      paidAt,
      refundedAt,
    });
  await order(u1, 'CNY', 'wechatpay', 990, at(3));
  await order(u2, 'CNY', 'alipay', 5800, at(2), at(0, 0));
  await order(u2, 'USD', 'stripe', 149, at(2));
  await order(u4, 'USD', 'stripe', 899, at(0, 0));
  await order(u4, 'CNY', 'wechatpay', 1200, at(0, 0));
  await order(u3, 'CNY', 'wechatpay', 990, null); // never paid
  await order(u5, 'CNY', 'alipay', 3000, at(40), at(1)); // paid before the period, refunded in it
}

const states = (over: Partial<Record<string, number>>) => ({
  submitting: 0,
  queued: 0,
  generating: 0,
  complete: 0,
  cancelled: 0,
  timed_out: 0,
  lost: 0,
  ...over,
});
const noRevenue = { revenue: [], refunds: [] };

describe('the dashboard', () => {
  let t: TestApp;
  let finance: TestOperator;
  let view: AdminDashboard;
  const day = (daysAgo: number) => view.days.find((d) => d.date === utcDate(daysAgo))!;

  beforeAll(async () => {
    t = await buildTestApp();
    // The operator is an account of today too: created and signed in.
    finance = await makeOperator(t, 'finance');
    await seedHistory(t);
    const res = await adminCall(t, finance, 'GET', '/admin/dashboard', { query: { days: '30' } });
    expect(res.json().status).toBe(200);
    view = res.json().data;
  });
  afterAll(() => t.close());

  it('covers the last 30 days up to today, a day for each, oldest first', () => {
    expect(view).toMatchObject({ timeZone: 'UTC', from: utcDate(29), to: utcDate(0) });
    expect(view.days.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => utcDate(29 - i)));
    expect(day(4)).toEqual<DashboardDay>({
      date: utcDate(4),
      newUsers: 0,
      activeUsers: 0,
      tasks: states({}),
      images: 0,
      taskTime: { completed: 0, medianMs: null, p95Ms: null },
      cubes: { charged: 0, refunded: 0, spent: 0 },
      ...noRevenue,
    });
  });

  it('counts new and active users per day and, each once, over the period', () => {
    expect([5, 3, 2, 1, 0].map((k) => [day(k).newUsers, day(k).activeUsers])).toEqual([
      [1, 0],
      [0, 1],
      [2, 1],
      [0, 2],
      [2, 3],
    ]);
    expect(view.today).toMatchObject({ newUsers: 2, activeUsers: 3 });
    expect(view.period).toMatchObject({ newUsers: 5, activeUsers: 6 });
  });

  it('counts tasks by the day they were submitted and images and task time by the day they completed', () => {
    expect(day(3)).toMatchObject({
      tasks: states({ complete: 2 }),
      images: 6,
      taskTime: { completed: 2, medianMs: 20_000, p95Ms: 29_000 },
    });
    expect(day(2)).toMatchObject({
      tasks: states({ complete: 1, timed_out: 1 }),
      images: 1,
      taskTime: { completed: 1, medianMs: 20_000, p95Ms: 20_000 },
    });
    expect(day(1)).toMatchObject({
      tasks: states({ cancelled: 1, complete: 1 }),
      images: 0,
      taskTime: { completed: 0, medianMs: null, p95Ms: null },
    });
    expect(view.today).toMatchObject({
      tasks: states({ complete: 1, queued: 1, generating: 1 }),
      images: 4,
      taskTime: { completed: 2, medianMs: 50_000, p95Ms: 59_000 },
    });
    // 10, 20, 30, 40 and 60 s: the task of 40 days ago stays out.
    expect(view.period).toMatchObject({
      tasks: states({ complete: 5, timed_out: 1, cancelled: 1, queued: 1, generating: 1 }),
      images: 11,
      taskTime: { completed: 5, medianMs: 30_000, p95Ms: 56_000 },
    });
  });

  it('breaks the period down by engine', () => {
    expect(view.byEngine).toEqual([
      {
        engine: 'comfyui',
        tasks: states({ complete: 1, timed_out: 1, generating: 1 }),
        images: 1,
        taskTime: { completed: 1, medianMs: 20_000, p95Ms: 20_000 },
      },
      {
        engine: 'preview',
        tasks: states({ complete: 4, cancelled: 1, queued: 1 }),
        images: 10,
        taskTime: { completed: 4, medianMs: 35_000, p95Ms: 57_000 },
      },
    ]);
  });

  it('counts cubes charged for tasks less those refunded, leaving purchases and grants out', () => {
    expect(day(3).cubes).toEqual({ charged: 30, refunded: 0, spent: 30 });
    expect(day(2).cubes).toEqual({ charged: 10, refunded: 5, spent: 5 });
    expect(view.today.cubes).toEqual({ charged: 8, refunded: 3, spent: 5 });
    expect(view.period.cubes).toEqual({ charged: 48, refunded: 8, spent: 40 });
  });

  it('sums revenue by currency and provider on the day paid, and refunds on the day refunded', () => {
    expect(day(3).revenue).toEqual([{ currency: 'CNY', provider: 'wechatpay', orders: 1, amount: 990 }]);
    expect(day(2).revenue).toEqual([
      { currency: 'CNY', provider: 'alipay', orders: 1, amount: 5800 },
      { currency: 'USD', provider: 'stripe', orders: 1, amount: 149 },
    ]);
    expect(day(1)).toMatchObject({
      revenue: [],
      refunds: [{ currency: 'CNY', provider: 'alipay', orders: 1, amount: 3000 }],
    });
    expect(view.today).toMatchObject({
      revenue: [
        { currency: 'CNY', provider: 'wechatpay', orders: 1, amount: 1200 },
        { currency: 'USD', provider: 'stripe', orders: 1, amount: 899 },
      ],
      refunds: [{ currency: 'CNY', provider: 'alipay', orders: 1, amount: 5800 }],
    });
    expect(view.period).toMatchObject({
      revenue: [
        { currency: 'CNY', provider: 'alipay', orders: 1, amount: 5800 },
        { currency: 'CNY', provider: 'wechatpay', orders: 2, amount: 2190 },
        { currency: 'USD', provider: 'stripe', orders: 2, amount: 1048 },
      ],
      refunds: [{ currency: 'CNY', provider: 'alipay', orders: 2, amount: 8800 }],
    });
  });

  it('lists the configured engines with their servers and the tasks waiting and running now', () => {
    expect(view.engines).toEqual([
      expect.objectContaining({ name: 'preview', isDefault: true, ok: true, servers: [], queued: 1, generating: 0 }),
    ]);
  });

  it('reaches further back with a longer period, and answers the owner’s token too', async () => {
    const res = await adminCall(t, 'token', 'GET', '/admin/dashboard', { query: { days: '90' } });
    const data = res.json().data as AdminDashboard;
    expect(data.days).toHaveLength(90);
    expect(data.from).toBe(utcDate(89));
    expect(data.period).toMatchObject({ newUsers: 6, activeUsers: 6 });
    expect(data.period.cubes).toEqual({ charged: 148, refunded: 8, spent: 140 });
    expect(data.period.taskTime).toMatchObject({ completed: 6, medianMs: 35_000 });
    const week = (await adminCall(t, finance, 'GET', '/admin/dashboard', { query: { days: '7' } })).json().data;
    expect(week.days.map((d: DashboardDay) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => utcDate(6 - i)));
  });

  it('divides days at midnight in the zone asked for', async () => {
    const zone = 'America/Los_Angeles';
    const res = await adminCall(t, finance, 'GET', '/admin/dashboard', { query: { timeZone: zone } });
    const data = res.json().data as AdminDashboard;
    expect(data.timeZone).toBe(zone);
    expect(data.to).toBe(dateIn(Date.now(), zone));
    const local = (instant: Date) => data.days.find((d) => d.date === dateIn(+instant, zone))!;
    // 01:00 UTC is the evening before in California.
    expect(local(at(5)).newUsers).toBe(1);
    expect(local(at(5)).date).toBe(utcDate(6));
    expect(local(at(2)).newUsers).toBe(2);
    expect(data.period).toMatchObject({ newUsers: 5, activeUsers: 6 });
  });

  it('takes a zone name in any case and answers its canonical spelling', async () => {
    const res = await adminCall(t, finance, 'GET', '/admin/dashboard', { query: { timeZone: 'asia/shanghai' } });
    expect(res.json().data.timeZone).toBe('Asia/Shanghai');
  });

  it.each([
    ['no days', { days: '0' }],
    ['too many days', { days: '91' }],
    ['days that are not a number', { days: 'month' }],
    ['part of a day', { days: '1.5' }],
    ['an unknown zone', { timeZone: 'Mars/Olympus_Mons' }],
    ['an offset instead of a zone', { timeZone: '+08:00' }],
    ['a zone with quotes', { timeZone: "UTC'; drop table users; --" }],
  ])('refuses %s with a localised error', async (_case, query) => {
    const res = await adminCall(t, finance, 'GET', '/admin/dashboard', { query });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', msg: 'Invalid input or settings' });
    const zh = await adminCall(
      t,
      { headers: { ...finance.headers, 'accept-language': 'zh' } },
      'GET',
      '/admin/dashboard',
      { query },
    );
    expect(zh.json()).toMatchObject({ code: 'VALIDATION', msg: '输入或设置无效' });
  });
});

describe('the dashboard’s roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each(['moderator', 'support'] as const)('is refused to a %s', async (role) => {
    const operator = await makeOperator(t, role);
    const res = await adminCall(t, operator, 'GET', '/admin/dashboard');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ADMIN_FORBIDDEN', data: null });
  });

  it('is open to an owner', async () => {
    const owner = await makeOperator(t, 'owner');
    const res = await adminCall(t, owner, 'GET', '/admin/dashboard', { query: { days: '1' } });
    expect(res.json().status).toBe(200);
    expect(res.json().data.days).toHaveLength(1);
  });
});
