import { finished, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { boardFileKind, boardFileName, type BoardExport } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import type { BoardImageAccess } from './board.repository.ts';
import { createExportGate, type ExportGate } from './board-gate.ts';
import { planBoard, type MeasureText } from './layout/board-plan.ts';
import { boardFonts, type BoardFonts } from './render/board-fonts.ts';
import { renderPdf } from './render/board-pdf.ts';
import { renderPngPage, renderPngZip } from './render/board-png.ts';
import { cellPicture, type BoardSource } from './render/cell-image.ts';

/** A download that has not finished in this time is cut off, so a stalled reader cannot hold the renderer. */
const EXPORT_DEADLINE_MS = 10 * 60_000;

export interface BoardFile {
  /** The download's name, from the title and the day. */
  name: string;
  contentType: string;
  pages: number;
  /** The file, drawn as it is read. */
  stream: Readable;
}

export interface BoardServiceDeps {
  access: BoardImageAccess;
  storage: ObjectStorage;
  log: FastifyBaseLogger;
  gate?: ExportGate;
  now?: () => Date;
  fonts?: () => Promise<BoardFonts>;
}

/** `YYYY-MM-DD` of an instant in a time zone. */
const dayIn = (at: Date, timeZone = 'UTC') =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** Presentation boards: the caller's images laid out and exported as a PDF or PNG. */
export function createBoardService(deps: BoardServiceDeps) {
  const gate = deps.gate ?? createExportGate();
  const now = deps.now ?? (() => new Date());
  const fonts = deps.fonts ?? boardFonts;

  /** Draws the board; resolves once its stream is ready (a one-page PNG has its image ready by then). */
  async function render(userId: string, body: BoardExport, sources: Map<string, BoardSource>) {
    const loaded = await fonts();
    const at = now();
    const items = body.images.map((image) => ({
      ...sources.get(image.imageId)!,
      caption: image.caption,
      group: image.group,
    }));
    const measure: MeasureText = (weight, text, size) => loaded[weight].measure(text, size);
    const plans = planBoard({ ...body, items }, measure, at);
    const day = dayIn(at, body.timeZone);
    const kind = boardFileKind(body.format, plans.length);
    const onError = (err: unknown) => deps.log.error({ err, userId }, 'board export broke off');
    const common = { dpi: body.dpi, fonts: loaded, onError };
    let stream: Readable;
    if (body.format === 'pdf') {
      stream = renderPdf(plans, {
        ...common,
        title: body.title,
        lang: body.lang,
        picture: (item, pixels) => cellPicture(deps.storage, item, pixels, 'jpeg'),
      });
    } else {
      const png = {
        ...common,
        picture: (item: BoardSource, pixels: { width: number; height: number }) =>
          cellPicture(deps.storage, item, pixels, 'png'),
      };
      stream =
        plans.length === 1
          ? await renderPngPage(plans[0]!, png)
          : renderPngZip(
              plans,
              plans.map((plan) => boardFileName({ title: body.title, day, ext: 'png', page: plan.number })),
              at,
              png,
            );
    }
    return {
      name: boardFileName({ title: body.title, day, ext: kind.ext }),
      contentType: kind.contentType,
      pages: plans.length,
      stream,
    };
  }

  return {
    /**
     * A board of the user's images as a file. Every image is checked before anything is drawn: one
     * the user may not use refuses the whole board (IMAGE_NOT_FOUND, as for an image that does not
     * exist). Exports then wait their turn at the gate, and hold it until the file has been read
     * (or the reader has gone).
     */
    async export(userId: string, body: BoardExport): Promise<BoardFile> {
      const ids = [...new Set(body.images.map((image) => image.imageId))];
      const sources = new Map((await deps.access(userId, ids)).map((source) => [source.id, source]));
      if (ids.some((id) => !sources.has(id))) throw new AppError('IMAGE_NOT_FOUND');
      const release = await gate.acquire(userId);
      try {
        const file = await render(userId, body, sources);
        const deadline = setTimeout(
          () => file.stream.destroy(new Error('board export deadline passed')),
          EXPORT_DEADLINE_MS,
        );
        deadline.unref();
        finished(file.stream, { writable: false }, () => {
          clearTimeout(deadline);
          release();
        });
        return file;
      } catch (err) {
        release();
        throw err;
      }
    },
    /** Exports drawing and waiting in this process. */
    load: () => gate.load(),
  };
}
export type BoardService = ReturnType<typeof createBoardService>;
