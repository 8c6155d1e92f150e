import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerItem } from '@turing/contract';
import { call, confirm, createOrder } from '../../../test-support/billing-helpers.ts';
import { buildGenerationApp, finished, getTask, submit, until } from '../../../test-support/design-helpers.ts';
import { registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { ledgerCsv } from './ledger.csv.ts';
import { createLedgerItems } from './ledger.items.ts';
import { ledgerDetails } from './ledger.words.ts';

// The balance history names what each row was for: the generation behind a charge, the product
// behind a purchase, in the reader's language in the CSV export.

let t: TestApp;
beforeAll(async () => {
  t = await buildGenerationApp();
});
afterAll(() => t.close());

async function generate(cookie: string, body: object) {
  const task = (await submit(t, cookie, { mode: 'text', prompt: 'a courtyard house', ...body })).json().data;
  await until(() => getTask(t, cookie, task.id), finished);
  return task.id as string;
}

async function buy(cookie: string, productId: string, pieces = 1) {
  const id = (await createOrder(t, cookie, { productId, pieces })).data.order.id;
  expect((await confirm(t, cookie, id)).data.state).toBe('paid');
}

const history = async (cookie: string) =>
  (await call(t, cookie, 'GET', 'ledger/list?limit=50')).json().data.items as LedgerItem[];

const exportCsv = async (cookie: string, language: 'en' | 'zh') => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/turing/billing/ledger/export.csv',
    headers: { cookie, 'accept-language': language },
  });
  return res.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
};

describe('the balance history as its owner reads it', () => {
  it('carries the task behind a charge and the product behind a purchase', async () => {
    const user = await registerUser(t);
    const taskId = await generate(user.cookie, { count: 2, quality: 'HD' });
    await buy(user.cookie, 'cubes-50', 3);
    await buy(user.cookie, 'plan-month');

    const items = await history(user.cookie);
    expect(items.find((i) => i.kind === 'charge')).toMatchObject({
      taskId,
      task: { mode: 'text', count: 2, quality: 'HD', renderMode: null, upscale: null },
      product: null,
    });
    const purchases = items.filter((i) => i.kind === 'purchase').map((i) => i.product);
    expect(purchases).toContainEqual({
      id: 'cubes-50',
      kind: 'cubes',
      period: null,
      name: { en: '50 cubes', zh: '50 魔方' },
      pieces: 3,
    });
    expect(purchases).toContainEqual(expect.objectContaining({ id: 'plan-month', kind: 'plan', period: 'month' }));
    expect(items.find((i) => i.kind === 'welcome')).toMatchObject({ task: null, product: null });
  });

  it('exports the rows in words, in the reader’s language, with the kind’s code kept last', async () => {
    const user = await registerUser(t);
    await generate(user.cookie, { count: 4, quality: 'HD' });
    await buy(user.cookie, 'plan-week');
    // While the plan runs, a task is paid by plan time: the row says so.
    await generate(user.cookie, {});

    const en = await exportCsv(user.cookie, 'en');
    expect(en[0]).toBe('Time (UTC),Type,Details,Cubes,Plan days,Kind code');
    expect(en).toHaveLength(5);
    expect(en).toContainEqual(
      expect.stringMatching(/^[\d-]+T[\d:.]+Z,Generation,Text to image · 4 images · HD,-\d+,0,charge$/),
    );
    expect(en).toContainEqual(
      expect.stringMatching(/,Generation,Text to image · 1 image · SD · Covered by your time plan,0,0,charge$/),
    );
    expect(en).toContainEqual(expect.stringMatching(/,Purchase,Plan: Weekly,0,7,purchase$/));
    expect(en).toContainEqual(expect.stringMatching(/,Welcome gift,,20,0,welcome$/));

    const zh = await exportCsv(user.cookie, 'zh');
    expect(zh[0]).toBe('时间（UTC）,类型,明细,魔方,套餐天数,类型代码');
    expect(zh).toContainEqual(expect.stringMatching(/,生成消耗,文生图 · 4 张 · HD,-\d+,0,charge$/));
    expect(zh).toContainEqual(expect.stringMatching(/,购买,套餐：周卡,0,7,purchase$/));
    // No codes in the words: the kind's code appears only in its own column.
    for (const line of zh.slice(1)) expect(line.split(',').slice(1, 3).join()).not.toMatch(/[a-z]{4,}/);
  });
});

