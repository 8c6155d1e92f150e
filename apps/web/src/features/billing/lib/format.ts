import type { Currency } from '@turing/contract';

const intlLocale = (language: string) => (language === 'zh' ? 'zh-CN' : 'en');

/** Minor units (fen, cents) as money in the reader's language: "$4.99", "¥35.00". */
export function formatMoney(minor: number, currency: Currency, language: string) {
  return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency }).format(minor / 100);
}

/** The currency a reader sees first: yuan in Chinese, dollars otherwise. */
export const defaultCurrency = (language: string): Currency => (language === 'zh' ? 'CNY' : 'USD');

/** Seconds split into whole days and the hours left over (rounded up, so "0 h" never hides time left). */
export function splitDuration(seconds: number) {
  const hoursTotal = Math.ceil(Math.max(0, seconds) / 3600);
  return { days: Math.floor(hoursTotal / 24), hours: hoursTotal % 24 };
}

export function formatDateTime(iso: string, language: string) {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** Seconds left as a clock, "4:05" or "1:04:05", the same in both languages. */
export function formatCountdown(seconds: number) {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const [h, m, rest] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return h ? `${h}:${pad(m)}:${pad(rest)}` : `${m}:${pad(rest)}`;
}
