import type { TFunction } from 'i18next';
import type { LedgerItem } from '@turing/contract';

type Task = NonNullable<LedgerItem['task']>;
type Product = NonNullable<LedgerItem['product']>;

/** What the server notes on a generation paid by plan time instead of cubes. */
const TIME_PLAN_NOTE = 'time plan';

/** "Text to image · 4 images · HD", "Upscale · 2×": a generation as the studio names it. */
function taskWords(task: Task, t: TFunction<'billing'>): string[] {
  if (task.mode === 'upscale')
    return [
      t('ledger.words.modes.upscale'),
      ...(task.upscale ? [t('ledger.words.upscale', { factor: task.upscale })] : []),
    ];
  const mode = task.mode === 'iterate' && task.renderMode ? task.renderMode : task.mode;
  return [t(`ledger.words.modes.${mode}`), t('ledger.words.images', { count: task.count }), task.quality];
}

/** "Plan: Monthly", "Cube pack: 600 cubes × 2": the product in the reader's language. */
function productWords(product: Product, language: string, t: TFunction<'billing'>): string {
  const name =
    product.kind === 'plan' && product.period
      ? t('ledger.words.plan', { period: t(`ledger.words.periods.${product.period}`) })
      : t('ledger.words.pack', { name: language === 'zh' ? product.name.zh : product.name.en });
  return product.pieces > 1 ? t('ledger.words.pieces', { name, pieces: product.pieces }) : name;
}

/**
 * What a ledger row was for, in the reader's language, beside its type: the generation or product
 * the server names, the code redeemed, an operator's own note as written, or a dash when the type
 * says it all (a welcome gift, an invitation bonus). The CSV export says the same in its Details
 * column (server: modules/billing/ledger.words.ts).
 */
export function ledgerDetails(
  entry: Pick<LedgerItem, 'kind' | 'note' | 'task' | 'product'>,
  language: string,
  t: TFunction<'billing'>,
): string {
  const note = entry.note.trim();
  switch (entry.kind) {
    case 'charge':
    case 'refund': {
      const coveredByPlan = entry.kind === 'charge' && note === TIME_PLAN_NOTE;
      const parts = entry.task ? taskWords(entry.task, t) : [];
      if (coveredByPlan) parts.push(t('ledger.words.timePlan'));
      return parts.length ? parts.join(' · ') : t('none');
    }
    case 'purchase':
    case 'reversal':
      // A product the catalogue no longer has: its note still says what was bought.
      return entry.product ? productWords(entry.product, language, t) : note || t('none');
    case 'redemption':
      return note ? t('ledger.words.redeemed', { code: note }) : t('none');
    case 'grant':
    case 'plan':
      return note || t('none');
    default:
      return t('none');
  }
}
