import { describe, expect, it } from 'vitest';
import type { WandPixels } from './magic-wand.ts';
import { createWandSession } from './wand-select.ts';
import { closeGaps, fillEnclosed, lineArtEdges } from './wand-line-art.ts';

/** A white image with dark lines where `line(x, y)` says so. */
function drawing(width: number, height: number, line: (x: number, y: number) => boolean): WandPixels {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (line(x, y)) data.fill(20, (y * width + x) * 4, (y * width + x) * 4 + 3);
  }
  return { width, height, data };
}

/** A 1 px outline of the box (10, 10)–(49, 39) in a 60 × 50 drawing, with an optional gap in its top side. */
const outline = (gap = 0) =>
  drawing(60, 50, (x, y) => {
    const onSide = (x === 10 || x === 49) && y >= 10 && y <= 39;
    const onTop = (y === 10 || y === 39) && x >= 10 && x <= 49;
    return onSide || (onTop && !(y === 10 && x >= 30 && x < 30 + gap));
  });

describe('select by line art', () => {
  it('finds lines as the server does: both sides of a drawn line, nothing on flat paper', () => {
    const px = outline();
    const edges = lineArtEdges(px);
    expect(edges[25 * 60 + 9]).toBe(1);
    expect(edges[25 * 60 + 11]).toBe(1);
    expect(edges[25 * 60 + 30]).toBe(0);
    expect(edges[2 * 60 + 2]).toBe(0);
  });

  it('selects the inside of an outline up to (and under half of) its line', () => {
    const px = outline();
    const shape = createWandSession(px, 60, 50).select({ x: 30, y: 25, source: 'lineArt', tolerance: 0, mode: 'add' })!;
    expect(shape.type).toBe('raster');
    // The inside is x 11–48 and y 11–38; the lines are at 10 and 49, 10 and 39, each one pixel wide.
    expect(shape).toMatchObject({ x: 11, y: 11, w: 38, h: 28 });
  });

  it('selects the paper outside when clicked outside, around the outline', () => {
    const px = outline();
    const shape = createWandSession(px, 60, 50).select({ x: 2, y: 2, source: 'lineArt', tolerance: 0, mode: 'add' })!;
    expect(shape).toMatchObject({ x: 0, y: 0, w: 60, h: 50 });
  });

  it('does not leak through a gap of two pixels in a line, but does through a wide one', () => {
    const inside = (gap: number) =>
      createWandSession(outline(gap), 60, 50).select({ x: 30, y: 25, source: 'lineArt', tolerance: 0, mode: 'add' })!;
    expect(inside(2).w).toBeLessThan(45);
    expect(inside(8)).toMatchObject({ x: 0, y: 0, w: 60, h: 50 });
  });

  it('starts beside a line when the click lands on it, and gives up inside a thick one', () => {
    const walls = closeGaps(lineArtEdges(outline()), 60, 50);
    const onLine = fillEnclosed(walls, 60, 50, 10, 25)!;
    expect(onLine.count).toBeGreaterThan(100);
    const thick = new Uint8Array(60 * 50).fill(1);
    expect(fillEnclosed(thick, 60, 50, 30, 25)).toBeNull();
    expect(fillEnclosed(walls, 60, 50, 60, 25)).toBeNull();
  });

  it('reaches the boundary between two areas of paint from either side', () => {
    const data = new Uint8ClampedArray(60 * 40 * 4).fill(255);
    for (let i = 0; i < 60 * 40; i++) if (i % 60 < 30) data.fill(120, i * 4, i * 4 + 3);
    const session = createWandSession({ width: 60, height: 40, data }, 60, 40);
    const pick = (x: number) => session.select({ x, y: 20, source: 'lineArt', tolerance: 0, mode: 'add' })!;
    expect(pick(5)).toMatchObject({ x: 0, w: 30, h: 40 });
    expect(pick(50)).toMatchObject({ x: 30, w: 30, h: 40 });
  });

  it('finds the lines of 2048 × 2048 pixels and fills between them', () => {
    const size = 2048;
    const px = drawing(size, size, (x, y) => x % 256 === 0 || y % 256 === 0);
    const started = performance.now();
    const session = createWandSession(px, size, size);
    const shape = session.select({ x: 1000, y: 1000, source: 'lineArt', tolerance: 0, mode: 'add' })!;
    const first = performance.now();
    session.select({ x: 1300, y: 1300, source: 'lineArt', tolerance: 0, mode: 'add' });
    const second = performance.now();
    expect(shape).toMatchObject({ x: 769, y: 769, w: 255, h: 255 });
    console.info(
      `line art of 2048×2048: first fill (finding the lines) ${(first - started).toFixed(0)} ms, next fill ${(second - first).toFixed(0)} ms`,
    );
  });
});
