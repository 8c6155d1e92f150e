import { describe, expect, it } from 'vitest';
import { colourFill, scanFill, type WandPixels } from './magic-wand.ts';
import { dilate, fillSmallHoles } from './wand-cleanup.ts';
import { createWandSession, workingSize } from './wand-select.ts';

type Rgb = readonly [number, number, number];

/** An image painted by a function of the pixel's position. */
function image(width: number, height: number, paint: (x: number, y: number) => Rgb): WandPixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** The selection as rows of '#' (selected) and '.' for small pictures in assertions. */
const picture = (mask: Uint8Array, width: number) =>
  Array.from({ length: mask.length / width }, (_, y) =>
    Array.from(mask.subarray(y * width, (y + 1) * width), (v) => (v ? '#' : '.')).join(''),
  );

const RED: Rgb = [200, 60, 50];
const BLUE: Rgb = [60, 110, 210];

describe('colourFill', () => {
  it('selects the connected area of the clicked colour and nothing across a different one', () => {
    const px = image(10, 6, (x) => (x < 4 ? RED : BLUE));
    const sel = colourFill(px, 1, 1, { tolerance: 10 })!;
    expect(sel.count).toBe(4 * 6);
    expect(sel.box).toEqual({ x0: 0, y0: 0, x1: 4, y1: 6 });
    expect(picture(sel.mask, 10)[0]).toBe('####......');
  });

  it('reaches further with a higher tolerance', () => {
    // A lightness ramp: each column a little lighter than the one before.
    const px = image(20, 2, (x) => [100 + x * 4, 100 + x * 4, 100 + x * 4]);
    const narrow = colourFill(px, 0, 0, { tolerance: 5 })!;
    const wide = colourFill(px, 0, 0, { tolerance: 20 })!;
    const all = colourFill(px, 0, 0, { tolerance: 100 })!;
    expect(narrow.count).toBeGreaterThan(2);
    expect(wide.count).toBeGreaterThan(narrow.count);
    expect(all.count).toBe(40);
  });

  it('takes only the exact colour at tolerance 0, but always the clicked pixel', () => {
    const px = image(6, 1, (x) => (x === 3 ? [201, 60, 50] : RED));
    expect(picture(colourFill(px, 0, 0, { tolerance: 0 })!.mask, 6)).toEqual(['###...']);
    // A lone pixel differs from the mean of its neighbourhood, yet a click on it selects it.
    expect(colourFill(px, 3, 0, { tolerance: 0 })!.count).toBeGreaterThanOrEqual(1);
  });

  it('crosses a diagonal gap only with 8-connectivity', () => {
    // Two red squares touching at one corner.
    const px = image(6, 6, (x, y) => ((x < 3 && y < 3) || (x >= 3 && y >= 3) ? RED : BLUE));
    expect(colourFill(px, 0, 0, { tolerance: 10, connectivity: 4 })!.count).toBe(9);
    expect(colourFill(px, 0, 0, { tolerance: 10, connectivity: 8 })!.count).toBe(18);
  });

  it('stops at the image edges and refuses a point outside', () => {
    const px = image(5, 4, () => RED);
    const sel = colourFill(px, 4.9, 3.9, { tolerance: 0 })!;
    expect(sel.count).toBe(20);
    expect(sel.box).toEqual({ x0: 0, y0: 0, x1: 5, y1: 4 });
    expect(colourFill(px, -1, 0, { tolerance: 50 })).toBeNull();
    expect(colourFill(px, 5, 0, { tolerance: 50 })).toBeNull();
    expect(colourFill(px, 0, 4, { tolerance: 50 })).toBeNull();
  });

  it('fills around islands and through winding shapes', () => {
    const maze = ['#.#####', '#.#...#', '#...#.#', '#####.#', '......#'];
    const px = image(7, 5, (x, y) => (maze[y]![x] === '#' ? RED : BLUE));
    expect(picture(colourFill(px, 1, 0, { tolerance: 10 })!.mask, 7)).toEqual([
      '.#.....',
      '.#.###.',
      '.###.#.',
      '.....#.',
      '######.',
    ]);
  });

  it('fills 2048 × 2048 pixels', () => {
    const size = 2048;
    // Written straight into the bytes: four million calls of a painter would take longer than the fill.
    const data = new Uint8ClampedArray(size * size * 4).fill(255);
    for (let i = 0; i < size * size; i++) {
      const x = i % size;
      const y = (i - x) / size;
      if (x < size / 2) data.set([180 + ((x * 7 + y * 3) % 9), 80, 60], i * 4);
      else data.set(BLUE, i * 4);
    }
    const px = { width: size, height: size, data };
    const started = performance.now();
    const sel = colourFill(px, 100, 100, { tolerance: 24 })!;
    const filled = performance.now();
    fillSmallHoles(sel, 839);
    const grown = dilate(sel, 1);
    const cleaned = performance.now();
    expect(sel.count).toBe((size * size) / 2);
    expect(grown.count).toBe((size * size) / 2 + size);
    console.info(
      `colour fill of 2048×2048 (half selected): ${(filled - started).toFixed(0)} ms, clean-up ${(cleaned - filled).toFixed(0)} ms`,
    );
  });
});

