import { z } from 'zod';
import { textField } from './fields.ts';
import { fileSlug } from './file-names.ts';

/**
 * Presentation boards: the caller's images laid out on A3–A1 pages with the project's name, view
 * names and captions, exported as a PDF or PNG. The settings and the page maths the web's preview
 * shows live here, so the form and the file agree.
 */

export const BOARD_FORMATS = ['pdf', 'png'] as const;
export type BoardFormat = (typeof BOARD_FORMATS)[number];
export const BOARD_PAPERS = ['A3', 'A2', 'A1'] as const;
export type BoardPaper = (typeof BOARD_PAPERS)[number];
export const BOARD_ORIENTATIONS = ['landscape', 'portrait'] as const;
export type BoardOrientation = (typeof BOARD_ORIENTATIONS)[number];
export const BOARD_DPIS = [150, 300] as const;
export type BoardDpi = (typeof BOARD_DPIS)[number];
/** Images on one page. */
export const BOARD_LAYOUTS = [1, 2, 4, 6] as const;
export type BoardLayout = (typeof BOARD_LAYOUTS)[number];
export const BOARD_LANGS = ['en', 'zh'] as const;

/** Images one export takes (four full pages of six); more pages than the layout holds follow on. */
export const BOARD_IMAGES_MAX = 24;
export const BOARD_TITLE_MAX = 80;
export const BOARD_SUBTITLE_MAX = 120;
export const BOARD_CAPTION_MAX = 140;
export const BOARD_GROUP_MAX = 60;

/** ISO 216 sizes in millimetres, short side first. */
export const BOARD_PAPER_MM: Record<BoardPaper, readonly [number, number]> = {
  A3: [297, 420],
  A2: [420, 594],
  A1: [594, 841],
};

const MM_PER_INCH = 25.4;

/** The page in PDF points (1/72 inch), as a PDF reader reports it. */
export function boardPagePoints(paper: BoardPaper, orientation: BoardOrientation) {
  const [short, long] = BOARD_PAPER_MM[paper].map((mm) => (mm / MM_PER_INCH) * 72) as [number, number];
  return orientation === 'landscape' ? { width: long, height: short } : { width: short, height: long };
}

/** The page in pixels at a resolution: A1 landscape at 300 DPI is 9933 × 7016. */
export function boardPagePixels(paper: BoardPaper, orientation: BoardOrientation, dpi: BoardDpi) {
  const [short, long] = BOARD_PAPER_MM[paper].map((mm) => Math.round((mm / MM_PER_INCH) * dpi)) as [number, number];
  return orientation === 'landscape' ? { width: long, height: short } : { width: short, height: long };
}

/** Columns and rows of a layout: pairs and sixes follow the page's long side. */
export function boardGrid(layout: BoardLayout, orientation: BoardOrientation) {
  const landscape = orientation === 'landscape';
  switch (layout) {
    case 1:
      return { cols: 1, rows: 1 };
    case 2:
      return landscape ? { cols: 2, rows: 1 } : { cols: 1, rows: 2 };
    case 4:
      return { cols: 2, rows: 2 };
    case 6:
      return landscape ? { cols: 3, rows: 2 } : { cols: 2, rows: 3 };
  }
}

/** Pages a board of `images` takes. */
export const boardPageCount = (images: number, layout: BoardLayout) => Math.max(1, Math.ceil(images / layout));

/** What the download is: one PDF, one PNG, or a ZIP of the pages' PNGs. */
export function boardFileKind(format: BoardFormat, pages: number) {
  if (format === 'pdf') return { ext: 'pdf', contentType: 'application/pdf' } as const;
  return pages > 1
    ? ({ ext: 'zip', contentType: 'application/zip' } as const)
    : ({ ext: 'png', contentType: 'image/png' } as const);
}

/**
 * The name a board downloads under, from its title and day, e.g. `lake-pavilion-2026-11-27.pdf`;
 * a page inside a ZIP adds its number (`…-p02.png`). A title without letters or digits gives `board-…`.
 */
export function boardFileName(input: { title: string; day: string; ext: string; page?: number }) {
  const stem = `${fileSlug(input.title) || 'board'}-${input.day}`;
  return input.page === undefined
    ? `${stem}.${input.ext}`
    : `${stem}-p${String(input.page).padStart(2, '0')}.${input.ext}`;
}

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const title = textField(BOARD_TITLE_MAX, 'BOARD_TITLE_REQUIRED').pipe(z.string().min(1, 'BOARD_TITLE_REQUIRED'));
const subtitle = textField(BOARD_SUBTITLE_MAX);
const caption = textField(BOARD_CAPTION_MAX);
const group = textField(BOARD_GROUP_MAX);
/** The field rules, for the web's export form. */
export const boardFields = { title, subtitle, caption, group };

export const boardImage = z
  .object({
    /** One of the caller's images (an upload or a result they own). */
    imageId: z.uuid('IMAGE_NOT_FOUND'),
    caption: caption.optional(),
    /** The view it shows (e.g. "Living room"): named under the image and in the page's header. */
    group: group.optional(),
  })
  .strict();
export type BoardImage = z.input<typeof boardImage>;

/** What an export takes; the answer is the file itself. */
export const boardExportBody = z
  .object({
    /** The project's name, the board's headline. */
    title,
    subtitle: subtitle.optional(),
    format: z.enum(BOARD_FORMATS, 'VALIDATION'),
    paper: z.enum(BOARD_PAPERS, 'VALIDATION'),
    orientation: z.enum(BOARD_ORIENTATIONS, 'VALIDATION'),
    dpi: z.literal(BOARD_DPIS, 'VALIDATION'),
    layout: z.literal(BOARD_LAYOUTS, 'VALIDATION'),
    /** The language of the board's own words (date, page numbers). */
    lang: z.enum(BOARD_LANGS, 'VALIDATION'),
    /** The caller's time zone (IANA), for the date printed on the board; UTC without it. */
    timeZone: z.string().max(64, 'VALIDATION').refine(isTimeZone, 'VALIDATION').optional(),
    images: z
      .array(boardImage, 'BOARD_IMAGES_REQUIRED')
      .min(1, 'BOARD_IMAGES_REQUIRED')
      .max(BOARD_IMAGES_MAX, 'BOARD_IMAGES_REQUIRED'),
  })
  .strict();
export type BoardExportBody = z.input<typeof boardExportBody>;
export type BoardExport = z.output<typeof boardExportBody>;
