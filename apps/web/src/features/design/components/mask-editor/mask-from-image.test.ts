import { describe, expect, it } from 'vitest';
import { drawMask } from './mask-draw.ts';
import { hasRegion } from './mask-geometry.ts';
import { shapesFromMask } from './mask-from-image.ts';
import type { MaskShape } from './mask-types.ts';
import { TestCanvas } from '../../../../test/test-canvas.ts';

/** A w × h mask, white (255) where `inside` says so. */
function mask(w: number, h: number, inside: (x: number, y: number) => boolean) {
  const values = new Uint8ClampedArray(w * h);
  for (let y = 0; y < h; y += 1) for (let x = 0; x < w; x += 1) values[y * w + x] = inside(x + 0.5, y + 0.5) ? 255 : 0;
  return values;
}

/** Draws the shapes as the editor's rasteriser does and counts the pixels that differ from the mask. */
function differences(shapes: MaskShape[], values: Uint8ClampedArray, w: number, h: number) {
  const canvas = new TestCanvas(w, h);
  drawMask(canvas, shapes, w, h);
  let wrong = 0;
  for (let y = 0; y < h; y += 1) for (let x = 0; x < w; x += 1) if (canvas.at(x, y) !== values[y * w + x]) wrong += 1;
  return wrong;
}

describe('shapesFromMask', () => {
  it('gives nothing for an empty mask', () => {
    const shapes = shapesFromMask(
      mask(40, 30, () => false),
      40,
      30,
      40,
      30,
    );
    expect(shapes).toEqual([]);
    expect(hasRegion(shapes, { width: 40, height: 30 })).toBe(false);
  });

  it('traces a rectangle as one added polygon that draws the same pixels, edges aside', () => {
    const values = mask(40, 30, (x, y) => x > 8 && x < 28 && y > 5 && y < 20);
    const shapes = shapesFromMask(values, 40, 30, 40, 30);
    expect(shapes).toHaveLength(1);
    expect(shapes[0]).toMatchObject({ type: 'polygon', mode: 'add' });
    expect(hasRegion(shapes, { width: 40, height: 30 })).toBe(true);
    // Only the outline's own pixels may differ: the rectangle is 20 × 15 = 300 pixels.
    expect(differences(shapes, values, 40, 30)).toBeLessThanOrEqual(70);
  });

  it('keeps a hole as a subtracted polygon after its outline, and an island in the hole after that', () => {
    const values = mask(60, 60, (x, y) => {
      const r = Math.hypot(x - 30, y - 30);
      return r < 26 && (r > 14 || r < 6);
    });
    const shapes = shapesFromMask(values, 60, 60, 60, 60);
    expect(shapes.map((s) => s.mode)).toEqual(['add', 'subtract', 'add']);
    expect(differences(shapes, values, 60, 60)).toBeLessThan(0.1 * 60 * 60);
  });

  it('closes a region that touches the border, and scales the grid up to the image', () => {
    const values = mask(20, 10, (x) => x < 10);
    const [shape] = shapesFromMask(values, 20, 10, 2000, 1000);
    expect(shape).toMatchObject({ type: 'polygon', mode: 'add' });
    const points = (shape as Extract<MaskShape, { type: 'polygon' }>).points;
    const xs = points.filter((_, i) => i % 2 === 0);
    const ys = points.filter((_, i) => i % 2 === 1);
    // Within a pixel of the image's edges (a grid cell here is 100 image pixels).
    expect(Math.min(...xs)).toBeLessThan(1);
    expect(Math.min(...ys)).toBeLessThan(1);
    expect(Math.max(...ys)).toBeGreaterThan(999);
    expect(Math.max(...xs)).toBeGreaterThan(900);
    expect(Math.max(...xs)).toBeLessThan(1100);
  });
});
