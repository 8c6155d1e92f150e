import type { TFunction } from 'i18next';

const KNOWN = new Set([400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505]);

/** The spec's HTTP error catalogue: every status gets its message plus the network hint. */
export function httpErrorMessage(status: number, t: TFunction): string {
  const message = KNOWN.has(status) ? t(`common:http.${status}`) : t('common:http.other', { status });
  return t('common:http.withHint', { message });
}

export function networkErrorMessage(t: TFunction): string {
  return t('common:http.network');
}
