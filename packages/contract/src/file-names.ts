/**
 * The names images are downloaded under, from their title or prompt and the day they were made,
 * e.g. `modern-villa-at-dusk-2026-11-26.png`. Shared so the server's Content-Disposition and the
 * web's `download` attribute agree.
 */

/** Words kept from a title or prompt: enough to recognise the image in a downloads folder. */
const SLUG_MAX_CHARS = 48;

/**
 * A file-name-safe slug: lower case, words joined by hyphens. Letters and digits of any script
 * stay (a Chinese prompt keeps its characters); what file systems or shells trip on goes.
 */
export function fileSlug(text: string): string {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    // Anything that is not a letter, digit or combining mark separates words (this drops / \ : * ? " < > | and controls).
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if ([...next].length > SLUG_MAX_CHARS) {
      // One long run (a Chinese sentence has no spaces) is cut rather than dropped.
      if (!slug) slug = [...word].slice(0, SLUG_MAX_CHARS).join('');
      break;
    }
    slug = next;
  }
  return slug;
}

export interface ImageFileNameInput {
  /** A community work's title, preferred when there is one. */
  title?: string | null;
  prompt?: string | null;
  /** When the image was made (ISO string or Date); its UTC day goes into the name. */
  createdAt: string | Date;
  /** The image's id: its first characters tell apart images without words. */
  id: string;
  ext: string;
}

/** `<slug>-<yyyy-mm-dd>.<ext>`, or `turing-<yyyy-mm-dd>-<short id>.<ext>` when there are no words. */
export function imageFileName(input: ImageFileNameInput): string {
  const day = new Date(input.createdAt).toISOString().slice(0, 10);
  const ext = input.ext.replace(/^\./, '').toLowerCase() || 'png';
  const slug = fileSlug(input.title?.trim() || input.prompt || '');
  const shortId = input.id
    .replace(/[^0-9a-z]/gi, '')
    .slice(0, 8)
    .toLowerCase();
  return slug ? `${slug}-${day}.${ext}` : `turing-${day}-${shortId}.${ext}`;
}

/** The extension of a stored key or URL (`png`, `jpg`, `webp`), png when it has none. */
export function imageExt(keyOrUrl: string): string {
  return /\.(png|jpe?g|webp)(\?|#|$)/i.exec(keyOrUrl)?.[1]?.toLowerCase() ?? 'png';
}

/**
 * Makes every name in a list unique by numbering repeats before the extension
 * (`villa-2026-11-26.png`, `villa-2026-11-26-2.png`), keeping the order.
 */
export function uniqueFileNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem}-${n}${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * A Content-Disposition value for an attachment (RFC 6266): an ASCII `filename` for old clients and
 * the exact UTF-8 name as `filename*` (RFC 8187).
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
