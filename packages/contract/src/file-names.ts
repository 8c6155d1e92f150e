/**
 * The names images are downloaded under, from their title or prompt and the day they were made,
 * e.g. `modern-villa-at-dusk-2026-11-26.png`; the images of a batch are numbered
 * (`…-2026-11-26-2.png`) and an upscale or an edit carries its source's name
 * (`…-2026-11-26-2-upscaled-x4.png`). Shared so the server's Content-Disposition and the web's
 * `download` attribute agree.
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
  /** Where the image stands among its task's results (0 for the first). */
  index?: number | null;
  /** How many images its task made: the images of a batch are numbered from 1 (`villa-2026-11-26-2.png`). */
  count?: number | null;
  /**
   * An image made from another one (an upscale, a partial edit): the source's own name without its
   * extension (`imageFileStem`), which this image carries with `step` after it. Null when the source
   * has no words to carry (an uploaded photo): then the image is named by its own.
   */
  source?: string | null;
  /** What was done to the source, said in the name: see `imageStep`. */
  step?: string | null;
}

/** What an upscale or a partial edit did to its source, as a name says it: `upscaled-x4`, `edited`. */
export function imageStep(mode: string | null | undefined, upscale?: unknown): string | null {
  if (mode === 'upscale') return `upscaled-x${Number.isInteger(upscale) && (upscale as number) > 1 ? upscale : 2}`;
  if (mode === 'edit') return 'edited';
  return null;
}

const dayOf = (createdAt: string | Date) => new Date(createdAt).toISOString().slice(0, 10);

/** `-2` for the second image of a batch; nothing for a task's only image. */
const batchNumber = (input: Pick<ImageFileNameInput, 'index' | 'count'>) =>
  (input.count ?? 0) > 1 && Number.isInteger(input.index) && input.index! >= 0 ? `-${input.index! + 1}` : '';

/**
 * An image's name without its extension, from words: its own title (`lake-pavilion-2026-11-26`, the
 * title names this very image, so nothing is added), else the source's name it was made from with
 * the step (`modern-villa-2026-11-26-2-upscaled-x4`), else its prompt and day, with the step and the
 * number in its batch. Null when there are no words (the name then falls back to the id).
 */
export function imageFileStem(input: Omit<ImageFileNameInput, 'ext'>): string | null {
  const title = fileSlug(input.title?.trim() ?? '');
  if (title) return `${title}-${dayOf(input.createdAt)}`;
  const step = input.step ? `-${input.step}` : '';
  const number = batchNumber(input);
  if (input.source && step) return `${input.source}${step}${number}`;
  const slug = fileSlug(input.prompt ?? '');
  return slug ? `${slug}-${dayOf(input.createdAt)}${step}${number}` : null;
}

/**
 * `<slug>-<yyyy-mm-dd>.<ext>` (numbered in a batch, carrying the source's name after an upscale or
 * an edit: see `imageFileStem`), or `turing-<yyyy-mm-dd>-<short id>.<ext>` when there are no words.
 */
export function imageFileName(input: ImageFileNameInput): string {
  const ext = input.ext.replace(/^\./, '').toLowerCase() || 'png';
  const stem = imageFileStem(input);
  if (stem) return `${stem}.${ext}`;
  const shortId = input.id
    .replace(/[^0-9a-z]/gi, '')
    .slice(0, 8)
    .toLowerCase();
  const step = input.step ? `-${input.step}` : '';
  return `turing-${dayOf(input.createdAt)}-${shortId}${step}${batchNumber(input)}.${ext}`;
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
