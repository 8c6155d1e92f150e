import { csvField } from '../../shared/csv.ts';
import type { LedgerService } from './ledger.service.ts';

const HEADERS = {
  en: ['time', 'kind', 'cubes', 'plan seconds', 'plan days', 'note'],
  zh: ['时间', '类型', '魔方', '套餐秒数', '套餐天数', '备注'],
};

const PAGE = 100;

/**
 * The user's whole ledger as CSV, newest first, produced page by page. UTF-8 with a byte-order
 * mark: without it Excel reads the file in the local code page and garbles Chinese notes.
 */
export async function* ledgerCsv(ledger: LedgerService, userId: string, locale: 'en' | 'zh') {
  yield `\uFEFF${HEADERS[locale].map(csvField).join(',')}\r\n`;
  let cursor: string | undefined;
  do {
    const page = await ledger.historyPage(userId, { cursor, limit: PAGE });
    yield page.items
      .map(({ entry }) =>
        [
          entry.createdAt.toISOString(),
          entry.kind,
          entry.cubes,
          entry.planSeconds,
          Math.round((entry.planSeconds / 86_400) * 100) / 100,
          entry.note,
        ]
          .map(csvField)
          .join(','),
      )
      .map((line) => `${line}\r\n`)
      .join('');
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
