import { ERRORS, type Locale } from '@turing/contract';

/** The contract's error messages as an i18next namespace ({seconds} becomes {{seconds}}). */
export function errorMessages(lang: Locale): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ERRORS).map(([code, def]) => [code, def[lang].replace(/\{(\w+)\}/g, '{{$1}}')]),
  );
}