describe('scanFill', () => {
  it('asks about each pixel at most once', () => {
    const asked = new Map<number, number>();
    scanFill(50, 40, 25, 20, (i) => (asked.set(i, (asked.get(i) ?? 0) + 1), true), 8);
    expect(Math.max(...asked.values())).toBe(1);
    expect(asked.size).toBe(50 * 40 - 1); // everything but the seed, which needs no asking
  });
});

describe('clean-up', () => {
  const ring = ['.......', '.#####.', '.#...#.', '.#.#.#.', '.#...#.', '.#####.', '.......'];
  const selectionOf = (rows: string[], x = 1, y = 1) => {
    const px = image(rows[0]!.length, rows.length, (px, py) => (rows[py]![px] === '#' ? RED : BLUE));
    return colourFill(px, x, y, { tolerance: 10 })!;
  };

  it('fills holes up to the size given and leaves larger ones', () => {
    // The hole is nine pixels: eight blue ones and the red one in their middle, which the fill did not reach.
    const small = selectionOf(ring);
    fillSmallHoles(small, 9);
    expect(picture(small.mask, 7)).toEqual([
      '.......',
      '.#####.',
      '.#####.',
      '.#####.',
      '.#####.',
      '.#####.',
      '.......',
    ]);
    expect(small.count).toBe(25);
    const large = selectionOf(ring);
    fillSmallHoles(large, 8);
    expect(large.count).toBe(16);
  });

  it('never fills an area open to the outside', () => {
    const cup = ['#...#', '#...#', '#####'];
    const sel = selectionOf(cup, 0, 0);
    fillSmallHoles(sel, 100);
    expect(picture(sel.mask, 5)).toEqual(cup);
  });

  it('grows by one pixel to the four sides, within the image', () => {
    const sel = colourFill(
      image(5, 5, (x, y) => (x === 0 && y === 2 ? RED : BLUE)),
      0,
      2,
      { tolerance: 0 },
    )!;
    const grown = dilate(sel, 1);
    expect(picture(grown.mask, 5)).toEqual(['.....', '#....', '##...', '#....', '.....']);
    expect(grown.count).toBe(4);
    expect(sel.count).toBe(1); // the input is left as it was
  });
});

describe('wand session', () => {
  it('works on a grid of at most 2048 × 2048 and maps the selection back to the image', () => {
    expect(workingSize(1200, 900)).toEqual({ width: 1200, height: 900 });
    expect(workingSize(8000, 4000)).toEqual({ width: 2896, height: 1448 });
    // A 40 × 20 image read at 20 × 10: the selection comes back in image pixels.
    const px = image(20, 10, (x) => (x < 10 ? RED : BLUE));
    const shape = createWandSession(px, 40, 20).select({ x: 3, y: 3, source: 'colour', tolerance: 10, mode: 'add' })!;
    // The left half, grown by one grid pixel (two image pixels) into the right.
    expect(shape).toMatchObject({ type: 'raster', mode: 'add', x: 0, y: 0, w: 22, h: 20 });
    expect(Array.from(shape.rects)).toEqual([0, 0, 22, 20]);
  });

  it('subtracts as well as adds', () => {
    const px = image(8, 8, () => RED);
    const shape = createWandSession(px, 8, 8).select({ x: 1, y: 1, source: 'colour', tolerance: 0, mode: 'subtract' });
    expect(shape).toMatchObject({ mode: 'subtract', x: 0, y: 0, w: 8, h: 8 });
  });
});
