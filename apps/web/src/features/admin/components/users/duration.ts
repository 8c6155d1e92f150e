import type { TFunction } from 'i18next';

/** Plan time as days and hours, signed when asked (a ledger row adds or takes it). */
export function planTime(seconds: number, t: TFunction<'admin-users'>, signed = false) {
  const abs = Math.abs(seconds);
  const sign = signed ? (seconds < 0 ? '−' : '+') : '';
  return t('users.ledger.planTime', { sign, days: Math.floor(abs / 86_400), hours: Math.round((abs % 86_400) / 3600) });
}
