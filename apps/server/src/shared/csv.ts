/** Quoted when needed; text a spreadsheet would run as a formula is kept as text. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A whole CSV file: UTF-8 with a byte-order mark (without it Excel reads the file in the local
 * code page and garbles Chinese), CRLF line ends.
 */
export const csvFile = (header: readonly string[], rows: readonly (readonly (string | number | null)[])[]) =>
  `\uFEFF${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
