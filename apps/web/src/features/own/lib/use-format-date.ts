import { useTranslation } from 'react-i18next';

/** A day in the reader's language, e.g. "Mar 1, 2026" or "2026年3月1日". */
export function useFormatDate() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'medium' });
  return (iso: string) => format.format(new Date(iso));
}

/** Counts in the reader's language (1,234 or 1,234; large ones as 1.2K or 1.2万). */
export function useFormatCount() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', {
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  return (n: number) => format.format(n);
}
