import { useTranslation } from 'react-i18next';

const locale = (lang: string) => (lang === 'zh' ? 'zh-CN' : 'en');

/** Short dates for cards and lists: the year only when it is not this one ("Nov 21, 11:42 PM"). */
export function useFormatShortTime() {
  const { i18n } = useTranslation();
  const lang = locale(i18n.language);
  const thisYear = new Intl.DateTimeFormat(lang, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const otherYear = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
  return (iso: string) => {
    const date = new Date(iso);
    return (date.getFullYear() === new Date().getFullYear() ? thisYear : otherYear).format(date);
  };
}

/** Full dates for details, e.g. "Nov 21, 2026, 11:42 PM" or "2026年11月21日 23:42". */
export function useFormatTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(locale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}
