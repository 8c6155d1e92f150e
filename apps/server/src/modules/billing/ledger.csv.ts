import { csvField } from '../../shared/csv.ts';
import type { LedgerItems } from './ledger.items.ts';
import { ledgerDetails, ledgerHeader, ledgerKindName } from './ledger.words.ts';

const PAGE = 100;

/**
 * The user's whole ledger as CSV, newest first, produced page by page, in the reader's language:
 * each row's type and what it was for in words. The last column keeps the kind's stable code for
 * a spreadsheet's filters and scripts, whatever the language. UTF-8 with a byte-order mark:
 * without it Excel reads the file in the local code page and garbles Chinese notes.
 */
export async function* ledgerCsv(items: LedgerItems, userId: string, locale: 'en' | 'zh') {
  yield `\uFEFF${ledgerHeader(locale).map(csvField).join(',')}\r\n`;
  const reader = items.reader();
  let cursor: string | undefined;
  do {
    const page = await reader.page(userId, { cursor, limit: PAGE });
    yield page.items
      .map((item) =>
        [
          item.createdAt,
          ledgerKindName(item.kind, locale),
          ledgerDetails(item, locale),
          item.cubes,
          Math.round((item.planSeconds / 86_400) * 100) / 100,
          item.kind,
        ]
          .map(csvField)
          .join(','),
      )
      .map((line) => `${line}\r\n`)
      .join('');
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
