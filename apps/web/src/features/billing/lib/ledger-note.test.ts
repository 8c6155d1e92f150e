import { beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_KINDS, type LedgerItem } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { ledgerDetails } from './ledger-note.ts';

type Task = NonNullable<LedgerItem['task']>;

const task = (over: Partial<Task> = {}): Task => ({
  mode: 'text',
  count: 1,
  quality: 'SD',
  renderMode: null,
  upscale: null,
  ...over,
});
const plan = {
  id: 'plan-month',
  kind: 'plan' as const,
  period: 'month' as const,
  name: { en: 'Month plan', zh: '月卡' },
};
const pack = { id: 'cubes-50', kind: 'cubes' as const, period: null, name: { en: '50 cubes', zh: '50 魔方' } };

const details = (entry: Partial<LedgerItem> & Pick<LedgerItem, 'kind'>, language: 'en' | 'zh') =>
  ledgerDetails({ note: '', task: null, product: null, ...entry }, language, i18n.getFixedT(language, 'billing'));

beforeAll(async () => {
  await i18n.loadLanguages('zh');
});

describe('ledger rows in the reader’s words', () => {
  it.each([
    ['en', task({ count: 4, quality: 'HD' }), 'Text to image · 4 images · HD'],
    ['zh', task({ count: 4, quality: 'HD' }), '文生图 · 4 张 · HD'],
    ['en', task({ mode: 'iterate', renderMode: 'img2img', quality: 'FHD' }), 'Image to image · 1 image · FHD'],
    ['en', task({ mode: 'iterate', count: 2 }), 'Iterative rendering · 2 images · SD'],
    ['zh', task({ mode: 'edit', count: 2 }), '高级编辑 · 2 张 · SD'],
    ['en', task({ mode: 'upscale', upscale: 2 }), 'Upscale · 2×'],
    ['zh', task({ mode: 'upscale', upscale: 4 }), '放大 · 4 倍'],
  ] as const)('names a generation by mode, images and quality (%s: %s)', (language, summary, shown) => {
    expect(details({ kind: 'charge', task: summary }, language)).toBe(shown);
    expect(details({ kind: 'refund', task: summary }, language)).toBe(shown);
  });

  it.each([
    ['en', 'Text to image · 1 image · SD · Covered by your time plan', 'Covered by your time plan'],
    ['zh', '文生图 · 1 张 · SD · 由您的时长套餐支付', '由您的时长套餐支付'],
  ] as const)('says a generation was covered by the plan (%s)', (language, withTask, alone) => {
    expect(details({ kind: 'charge', note: 'time plan', task: task() }, language)).toBe(withTask);
    expect(details({ kind: 'charge', note: 'time plan' }, language)).toBe(alone);
  });

  it.each([
    ['en', 'Plan: Monthly', 'Cube pack: 50 cubes × 3'],
    ['zh', '套餐：月卡', '魔方包：50 魔方 × 3'],
  ] as const)('names a purchase and a refunded order by their product (%s)', (language, month, packs) => {
    expect(details({ kind: 'purchase', note: 'plan-month × 1', product: { ...plan, pieces: 1 } }, language)).toBe(
      month,
    );
    expect(details({ kind: 'reversal', note: 'cubes-50 × 3', product: { ...pack, pieces: 3 } }, language)).toBe(packs);
  });

  it('keeps the note of a product the catalogue no longer has', () => {
    expect(details({ kind: 'purchase', note: 'cubes-retired × 2' }, 'zh')).toBe('cubes-retired × 2');
  });

  it.each([
    ['en', 'Code TURING-AB12-CD34 redeemed'],
    ['zh', '已兑换 TURING-AB12-CD34'],
  ] as const)('names the code redeemed (%s)', (language, shown) => {
    expect(details({ kind: 'redemption', note: 'TURING-AB12-CD34' }, language)).toBe(shown);
  });

  it.each(['en', 'zh'] as const)(
    'shows an operator’s text as written, and a dash where the type says it all (%s)',
    (language) => {
      expect(details({ kind: 'grant', note: 'Compensation for the outage' }, language)).toBe(
        'Compensation for the outage',
      );
      expect(details({ kind: 'grant', note: 'time plan' }, language)).toBe('time plan');
      for (const kind of ['charge', 'refund', 'welcome', 'invitation', 'grant', 'purchase'] as const) {
        expect(details({ kind }, language)).toBe('—');
      }
    },
  );
});

describe('ledger kinds', () => {
  it.each(['en', 'zh'] as const)('each kind the server writes has a label (%s)', (language) => {
    const t = i18n.getFixedT(language, 'billing');
    for (const kind of LEDGER_KINDS) {
      expect(i18n.exists(`ledger.kinds.${kind}`, { lng: language, ns: 'billing' })).toBe(true);
    }
    expect(t('ledger.kinds.reversal')).toBe(language === 'en' ? 'Order refunded' : '订单退款');
  });
});
