import { useTranslation } from 'react-i18next';

const locale = (lang: string) => (lang === 'zh' ? 'zh-CN' : 'en');

/** Dates in the reader's language, e.g. "Nov 21, 2026, 11:42 PM" or "2026年11月21日 23:42". */
export function useFormatTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(locale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

/** Sizes as a designer reads them: KB below a megabyte, MB above, one decimal at most. */
export function formatBytes(bytes: number, lang: string) {
  const number = new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 1 });
  const mb = 1024 * 1024;
  if (bytes >= mb) return `${number.format(bytes / mb)} MB`;
  return `${number.format(Math.max(bytes, 0) / 1024)} KB`;
}

/** A name for a downloaded image that keeps its format. */
export function downloadName(url: string, id: string) {
  const ext = /\.(png|jpe?g|webp)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? 'png';
  return `turing-${id.slice(0, 8)}.${ext}`;
}
