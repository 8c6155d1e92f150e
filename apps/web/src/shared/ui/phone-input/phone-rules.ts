import { AsYouType, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { LIMITS } from '@turing/contract';
import { countriesForCallingCode, toCountryCode } from './country-list.ts';

export type PhoneError = 'too_short' | 'too_long' | 'invalid' | 'too_long_input';
export type AutoFormat = 'national' | 'international' | false;

export interface PhoneCheck {
  valid: boolean;
  error?: PhoneError;
  /** E.164 form, only when valid. */
  e164?: string;
  /** The country the number belongs to, when libphonenumber can tell. */
  country?: CountryCode;
}

const ALLOWED_CHAR = /[\d\s+\-()]/;

const digitsOf = (value: string) => value.replace(/\D/g, '');

export function countInvalidChars(value: string): number {
  let n = 0;
  for (const ch of value) if (!ALLOWED_CHAR.test(ch)) n++;
  return n;
}

export const isInternational = (value: string) => value.trimStart().startsWith('+');

/**
 * Validates a phone number as typed. `country` (ISO or dial code) reads numbers written without `+`.
 * The length rules run before libphonenumber so their messages stay specific.
 */
export function checkPhone(value: string, country?: string): PhoneCheck {
  if (value.length > LIMITS.phoneInputHardMax) return { valid: false, error: 'too_long_input' };
  const digits = digitsOf(value).length;
  if (digits < LIMITS.phoneDigitsMin) return { valid: false, error: 'too_short' };
  if (digits > LIMITS.phoneDigitsMax) return { valid: false, error: 'too_long' };
  const parsed = parsePhoneNumberFromString(value, toCountryCode(country));
  if (!parsed?.isValid()) return { valid: false, error: 'invalid', country: parsed?.country };
  return { valid: true, e164: parsed.number, country: parsed.country };
}

/**
 * The country an international number points at. A shared calling code that is not yet decisive
 * (`+1 2`) keeps `current` when it shares that code, so typing does not flip Canada to the US.
 */
export function detectCountry(value: string, current?: CountryCode): CountryCode | undefined {
  if (!isInternational(value)) return current;
  const typing = new AsYouType();
  typing.input(value);
  const found = typing.getCountry();
  if (found) return found;
  const callingCode = typing.getCallingCode();
  if (!callingCode) return current;
  if (current && getCountryCallingCode(current) === callingCode) return current;
  return countriesForCallingCode(callingCode)[0];
}

/** Rewrites the value as typed in the requested form; text that cannot be read yet is left alone. */
export function formatPhone(value: string, mode: AutoFormat, country?: CountryCode): string {
  if (!mode || !digitsOf(value)) return value;
  // An international number keeps its own dial code whatever the mode: dropping it would lose the country.
  if (isInternational(value)) return new AsYouType().input(value);
  if (mode === 'national') return new AsYouType(country).input(value);
  if (!country) return value;
  const typing = new AsYouType(country);
  typing.input(value);
  const number = typing.getNumber();
  return number ? new AsYouType().input(number.number) : value;
}

/** Swaps the dial code at the start of an international number, keeping the rest as written. */
export function replaceDialCode(value: string, country: CountryCode): string {
  const next = `+${getCountryCallingCode(country)}`;
  const typing = new AsYouType();
  typing.input(value);
  const callingCode = typing.getCallingCode();
  if (!callingCode) return next;
  // Walk past the old code's digits, however they were spaced.
  let seen = 0;
  let end = value.indexOf('+') + 1;
  while (end < value.length && seen < callingCode.length) {
    if (/\d/.test(value[end]!)) seen++;
    end++;
  }
  return next + value.slice(end);
}

const SIGNIFICANT = /[\d+]/;

export function significantBefore(value: string, caret: number): number {
  let n = 0;
  for (const ch of value.slice(0, caret)) if (SIGNIFICANT.test(ch)) n++;
  return n;
}

/** The caret position just after the `count`-th digit or `+`, so the caret follows what was typed. */
export function caretAfterSignificant(value: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < value.length; i++) {
    if (SIGNIFICANT.test(value[i]!) && ++seen === count) return i + 1;
  }
  return value.length;
}

/**
 * When a deletion removed only a formatting character, formatting would put it straight back and
 * the key would seem dead; remove the neighbouring digit instead.
 */
export function deleteThroughFormatting(
  previous: string,
  next: string,
  caret: number,
  forward: boolean,
): { value: string; caret: number } {
  if (next.length >= previous.length || digitsOf(next) !== digitsOf(previous)) return { value: next, caret };
  if (forward) {
    for (let i = caret; i < next.length; i++) {
      if (/\d/.test(next[i]!)) return { value: next.slice(0, i) + next.slice(i + 1), caret };
    }
  } else {
    for (let i = caret - 1; i >= 0; i--) {
      if (/\d/.test(next[i]!)) return { value: next.slice(0, i) + next.slice(i + 1), caret: i };
    }
  }
  return { value: next, caret };
}
