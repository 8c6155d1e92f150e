import { describe, expect, it } from 'vitest';
import {
  BOARD_LAYOUTS,
  BOARD_ORIENTATIONS,
  BOARD_PAPERS,
  boardFileKind,
  boardFileName,
  boardGrid,
  boardPageCount,
  boardPagePixels,
  boardPagePoints,
  type BoardLayout,
} from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';
import { createExportGate } from './board-gate.ts';
import { boardFrame, paginate, pixelsFor, placeInCell, type Rect } from './layout/board-layout.ts';
import { planBoard, type MeasureText } from './layout/board-plan.ts';
import { breakUnits, ellipsize, wrapLines } from './layout/text-lines.ts';

// A monospaced stand-in for the font: Latin half an em, CJK a whole one.
const width = (text: string, size = 10) =>
  [...text].reduce((sum, c) => sum + (/[\u3000-\u9fff\uff00-\uffef]/.test(c) ? size : size / 2), 0);
const measure: MeasureText = (_weight, text, size) => width(text, size);

const inside = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x - 1e-6 &&
  inner.y >= outer.y - 1e-6 &&
  inner.x + inner.width <= outer.x + outer.width + 1e-6 &&
  inner.y + inner.height <= outer.y + outer.height + 1e-6;

describe('paper and pixels', () => {
  it('gives ISO sizes in points and pixels: A1 landscape at 300 DPI is 9933 × 7016', () => {
    expect(boardPagePixels('A1', 'landscape', 300)).toEqual({ width: 9933, height: 7016 });
    expect(boardPagePixels('A1', 'portrait', 300)).toEqual({ width: 7016, height: 9933 });
    expect(boardPagePixels('A3', 'landscape', 150)).toEqual({ width: 2480, height: 1754 });
    const a3 = boardPagePoints('A3', 'portrait');
    expect(a3.width).toBeCloseTo(841.89, 1);
    expect(a3.height).toBeCloseTo(1190.55, 1);
    expect(boardPagePoints('A2', 'landscape').width).toBeCloseTo(1683.78, 1);
  });

  it('lays 1, 2, 4 and 6 images along the page’s long side', () => {
    expect(boardGrid(2, 'landscape')).toEqual({ cols: 2, rows: 1 });
    expect(boardGrid(2, 'portrait')).toEqual({ cols: 1, rows: 2 });
    expect(boardGrid(6, 'landscape')).toEqual({ cols: 3, rows: 2 });
    expect(boardGrid(6, 'portrait')).toEqual({ cols: 2, rows: 3 });
    for (const layout of BOARD_LAYOUTS) {
      for (const orientation of BOARD_ORIENTATIONS) {
        const { cols, rows } = boardGrid(layout, orientation);
        expect(cols * rows).toBe(layout);
      }
    }
    expect(boardPageCount(12, 6)).toBe(2);
    expect(boardPageCount(13, 6)).toBe(3);
    expect(boardPageCount(1, 4)).toBe(1);
    expect(paginate([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('names the download from the title and day, and says what it is', () => {
    expect(boardFileName({ title: 'Lake Pavilion: Concept', day: '2026-11-27', ext: 'pdf' })).toBe(
      'lake-pavilion-concept-2026-11-27.pdf',
    );
    expect(boardFileName({ title: '湖畔木亭', day: '2026-11-27', ext: 'png', page: 2 })).toBe(
      '湖畔木亭-2026-11-27-p02.png',
    );
    expect(boardFileName({ title: '***', day: '2026-11-27', ext: 'zip' })).toBe('board-2026-11-27.zip');
    expect(boardFileKind('pdf', 3)).toEqual({ ext: 'pdf', contentType: 'application/pdf' });
    expect(boardFileKind('png', 1)).toEqual({ ext: 'png', contentType: 'image/png' });
    expect(boardFileKind('png', 2)).toEqual({ ext: 'zip', contentType: 'application/zip' });
  });
});

describe('the page frame', () => {
  it('keeps every cell inside the margins, between the header and footer rules, without overlaps', () => {
    for (const paper of BOARD_PAPERS) {
      for (const orientation of BOARD_ORIENTATIONS) {
        for (const layout of BOARD_LAYOUTS) {
          const frame = boardFrame({ paper, orientation, layout });
          const [header, footer] = frame.rules;
          const body = { x: header!.x, y: header!.y, width: header!.width, height: footer!.y - header!.y };
          expect(frame.cells).toHaveLength(layout);
          for (const cell of frame.cells) {
            expect(inside(cell, body)).toBe(true);
            expect(cell.height).toBeGreaterThan(frame.captionBand * 2);
          }
          for (const [i, a] of frame.cells.entries()) {
            for (const b of frame.cells.slice(i + 1)) {
              const apart =
                a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
              expect(apart).toBe(true);
            }
          }
          // The same board at every size: A1 is A3 scaled by two.
          const a3 = boardFrame({ paper: 'A3', orientation, layout });
          const a1 = boardFrame({ paper: 'A1', orientation, layout });
          expect(a1.title.size / a3.title.size).toBeCloseTo(2, 1);
          expect(a1.cells[0]!.width / a3.cells[0]!.width).toBeCloseTo(2, 1);
        }
      }
    }
  });

  it('fits an image whole into its cell, standing on the caption band, with the caption under it', () => {
    const frame = boardFrame({ paper: 'A3', orientation: 'landscape', layout: 6 });
    const cell = frame.cells[4]!;
    for (const [w, h] of [
      [4000, 3000],
      [1000, 3000],
      [64, 48],
      [3000, 100],
    ] as const) {
      const placed = placeInCell(frame, cell, w, h);
      expect(placed.image.width / placed.image.height).toBeCloseTo(w / h, 6);
      expect(inside(placed.image, cell)).toBe(true);
      // Contain: one side meets the cell (a small image is scaled up to fill it).
      const area = cell.height - frame.captionBand;
      expect(Math.max(placed.image.width / cell.width, placed.image.height / area)).toBeCloseTo(1, 6);
      expect(placed.image.y + placed.image.height).toBeCloseTo(cell.y + area, 6);
      expect(placed.label.x).toBeCloseTo(placed.image.x, 6);
      expect(placed.label.y).toBeGreaterThan(placed.image.y + placed.image.height);
      expect(placed.caption.y + placed.caption.lineHeight * 2).toBeLessThanOrEqual(cell.y + cell.height + 1e-6);
    }
    // Resized for the resolution: a 300 DPI cell needs twice the pixels of a 150 DPI one.
    const rect = { x: 0, y: 0, width: 720, height: 360 };
    expect(pixelsFor(rect, 150)).toEqual({ width: 1500, height: 750 });
    expect(pixelsFor(rect, 300)).toEqual({ width: 3000, height: 1500 });
  });
});

describe('pages of a board', () => {
  const items = Array.from({ length: 13 }, (_, i) => ({
    width: 400,
    height: 300,
    caption: `View ${i + 1}`,
    group: i < 7 ? 'Living room' : 'Kitchen',
  }));
  const spec = { title: 'Lake pavilion', paper: 'A3', orientation: 'landscape', layout: 6 as BoardLayout } as const;
  const at = new Date('2026-11-27T20:00:00Z');

  it('puts more images than the layout holds on more pages, numbered across them', () => {
    const pages = planBoard({ ...spec, lang: 'en', subtitle: 'Second review', items }, measure, at);
    expect(pages.map((p) => p.images.length)).toEqual([6, 6, 1]);
    const words = pages[1]!.texts.map((t) => t.text);
    expect(words).toContain('Lake pavilion');
    expect(words).toContain('Page 2 / 3');
    expect(words).toContain('27 November 2026');
    expect(words).toContain('07  Living room');
    expect(words).toContain('08  Kitchen');
    expect(words).toContain('Second review  —  Living room · Kitchen');
    expect(pages[0]!.texts.map((t) => t.text)).toContain('Second review  —  Living room');
    // Right-aligned words end at the right margin.
    const page = pages[0]!.texts.find((t) => t.text === 'Page 1 / 3')!;
    const rule = pages[0]!.rules[0]!;
    expect(page.x + width(page.text, page.size)).toBeCloseTo(rule.x + rule.width, 6);
  });

  it('says its own words in Chinese, with the date in the caller’s time zone', () => {
    const pages = planBoard({ ...spec, lang: 'zh', timeZone: 'Asia/Shanghai', items: items.slice(0, 2) }, measure, at);
    const words = pages[0]!.texts.map((t) => t.text);
    expect(words).toContain('第 1 / 1 页');
    expect(words).toContain('2026年11月28日');
  });
});

describe('lines of text', () => {
  const fits = (lines: string[], max: number) => lines.every((l) => width(l) <= max);

  it('breaks Latin text between words and Chinese between characters, never before closing punctuation', () => {
    expect(breakUnits('Lake pavilion')).toEqual(['Lake', ' ', 'pavilion']);
    expect(breakUnits('湖边，木亭')).toEqual(['湖', '边，', '木', '亭']);
    const latin = wrapLines('Morning view across the lake', 60, 5, (t) => width(t));
    expect(latin).toEqual(['Morning view', 'across the', 'lake']);
    const chinese = wrapLines('清晨的湖面，木构亭子。', 40, 5, (t) => width(t));
    expect(fits(chinese, 40)).toBe(true);
    expect(chinese.join('')).toBe('清晨的湖面，木构亭子。');
    expect(chinese.some((line) => /^[，。]/.test(line))).toBe(false);
  });

  it('ends with an ellipsis what does not fit, and cuts a word longer than a line', () => {
    const lines = wrapLines('one two three four five six seven eight', 60, 2, (t) => width(t));
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(fits(lines, 60)).toBe(true);
    expect(wrapLines('Supercalifragilistic', 50, 3, (t) => width(t))).toEqual(['Supercalif', 'ragilistic']);
    expect(ellipsize('湖畔木亭概念方案', 45, (t) => width(t))).toBe('湖畔木亭…');
    expect(wrapLines('  \n ', 50, 2, (t) => width(t))).toEqual([]);
  });
});

describe('the export gate', () => {
  const options = { slots: 1, maxWaiting: 1, waitMs: 10_000, retrySeconds: 30 };
  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => 'admitted',
      (err: unknown) => (err instanceof AppError ? err.code : 'other'),
    );

  it('admits one export at a time, hands the slot on in order, and refuses a full queue', async () => {
    const gate = createExportGate(options);
    const first = await gate.acquire('a');
    const second = gate.acquire('b');
    expect(gate.load()).toEqual({ active: 1, waiting: 1 });
    expect(await code(gate.acquire('c'))).toBe('BOARD_BUSY');
    // One user, one export at a time (running or waiting).
    expect(await code(gate.acquire('a'))).toBe('BOARD_EXPORT_RUNNING');
    expect(await code(gate.acquire('b'))).toBe('BOARD_EXPORT_RUNNING');
    first();
    first();
    const releaseSecond = await second;
    expect(gate.load()).toEqual({ active: 1, waiting: 0 });
    releaseSecond();
    expect(gate.load()).toEqual({ active: 0, waiting: 0 });
    (await gate.acquire('a'))();
  });

  it('refuses an export that waited too long, and forgets it', async () => {
    const gate = createExportGate({ ...options, waitMs: 20 });
    const held = await gate.acquire('a');
    expect(await code(gate.acquire('b'))).toBe('BOARD_BUSY');
    expect(gate.load()).toEqual({ active: 1, waiting: 0 });
    held();
    expect(await code(gate.acquire('b'))).toBe('admitted');
  });
});
