import { useTranslation } from 'react-i18next';

/** A date and time in the reader's language: "Nov 27, 2026, 10:00 AM", "2026年11月27日 10:00". */
export function useFormatTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => format.format(new Date(iso));
}
