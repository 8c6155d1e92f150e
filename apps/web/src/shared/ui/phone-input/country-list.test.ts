import { describe, expect, it } from 'vitest';
import { getCountries } from 'libphonenumber-js';
import { allowedCountries, buildCountryList, countryName, toCountryCode } from './country-list.ts';

describe('countryName', () => {
  it('names the country in the given language', () => {
    expect(countryName('CN', 'en')).toBe('China');
    expect(countryName('CN', 'zh')).toBe('中国');
  });
});

describe('toCountryCode', () => {
  it('reads ISO codes in any case and dial codes with or without +', () => {
    expect(toCountryCode('cn')).toBe('CN');
    expect(toCountryCode('86')).toBe('CN');
    expect(toCountryCode(' +86 ')).toBe('CN');
    expect(toCountryCode('+1')).toBe('US');
    expect(toCountryCode('44')).toBe('GB');
  });

  it('resolves a shared dial code to an allowed country', () => {
    expect(toCountryCode('1', new Set(['CA', 'FR'] as const))).toBe('CA');
    expect(toCountryCode('CN', new Set(['FR'] as const))).toBeUndefined();
  });

  it('rejects anything else', () => {
    expect(toCountryCode(undefined)).toBeUndefined();
    expect(toCountryCode('ZZ')).toBeUndefined();
    expect(toCountryCode('999')).toBeUndefined();
    expect(toCountryCode('China')).toBeUndefined();
  });
});

describe('buildCountryList', () => {
  it('lists every supported country sorted by name in the language', () => {
    const { all, preferred } = buildCountryList({ locale: 'en' });
    expect(preferred).toEqual([]);
    expect(all).toHaveLength(getCountries().length);
    expect(all[0]).toEqual({ code: 'AF', name: 'Afghanistan', dialCode: '93' });
    const names = all.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });

  it('puts preferred countries first, in the given order, and not again below', () => {
    const list = buildCountryList({ locale: 'en', preferred: ['us', 'CN', 'US', 'ZZ'] });
    expect(list.preferred.map((c) => c.code)).toEqual(['US', 'CN']);
    expect(list.rest.map((c) => c.code)).not.toContain('US');
    expect(list.all.slice(0, 2).map((c) => c.code)).toEqual(['US', 'CN']);
  });

  it('restricts to onlyCountries and drops ignoredCountries', () => {
    const list = buildCountryList({ locale: 'zh', only: ['CN', 'us', 'GB'], ignored: ['GB'], preferred: ['GB'] });
    expect(list.preferred).toEqual([]);
    expect(list.all.map((c) => c.name).sort()).toEqual(['中国', '美国'].sort());
    expect(allowedCountries({ ignored: ['CN'] }).has('CN')).toBe(false);
    expect(allowedCountries({ only: [] }).size).toBe(getCountries().length);
  });
});
