import { describe, expect, it } from 'vitest';
import { defaultCurrency, formatCountdown, formatMoney, splitDuration } from './format.ts';

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

  it('counts down as a clock', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(245.7)).toBe('4:05');
    expect(formatCountdown(3_845)).toBe('1:04:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
