import { describe, expect, it } from 'vitest';
import { defaultPhoneCountry, preferredPhoneCountries } from './default-country.ts';

describe('defaultPhoneCountry', () => {
  it.each([
    ['zh', ['en-GB'], 'CN'],
    ['zh', [], 'CN'],
    ['en', ['en-GB', 'en'], 'GB'],
    ['en', ['en-US'], 'US'],
    ['en', ['en'], 'US'],
    ['en', ['de-DE'], 'DE'],
    ['en', ['zh-CN'], 'CN'],
    ['en', ['es-419', 'fr-CA'], 'CA'],
    ['en', ['not a tag'], 'US'],
    ['en', [], 'US'],
  ] as const)('%s interface, browser %j → %s', (ui, languages, expected) => {
    expect(defaultPhoneCountry(ui, languages)).toBe(expected);
  });

  it('lists the default first, without repeating it', () => {
    expect(preferredPhoneCountries('GB')).toEqual(['GB', 'CN', 'US', 'SG']);
    expect(preferredPhoneCountries('DE')).toEqual(['DE', 'CN', 'US', 'GB', 'SG']);
  });
});
