import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { Locale } from '@turing/contract';
import { pixelsFor } from '../layout/board-layout.ts';
import { INK, type BoardItem, type PagePlan } from '../layout/board-plan.ts';
import type { BoardFonts } from './board-fonts.ts';
import type { CellPicture } from './cell-image.ts';

/** Bytes of PDF the renderer may run ahead of the reader before it waits. */
const AHEAD_BYTES = 4 * 1024 * 1024;

export interface PdfOptions<T extends BoardItem> {
  title: string;
  lang: Locale;
  dpi: number;
  fonts: BoardFonts;
  /** One image resized for `pixels`, fetched when its turn comes. */
  picture(item: T, pixels: { width: number; height: number }): Promise<CellPicture>;
  /** Told when rendering failed after the first byte (the download then breaks off). */
  onError(err: unknown): void;
}

/**
 * The board as a PDF, streamed: PDFKit writes each image into the file as soon as it is placed, and
 * the next image is fetched only once the reader has taken most of what came before. Memory stays
 * at about one image whatever the page count. Fonts are embedded at the end as subsets of the
 * glyphs the board used.
 */
export function renderPdf<T extends BoardItem>(plans: PagePlan<T>[], opts: PdfOptions<T>): Readable {
  // The reader pulls from `out`; each pull (and the reader leaving) wakes a renderer that ran ahead.
  let wake: (() => void) | null = null;
  const pulled = () => {
    wake?.();
    wake = null;
  };
  const out = new Readable({ highWaterMark: 1024 * 1024, read: pulled });
  out.on('close', pulled);
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    pdfVersion: '1.7',
    lang: opts.lang === 'zh' ? 'zh-CN' : 'en',
    displayTitle: true,
    info: { Title: opts.title, Creator: 'Turing Design', Producer: 'Turing Design' },
  });
  doc.registerFont('regular', opts.fonts.regular.data);
  doc.registerFont('medium', opts.fonts.medium.data);
  doc.on('data', (chunk: Buffer) => {
    if (!out.destroyed) out.push(chunk);
  });
  doc.on('end', () => {
    if (!out.destroyed) out.push(null);
  });
  /** Resolves once what is written but not yet read is under AHEAD_BYTES, or the reader has gone. */
  const room = async () => {
    while (!out.destroyed && doc.readableLength + out.readableLength >= AHEAD_BYTES) {
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };

  const draw = async () => {
    for (const plan of plans) {
      doc.addPage({ size: [plan.width, plan.height], margin: 0 });
      for (const { item, rect } of plan.images) {
        // The reader left (a closed tab, a cancelled download): stop fetching and resizing.
        if (out.destroyed) return;
        const picture = await opts.picture(item, pixelsFor(rect, opts.dpi));
        doc.image(picture.data, rect.x, rect.y, { width: rect.width, height: rect.height });
        await room();
      }
      doc.lineWidth(plan.ruleWidth).strokeColor(INK.rule);
      for (const rule of plan.rules)
        doc
          .moveTo(rule.x, rule.y)
          .lineTo(rule.x + rule.width, rule.y)
          .stroke();
      for (const text of plan.texts) {
        doc.font(text.weight).fontSize(text.size).fillColor(text.color).text(text.text, text.x, text.y, {
          lineBreak: false,
        });
      }
    }
    doc.end();
  };
  draw().catch((err: unknown) => {
    opts.onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
