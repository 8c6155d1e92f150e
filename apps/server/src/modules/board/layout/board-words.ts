import type { Locale } from '@turing/contract';

/** The product's name in the footer of every page. */
const BRAND = 'Turing Design';

/**
 * The board's own words in its language: they are printed, so they are set here rather than in the
 * web's locale files (the caller only says which language).
 */
export function boardWords(lang: Locale, timeZone = 'UTC') {
  const date = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'long', timeZone });
  return {
    brand: BRAND,
    /** e.g. "27 November 2026", "2026年11月27日". */
    date: (at: Date) => date.format(at),
    page: (n: number, total: number) => (lang === 'zh' ? `第 ${n} / ${total} 页` : `Page ${n} / ${total}`),
    /** An image's number on the board: 01, 02… */
    number: (n: number) => String(n).padStart(2, '0'),
    /** Between the subtitle and the view names, and between view names. */
    separator: ' · ',
  };
}
