import type { TFunction } from 'i18next';
import type { LedgerEntry, Product } from '@turing/contract';

/** What the server writes on a settled or refunded order: `<productId> × <pieces>` (orders.settle.ts). */
const PURCHASE_NOTE = /^(.+) × (\d+)$/;
/** What the server writes on a generation paid by plan time instead of cubes. */
const TIME_PLAN_NOTE = 'time plan';

/**
 * A ledger note in the reader's language. The server stores machine notes in one form for every
 * reader, so they are recognised by the entry's kind and rewritten; a note in any other kind (an
 * operator's grant text, a redemption code) is the reader's own data and is shown as written.
 */
export function ledgerNote(
  entry: Pick<LedgerEntry, 'kind' | 'note'>,
  products: readonly Pick<Product, 'id' | 'name'>[] | undefined,
  language: string,
  t: TFunction<'billing'>,
): string {
  const note = entry.note.trim();
  if (!note) return t('none');
  if (entry.kind === 'charge' && note === TIME_PLAN_NOTE) return t('ledger.notes.timePlan');
  // A refund takes back what the purchase granted and is noted the same way.
  if (entry.kind === 'purchase' || entry.kind === 'reversal') {
    const match = PURCHASE_NOTE.exec(note);
    if (match) {
      const [, productId, pieces] = match;
      const product = products?.find((p) => p.id === productId);
      // A product no longer on sale is not in the catalogue: its id still says what was bought.
      const name = product ? (language === 'zh' ? product.name.zh : product.name.en) : productId;
      return t('ledger.notes.purchase', { name, pieces: Number(pieces) });
    }
  }
  return entry.note;
}
