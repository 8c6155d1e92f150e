import { describe, expect, it } from 'vitest';
import {
  caretAfterSignificant,
  checkPhone,
  countInvalidChars,
  deleteThroughFormatting,
  detectCountry,
  formatPhone,
  replaceDialCode,
  significantBefore,
} from './phone-rules.ts';

describe('checkPhone', () => {
  it('rejects fewer than 2 digits as too short', () => {
    expect(checkPhone('')).toEqual({ valid: false, error: 'too_short' });
    expect(checkPhone('+1')).toEqual({ valid: false, error: 'too_short' });
  });

  it('rejects more than 17 digits as too long', () => {
    expect(checkPhone('1'.repeat(18), 'CN')).toEqual({ valid: false, error: 'too_long' });
    expect(checkPhone('1'.repeat(17), 'CN').error).toBe('invalid');
  });

  it('rejects input over 250 characters before anything else', () => {
    expect(checkPhone(' '.repeat(249) + '12')).toEqual({ valid: false, error: 'too_long_input' });
    expect(checkPhone(' '.repeat(248) + '12').error).not.toBe('too_long_input');
  });

  it('accepts a valid international number and gives its E.164 form and country', () => {
    expect(checkPhone('+86 138 1234 5678')).toEqual({ valid: true, e164: '+8613812345678', country: 'CN' });
    expect(checkPhone('+1 (201) 555-0123')).toEqual({ valid: true, e164: '+12015550123', country: 'US' });
  });

  it('reads a national number with the country given as ISO or dial code', () => {
    expect(checkPhone('138 1234 5678', 'cn')).toMatchObject({ valid: true, e164: '+8613812345678' });
    expect(checkPhone('13812345678', '+86')).toMatchObject({ valid: true, e164: '+8613812345678' });
  });

  it('falls back to libphonenumber validity', () => {
    expect(checkPhone('+86 123')).toMatchObject({ valid: false, error: 'invalid' });
    expect(checkPhone('13812345678')).toMatchObject({ valid: false, error: 'invalid' });
    expect(checkPhone('12345', 'US')).toMatchObject({ valid: false, error: 'invalid' });
  });
});

describe('formatPhone', () => {
  it('formats international numbers as typed', () => {
    expect(formatPhone('+8613812345678', 'international')).toBe('+86 138 1234 5678');
    expect(formatPhone('+86138', 'international')).toBe('+86 138');
  });

  it('turns a national number international with the active country', () => {
    expect(formatPhone('13812345678', 'international', 'CN')).toBe('+86 138 1234 5678');
    // The trunk prefix belongs to national dialling only.
    expect(formatPhone('07911 123456', 'international', 'GB')).toBe('+44 7911 123456');
    expect(formatPhone('138', 'international')).toBe('138');
  });

  it('formats national numbers for the active country', () => {
    expect(formatPhone('13812345678', 'national', 'CN')).toBe('138 1234 5678');
    expect(formatPhone('2015550123', 'national', 'US')).toBe('(201) 555-0123');
    expect(formatPhone('+8613812345678', 'national', 'US')).toBe('+86 138 1234 5678');
  });

  it('leaves the text alone when formatting is off or there is nothing to format', () => {
    expect(formatPhone('138-1234 5678', false, 'CN')).toBe('138-1234 5678');
    expect(formatPhone('', 'international', 'CN')).toBe('');
    expect(formatPhone('+', 'international', 'CN')).toBe('+');
  });
});

describe('detectCountry', () => {
  it('reads the country from an international number', () => {
    expect(detectCountry('+44 20 7946 0958')).toBe('GB');
    expect(detectCountry('+86', 'US')).toBe('CN');
  });

  it('keeps the current country while a shared calling code is undecided', () => {
    expect(detectCountry('+1 2', 'CA')).toBe('CA');
    expect(detectCountry('+1 2', 'CN')).toBe('US');
    expect(detectCountry('+', 'CN')).toBe('CN');
  });

  it('keeps the current country for national numbers', () => {
    expect(detectCountry('138', 'CN')).toBe('CN');
    expect(detectCountry('138')).toBeUndefined();
  });
});

describe('replaceDialCode', () => {
  it('swaps the dial code and keeps the rest as written', () => {
    expect(replaceDialCode('+86 138 1234 5678', 'US')).toBe('+1 138 1234 5678');
    expect(replaceDialCode('+1-201-555', 'GB')).toBe('+44-201-555');
    expect(replaceDialCode('+8 6 1', 'JP')).toBe('+81 1');
  });

  it('writes the dial code when none is complete yet', () => {
    expect(replaceDialCode('+', 'CN')).toBe('+86');
  });
});

describe('character and caret helpers', () => {
  it('counts characters outside digits, spaces, +, -, ( and )', () => {
    expect(countInvalidChars('+1 (201) 555-0123')).toBe(0);
    expect(countInvalidChars('12a.b')).toBe(3);
  });

  it('maps the caret across formatting by counting digits and +', () => {
    expect(significantBefore('+86 138', 5)).toBe(4);
    expect(caretAfterSignificant('+86 138 1234', 4)).toBe(5);
    expect(caretAfterSignificant('+86 138 1234', 0)).toBe(0);
    expect(caretAfterSignificant('+86', 9)).toBe(3);
  });

  it('deletes the digit next to a deleted formatting character', () => {
    expect(deleteThroughFormatting('138 1234', '1381234', 3, false)).toEqual({ value: '131234', caret: 2 });
    expect(deleteThroughFormatting('138 1234', '1381234', 3, true)).toEqual({ value: '138234', caret: 3 });
    expect(deleteThroughFormatting('138 1234', '138 123', 7, false)).toEqual({ value: '138 123', caret: 7 });
  });
});
