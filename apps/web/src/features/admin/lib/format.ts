/** A moment as the console shows it: date and time in the operator's language and time zone. */
export const formatTime = (iso: string, locale: string) =>
  new Date(iso).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

/** An amount in minor units (fen, cents) with its currency. */
export const formatMoney = (minor: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(minor / 100);
