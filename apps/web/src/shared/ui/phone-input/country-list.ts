import { getCountries, getCountryCallingCode, isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import metadata from 'libphonenumber-js/min/metadata';

export type { CountryCode };

export interface CountryOption {
  code: CountryCode;
  name: string;
  /** Without the leading `+`. */
  dialCode: string;
}

export interface CountryList {
  preferred: CountryOption[];
  rest: CountryOption[];
  /** `preferred` then `rest`: the order the listbox shows and keyboard navigation follows. */
  all: CountryOption[];
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

export function countryName(code: string, locale: string): string {
  let names = displayNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      // An engine without this locale's data still needs a readable list.
      names = null;
    }
    displayNames.set(locale, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Countries sharing a calling code, the main one (e.g. US for +1) first. */
export function countriesForCallingCode(callingCode: string): CountryCode[] {
  const codes = metadata.country_calling_codes[callingCode] ?? [];
  return codes.filter((c): c is CountryCode => isSupportedCountry(c));
}

/**
 * Reads an ISO code (any case) or a dial code (`86`, `+86`). With `allowed`, a shared dial code
 * resolves to the first allowed country that uses it, so `+1` with only Canada listed gives CA.
 */
export function toCountryCode(input: string | undefined, allowed?: ReadonlySet<CountryCode>): CountryCode | undefined {
  const text = input?.trim() ?? '';
  if (!text) return undefined;
  const iso = text.toUpperCase();
  if (/^[A-Z]{2}$/.test(iso)) {
    return isSupportedCountry(iso) && (!allowed || allowed.has(iso)) ? iso : undefined;
  }
  const dial = /^\+?(\d{1,3})$/.exec(text)?.[1];
  if (!dial) return undefined;
  return countriesForCallingCode(dial).find((c) => !allowed || allowed.has(c));
}

function toCountryOption(code: CountryCode, locale: string): CountryOption {
  return { code, name: countryName(code, locale), dialCode: getCountryCallingCode(code) };
}

export interface CountryListOptions {
  locale: string;
  preferred?: readonly string[];
  only?: readonly string[];
  ignored?: readonly string[];
}

/** An empty `only` is treated as "no restriction": a phone field offering no country is never wanted. */
export function allowedCountries({ only, ignored }: Pick<CountryListOptions, 'only' | 'ignored'>): Set<CountryCode> {
  const base = only?.length ? only.map((c) => toCountryCode(c)) : getCountries();
  const allowed = new Set(base.filter((c): c is CountryCode => c !== undefined));
  for (const c of ignored ?? []) {
    const code = toCountryCode(c);
    if (code) allowed.delete(code);
  }
  return allowed;
}

export function buildCountryList(options: CountryListOptions): CountryList {
  const allowed = allowedCountries(options);
  const preferredCodes: CountryCode[] = [];
  for (const c of options.preferred ?? []) {
    const code = toCountryCode(c, allowed);
    if (code && !preferredCodes.includes(code)) preferredCodes.push(code);
  }
  const collator = new Intl.Collator(options.locale);
  const preferred = preferredCodes.map((c) => toCountryOption(c, options.locale));
  const rest = [...allowed]
    .filter((c) => !preferredCodes.includes(c))
    .map((c) => toCountryOption(c, options.locale))
    .sort((a, b) => collator.compare(a.name, b.name));
  return { preferred, rest, all: [...preferred, ...rest] };
}
