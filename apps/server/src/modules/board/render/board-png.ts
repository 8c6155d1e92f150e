import type { Readable } from 'node:stream';
import sharp, { type OverlayOptions } from 'sharp';
import yazl from 'yazl';
import { INK, type BoardItem, type PagePlan } from '../layout/board-plan.ts';
import type { BoardFonts } from './board-fonts.ts';
import type { CellPicture } from './cell-image.ts';

export interface PngOptions<T extends BoardItem> {
  dpi: number;
  fonts: BoardFonts;
  /** One image resized to exactly `pixels`, fetched when its turn comes. */
  picture(item: T, pixels: { width: number; height: number }): Promise<CellPicture>;
  onError(err: unknown): void;
}

/** Room under a line's baseline for descenders, as a share of the type size. */
const LINE_BOX = 1.5;

/** One line of text as an SVG of its outlines (drawn by sharp without any installed font). */
function textOverlay(fonts: BoardFonts, text: PagePlan<BoardItem>['texts'][number], scale: number): OverlayOptions {
  const font = fonts[text.weight];
  const size = text.size * scale;
  const left = Math.floor(text.x * scale);
  const top = Math.floor(text.y * scale);
  const width = Math.ceil(font.measure(text.text, size) + size) + 2;
  const height = Math.ceil(size * LINE_BOX) + 2;
  const paths = font.outline(text.text, size, text.x * scale - left, text.y * scale - top);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g fill="${text.color}">${paths}</g></svg>`;
  return { input: Buffer.from(svg), left, top };
}

/**
 * One page as a PNG stream at the board's resolution (A1 at 300 DPI is 9933 × 7016 pixels). The
 * images are made ready one after another and kept compressed; libvips then composes the page in
 * strips as the PNG encoder asks for them, so the page itself is never held whole in memory.
 */
export async function renderPngPage<T extends BoardItem>(plan: PagePlan<T>, opts: PngOptions<T>): Promise<Readable> {
  const scale = opts.dpi / 72;
  const width = Math.round(plan.width * scale);
  const height = Math.round(plan.height * scale);
  const overlays: OverlayOptions[] = [];
  for (const { item, rect } of plan.images) {
    const left = Math.round(rect.x * scale);
    const top = Math.round(rect.y * scale);
    const pixels = {
      width: Math.max(1, Math.min(width - left, Math.round(rect.width * scale))),
      height: Math.max(1, Math.min(height - top, Math.round(rect.height * scale))),
    };
    const picture = await opts.picture(item, pixels);
    overlays.push({ input: picture.data, left, top });
  }
  const thickness = Math.max(1, Math.round(plan.ruleWidth * scale));
  for (const rule of plan.rules) {
    overlays.push({
      input: {
        create: { width: Math.round(rule.width * scale), height: thickness, channels: 3, background: INK.rule },
      },
      left: Math.round(rule.x * scale),
      top: Math.round(rule.y * scale - thickness / 2),
    });
  }
  for (const text of plan.texts) overlays.push(textOverlay(opts.fonts, text, scale));
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite(overlays)
    .png({ compressionLevel: 6 });
}

/**
 * A board of several pages as a ZIP of page PNGs, streamed: each page is drawn only when the ZIP
 * reaches it, so one page is in the works at a time. PNGs are stored, not compressed again.
 */
export function renderPngZip<T extends BoardItem>(
  plans: PagePlan<T>[],
  names: string[],
  at: Date,
  opts: PngOptions<T>,
): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (err: Error) => {
    opts.onError(err);
    output.destroy(err);
  });
  plans.forEach((plan, i) => {
    zip.addReadStreamLazy(names[i]!, { compress: false, mtime: at, mode: 0o100644 }, (cb) => {
      const fail = (err: unknown) => cb(err as Error, undefined as unknown as NodeJS.ReadableStream);
      // The reader left: draw no more pages.
      if (output.destroyed) return fail(new Error('board download closed'));
      renderPngPage(plan, opts).then((page) => cb(null, page), fail);
    });
  });
  zip.end();
  return output;
}
