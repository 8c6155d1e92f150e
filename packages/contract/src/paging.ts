import { z } from 'zod';

/**
 * Keyset paging, one shape for every list: the client sends back the `nextCursor` it was given
 * (opaque to it) and gets the items after it. Unlike page numbers, items created or moved to the
 * top between two loads neither repeat nor push others onto the next page.
 */
export const PAGE_LIMIT = { min: 1, max: 100, default: 20 } as const;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// Hand-rolled because the contract also runs in the browser and has neither Buffer nor a DOM lib;
// cursors are short ASCII, so a byte is a character.
function toBase64url(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 3) {
    const [a, b, c] = [text.charCodeAt(i), text.charCodeAt(i + 1), text.charCodeAt(i + 2)];
    const n = (a << 16) | ((b || 0) << 8) | (c || 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    if (i + 1 < text.length) out += ALPHABET[(n >> 6) & 63]!;
    if (i + 2 < text.length) out += ALPHABET[n & 63]!;
  }
  return out;
}

function fromBase64url(code: string): string | null {
  if (!/^[\w-]*$/.test(code) || code.length % 4 === 1) return null;
  let out = '';
  for (let i = 0; i < code.length; i += 4) {
    const digits = [...code.slice(i, i + 4)].map((ch) => ALPHABET.indexOf(ch));
    const n = digits.reduce((acc, d, k) => acc | (d << (18 - 6 * k)), 0);
    out += String.fromCharCode((n >> 16) & 255);
    if (digits.length > 2) out += String.fromCharCode((n >> 8) & 255);
    if (digits.length > 3) out += String.fromCharCode(n & 255);
  }
  return out;
}

/** Where a page ends: the sort key (as text) and id of its last item. */
export interface CursorPosition {
  sort: string;
  id: string;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(position: CursorPosition): string {
  const text = JSON.stringify([position.sort, position.id]);
  if (!PRINTABLE_ASCII.test(text)) throw new Error('cursor keys must be printable ASCII');
  return toBase64url(text);
}

/** The position a cursor names, or null when it is not one this API made. */
export function decodeCursor(cursor: string): CursorPosition | null {
  const text = fromBase64url(cursor);
  if (text === null || !PRINTABLE_ASCII.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [sort, id] = value as unknown[];
  // Long enough for a name the list is sorted by (the projects' name order carries it in UTF-8 base64).
  if (typeof sort !== 'string' || sort.length === 0 || sort.length > 400) return null;
  if (typeof id !== 'string' || !UUID.test(id)) return null;
  return { sort, id };
}

export const cursorField = z
  .string({ error: 'CURSOR_INVALID' })
  .max(600, { error: 'CURSOR_INVALID', abort: true })
  .refine((value) => decodeCursor(value) !== null, 'CURSOR_INVALID');

/** Query fields of every paged list; extend a list's own query with `pageQuery.shape`. */
export const pageQuery = z.object({
  cursor: cursorField.optional(),
  limit: z.coerce
    .number({ error: 'PAGE_LIMIT' })
    .int('PAGE_LIMIT')
    .min(PAGE_LIMIT.min, 'PAGE_LIMIT')
    .max(PAGE_LIMIT.max, 'PAGE_LIMIT')
    .default(PAGE_LIMIT.default),
});
export type PageRequest = z.output<typeof pageQuery>;

/** One page of a list: `nextCursor` is null on the last page. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
