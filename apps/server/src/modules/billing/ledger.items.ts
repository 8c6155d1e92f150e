import { QUALITIES, RENDER_MODES, TASK_MODES, type LedgerItem, type Page, type PageRequest } from '@turing/contract';
import { mapPage } from '../../db/paging.ts';
import type { ProductCatalogue } from './catalogue.service.ts';
import type { LedgerService } from './ledger.service.ts';

/** What a settled or refunded order's ledger row is noted with: `<productId> × <pieces>` (orders.settle.ts). */
const ORDER_NOTE = /^(.+) × (\d+)$/;

type HistoryRow = Awaited<ReturnType<LedgerService['historyPage']>>['items'][number];
type CatalogueEntry = Awaited<ReturnType<ProductCatalogue['adminList']>>[number];

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | null =>
  list.includes(value as T) ? (value as T) : null;

/** The task's summary as the ledger read it; null when the row has none or it is not a known shape. */
function taskOf({ entry, task }: HistoryRow): LedgerItem['task'] {
  if (entry.kind !== 'charge' && entry.kind !== 'refund') return null;
  const mode = oneOf(TASK_MODES, task?.mode);
  if (!task || !mode) return null;
  return {
    mode,
    count: Number(task.count ?? 1),
    quality: oneOf(QUALITIES, task.quality) ?? 'SD',
    renderMode: oneOf(RENDER_MODES, task.renderMode),
    upscale: task.upscale === null ? null : Number(task.upscale),
  };
}

/** The product a purchase or a reversal names, from the catalogue (products off sale included). */
function productOf({ entry }: HistoryRow, catalogue: Map<string, CatalogueEntry>): LedgerItem['product'] {
  if (entry.kind !== 'purchase' && entry.kind !== 'reversal') return null;
  const match = ORDER_NOTE.exec(entry.note.trim());
  const found = match ? catalogue.get(match[1]!) : undefined;
  if (!match || !found) return null;
  return {
    id: found.id,
    kind: found.kind,
    period: found.period,
    name: { en: found.nameEn, zh: found.nameZh },
    pieces: Number(match[2]),
  };
}

/** The user's ledger as they read it: each entry with the task or product it was for. */
export function createLedgerItems(deps: { ledger: LedgerService; catalogue: ProductCatalogue }) {
  const readCatalogue = async () => new Map((await deps.catalogue.adminList()).map((p) => [p.id, p]));

  async function pageWith(
    userId: string,
    page: PageRequest,
    catalogue: () => Promise<Map<string, CatalogueEntry>>,
  ): Promise<Page<LedgerItem>> {
    const rows = await deps.ledger.historyPage(userId, page);
    const products = await catalogue();
    return mapPage(rows, (row) => ({
      id: row.entry.id,
      kind: row.entry.kind as LedgerItem['kind'],
      cubes: row.entry.cubes,
      planSeconds: row.entry.planSeconds,
      note: row.entry.note,
      taskId: row.entry.taskId,
      createdAt: row.entry.createdAt.toISOString(),
      task: taskOf(row),
      product: productOf(row, products),
    }));
  }

  return {
    page: (userId: string, page: PageRequest) => pageWith(userId, page, readCatalogue),
    /**
     * A reader of many pages in a row (the CSV export): the catalogue is read once, with the first
     * page, instead of once a page. Products changed meanwhile are named as they were then.
     */
    reader() {
      let catalogue: Promise<Map<string, CatalogueEntry>> | undefined;
      const once = () => (catalogue ??= readCatalogue());
      return { page: (userId: string, page: PageRequest) => pageWith(userId, page, once) };
    },
  };
}
export type LedgerItems = ReturnType<typeof createLedgerItems>;
