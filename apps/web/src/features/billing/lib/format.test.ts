import { describe, expect, it } from 'vitest';
import { defaultCurrency, formatMoney, splitDuration } from './format.ts';

describe('billing formats', () => {
  it('formats minor units in each currency and language', () => {
    expect(formatMoney(499, 'USD', 'en')).toBe('$4.99');
    expect(formatMoney(3500, 'CNY', 'zh')).toBe('¥35.00');
    expect(formatMoney(3500, 'CNY', 'en')).toBe('CN¥35.00');
  });

  it('picks yuan for Chinese and dollars otherwise', () => {
    expect(defaultCurrency('zh')).toBe('CNY');
    expect(defaultCurrency('en')).toBe('USD');
  });

  it('splits plan time into days and hours, rounding a started hour up', () => {
    expect(splitDuration(0)).toEqual({ days: 0, hours: 0 });
    expect(splitDuration(1)).toEqual({ days: 0, hours: 1 });
    expect(splitDuration(86_400 * 8 + 3_600 * 5 - 10)).toEqual({ days: 8, hours: 5 });
    expect(splitDuration(86_400)).toEqual({ days: 1, hours: 0 });
  });
});
