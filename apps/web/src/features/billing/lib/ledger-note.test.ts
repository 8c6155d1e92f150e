import { beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_KINDS, type LedgerEntry } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { ledgerNote } from './ledger-note.ts';

const products = [
  { id: 'cubes-50', name: { en: '50 cubes', zh: '50 魔方' } },
  { id: 'plan-day', name: { en: 'Day plan', zh: '日套餐' } },
];

const note = (kind: LedgerEntry['kind'], text: string, language: 'en' | 'zh') =>
  ledgerNote({ kind, note: text }, products, language, i18n.getFixedT(language, 'billing'));

beforeAll(async () => {
  await i18n.loadLanguages('zh');
});

describe('ledger notes in the reader’s language', () => {
  it.each([
    ['en', 'cubes-50 × 1', '50 cubes × 1'],
    ['zh', 'cubes-50 × 1', '50 魔方 × 1'],
    ['en', 'plan-day × 3', 'Day plan × 3'],
    ['zh', 'plan-day × 3', '日套餐 × 3'],
  ] as const)('names a purchase by its catalogue name (%s, %s)', (language, text, shown) => {
    expect(note('purchase', text, language)).toBe(shown);
  });

  it.each([
    ['en', 'cubes-50 × 2', '50 cubes × 2'],
    ['zh', 'plan-day × 1', '日套餐 × 1'],
  ] as const)('names a refunded order like its purchase (%s, %s)', (language, text, shown) => {
    expect(note('reversal', text, language)).toBe(shown);
    expect(note('reversal', 'cubes-retired × 1', language)).toBe('cubes-retired × 1');
  });

  it('keeps the id of a product no longer on sale', () => {
    expect(note('purchase', 'cubes-retired × 2', 'zh')).toBe('cubes-retired × 2');
    expect(
      ledgerNote({ kind: 'purchase', note: 'cubes-50 × 2' }, undefined, 'en', i18n.getFixedT('en', 'billing')),
    ).toBe('cubes-50 × 2');
  });

  it.each([
    ['en', 'Covered by your time plan'],
    ['zh', '由您的时长套餐支付'],
  ] as const)('says a generation was covered by the plan (%s)', (language, shown) => {
    expect(note('charge', 'time plan', language)).toBe(shown);
  });

  it.each(['en', 'zh'] as const)('shows a dash for an entry without a note (%s)', (language) => {
    for (const kind of ['charge', 'refund', 'welcome', 'invitation'] as const) {
      expect(note(kind, '', language)).toBe('—');
    }
  });

  it.each(['en', 'zh'] as const)('shows an operator’s text and a redemption code as written (%s)', (language) => {
    expect(note('grant', 'Compensation for the outage', language)).toBe('Compensation for the outage');
    expect(note('grant', 'time plan', language)).toBe('time plan');
    expect(note('grant', 'cubes-50 × 1', language)).toBe('cubes-50 × 1');
    expect(note('redemption', 'TURING-AB12-CD34', language)).toBe('TURING-AB12-CD34');
  });
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
