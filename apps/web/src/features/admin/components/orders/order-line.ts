import type { AdminOrder } from '@turing/contract';
import type { TFunction } from 'i18next';

/** The product in the reader's language, with the number of pieces when more than one. */
export function orderLine(t: TFunction, o: Pick<AdminOrder, 'name' | 'pieces'>, language: string) {
  const name = language === 'zh' ? o.name.zh : o.name.en;
  return o.pieces > 1 ? t('orders.pieces', { name, count: o.pieces }) : name;
}
