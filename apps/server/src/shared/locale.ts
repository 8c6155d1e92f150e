import type { Locale } from '@turing/contract';

/** Picks the caller's language from Accept-Language (the web client sends its LOCALE there). */
export function localeFrom(header: string | undefined): Locale {
  if (!header) return 'en';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh' : 'en';
}
