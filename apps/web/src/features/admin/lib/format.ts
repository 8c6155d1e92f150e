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

/** A day a date picker gives (any date library's value that can say which day it is). */
export type PickedDay = { toDate(): Date } | null;

/** Local midnight of the picked day, `after` days later: a period is whole days in the operator's zone. */
export const midnight = (day: PickedDay, after = 0) => {
  if (!day) return undefined;
  const d = day.toDate();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + after).toISOString();
};
