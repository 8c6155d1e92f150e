import { describe, expect, it } from 'vitest';
import type { Selection } from './magic-wand.ts';
import type { RasterShape } from './mask-types.ts';
import { rasterCoversBox, rasterCoversRaster, selectionToRaster } from './wand-raster.ts';

/** A selection from rows of '#' and '.', its box the whole grid. */
function selection(rows: string[]): Selection {
  const width = rows[0]!.length;
  const mask = Uint8Array.from(rows.join(''), (c) => (c === '#' ? 1 : 0));
  return { width, height: rows.length, mask, box: { x0: 0, y0: 0, x1: width, y1: rows.length }, count: 0 };
}
const quads = (shape: RasterShape | null) => {
  const r = Array.from(shape!.rects);
  return Array.from({ length: r.length / 4 }, (_, i) => r.slice(i * 4, i * 4 + 4));
};

describe('selectionToRaster', () => {
  it('turns runs into rectangles, one tall rectangle while the rows below repeat the run', () => {
    const shape = selectionToRaster(selection(['.##..', '.##..', '.####', '#....']), 'add', 5, 4);
    expect(quads(shape)).toEqual([
      [1, 0, 3, 2],
      [1, 2, 5, 3],
      [0, 3, 1, 4],
    ]);
    expect(shape).toMatchObject({ type: 'raster', mode: 'add', x: 0, y: 0, w: 5, h: 4 });
  });

  it('keeps two runs of one row apart', () => {
    expect(quads(selectionToRaster(selection(['#.#', '#.#']), 'subtract', 3, 2))).toEqual([
      [0, 0, 1, 2],
      [2, 0, 3, 2],
    ]);
  });

  it('scales a smaller grid up to whole image pixels, rows sharing their edges', () => {
    // A 3 × 3 grid over a 10 × 10 image: grid lines at 0, 3.33, 6.67, 10 round to 0, 3, 7, 10.
    const shape = selectionToRaster(selection(['.#.', '##.', '...']), 'add', 10, 10);
    expect(quads(shape)).toEqual([
      [3, 0, 7, 3],
      [0, 3, 7, 7],
    ]);
    expect(shape).toMatchObject({ x: 0, y: 0, w: 7, h: 7 });
  });

  it('is null for an empty selection', () => {
    expect(selectionToRaster(selection(['...']), 'add', 3, 1)).toBeNull();
  });
});

describe('raster coverage', () => {
  const big = selectionToRaster(selection(['####', '####', '###.']), 'subtract', 4, 3)!;

  it('covers a box only when every pixel of it is in the raster', () => {
    expect(rasterCoversBox(big, { x0: 0, y0: 0, x1: 4, y1: 2 })).toBe(true);
    expect(rasterCoversBox(big, { x0: 0.5, y0: 0.5, x1: 2.5, y1: 2.5 })).toBe(true);
    expect(rasterCoversBox(big, { x0: 2, y0: 1, x1: 4, y1: 3 })).toBe(false);
    expect(rasterCoversBox(big, { x0: -1, y0: 0, x1: 2, y1: 1 })).toBe(false);
  });

  it('covers another raster pixel by pixel', () => {
    const inner = selectionToRaster(selection(['.#..', '.##.', '###.']), 'add', 4, 3)!;
    const poking = selectionToRaster(selection(['....', '....', '..##']), 'add', 4, 3)!;
    expect(rasterCoversRaster(big, inner)).toBe(true);
    expect(rasterCoversRaster(big, poking)).toBe(false);
    expect(rasterCoversRaster(inner, big)).toBe(false);
  });
});
