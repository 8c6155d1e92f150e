type Cell = string | number | null | undefined;

/** Quoted when needed; text a spreadsheet would run as a formula is kept as text. */
function csvField(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A CSV file as the server's exports make them: a byte-order mark (Excel reads Chinese right only
 * with it) and CRLF line ends.
 */
export const csvText = (header: readonly string[], rows: readonly (readonly Cell[])[]) =>
  `\uFEFF${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;

/** Hands text built in the page to the browser as a downloaded file. */
export function saveText(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name made of a batch name (already letters, digits, dots, dashes and underscores). */
export const codesFileName = (batch?: string) => `codes-${batch ?? new Date().toISOString().slice(0, 10)}.csv`;
