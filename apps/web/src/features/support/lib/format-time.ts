import { useTranslation } from 'react-i18next';

/** Dates in the reader's language, e.g. "Nov 21, 2026, 11:42 PM" or "2026年11月21日 23:42". */
export function useFormatTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => format.format(new Date(iso));
}