describe('the CSV export of a long ledger', () => {
  it('reads the product catalogue once, however many pages the ledger takes', async () => {
    // 250 purchases: three pages of the export's hundred rows.
    const rows = Array.from({ length: 250 }, (_, i) => ({
      entry: {
        id: `e${i}`,
        kind: 'purchase',
        cubes: 50,
        planSeconds: 0,
        note: 'cubes-50 × 1',
        taskId: null,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 250 - i)),
      },
      task: null,
    }));
    const ledger = {
      historyPage: async (_userId: string, page: { cursor?: string; limit: number }) => {
        const from = Number(page.cursor ?? 0);
        const next = from + page.limit;
        return { items: rows.slice(from, next), nextCursor: next < rows.length ? String(next) : null };
      },
    };
    let reads = 0;
    const catalogue = {
      adminList: async () => {
        reads++;
        return [{ id: 'cubes-50', kind: 'cubes', period: null, nameEn: '50 cubes', nameZh: '50 魔方' }];
      },
    };
    const items = createLedgerItems({ ledger, catalogue } as unknown as Parameters<typeof createLedgerItems>[0]);

    let csv = '';
    for await (const chunk of ledgerCsv(items, 'user-a', 'en')) csv += chunk;
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(251);
    expect(lines.slice(1).every((line) => line.includes(',Purchase,Cube pack: 50 cubes,50,'))).toBe(true);
    expect(reads).toBe(1);
    // The history page a user reads on screen still reads the catalogue as it is now.
    await items.page('user-a', { limit: 20 });
    expect(reads).toBe(2);
  });
});

describe('a ledger row in words', () => {
  const row = (over: Partial<LedgerItem>) => ({
    kind: 'charge' as const,
    note: '',
    task: null,
    product: null,
    ...over,
  });
  const task = (over: Partial<NonNullable<LedgerItem['task']>> = {}) => ({
    mode: 'text' as const,
    count: 1,
    quality: 'SD' as const,
    renderMode: null,
    upscale: null,
    ...over,
  });

  it.each([
    ['en', task({ mode: 'iterate', renderMode: 'neural', count: 3, quality: 'FHD' }), 'Neural render · 3 images · FHD'],
    ['zh', task({ mode: 'iterate', renderMode: 'neural', count: 3, quality: 'FHD' }), '神经渲染 · 3 张 · FHD'],
    ['en', task({ mode: 'iterate' }), 'Iterative rendering · 1 image · SD'],
    ['en', task({ mode: 'edit', count: 2, quality: 'HD' }), 'Advanced editing · 2 images · HD'],
    ['en', task({ mode: 'upscale', upscale: 4 }), 'Upscale · 4×'],
    ['zh', task({ mode: 'upscale', upscale: 2 }), '放大 · 2 倍'],
  ] as const)('names a generation by its mode, images and quality (%s)', (locale, summary, words) => {
    expect(ledgerDetails(row({ task: summary }), locale)).toBe(words);
    expect(ledgerDetails(row({ kind: 'refund', task: summary }), locale)).toBe(words);
  });

  it('names products, codes and operators’ notes, and leaves the rest to the type', () => {
    const plan = {
      id: 'plan-day',
      kind: 'plan' as const,
      period: 'day' as const,
      name: { en: 'Day plan', zh: '日卡' },
    };
    expect(ledgerDetails(row({ kind: 'purchase', product: { ...plan, pieces: 1 } }), 'en')).toBe('Plan: Daily');
    expect(ledgerDetails(row({ kind: 'reversal', product: { ...plan, pieces: 2 } }), 'zh')).toBe('套餐：日卡 × 2');
    const pack = { id: 'cubes-600', kind: 'cubes' as const, period: null, name: { en: '600 cubes', zh: '600 魔方' } };
    expect(ledgerDetails(row({ kind: 'purchase', product: { ...pack, pieces: 1 } }), 'en')).toBe(
      'Cube pack: 600 cubes',
    );
    // A product the catalogue no longer has: its note still says what was bought.
    expect(ledgerDetails(row({ kind: 'purchase', note: 'cubes-retired × 1' }), 'en')).toBe('cubes-retired × 1');
    expect(ledgerDetails(row({ kind: 'redemption', note: 'ABCD-EFGH' }), 'en')).toBe('Code ABCD-EFGH redeemed');
    expect(ledgerDetails(row({ kind: 'redemption', note: 'ABCD-EFGH' }), 'zh')).toBe('已兑换 ABCD-EFGH');
    expect(ledgerDetails(row({ kind: 'grant', note: 'Sorry for the outage' }), 'en')).toBe('Sorry for the outage');
    expect(ledgerDetails(row({ kind: 'charge', note: 'time plan' }), 'en')).toBe('Covered by your time plan');
    for (const kind of ['welcome', 'invitation', 'charge', 'refund'] as const) {
      expect(ledgerDetails(row({ kind }), 'en')).toBe('');
    }
  });
});
