import { describe, expect, it } from 'vitest';
import { rasterizeMask, type CreateMaskSurface } from './mask-rasterize.ts';
import type { MaskShape } from './mask-types.ts';
import { TestCanvas } from '../../../../test/test-canvas.ts';

/** Rasterises into a TestCanvas and hands it back with the size the surface was asked for. */
async function raster(shapes: MaskShape[], width = 32, height = 24) {
  let canvas: TestCanvas | undefined;
  const requested: number[] = [];
  const png = new Blob(['png'], { type: 'image/png' });
  const create: CreateMaskSurface = (w, h) => {
    requested.push(w, h);
    canvas = new TestCanvas(w, h);
    return { context: canvas, toPng: async () => png };
  };
  const blob = await rasterizeMask(shapes, width, height, create);
  return { canvas: canvas!, requested, blob };
}

describe('rasterizeMask', () => {
  it('draws once, at the base image size, and resolves with the PNG', async () => {
    const { requested, blob, canvas } = await raster([], 4096, 3072);
    expect(requested).toEqual([4096, 3072]);
    expect(blob.type).toBe('image/png');
    expect(canvas.ops).toEqual(['fillRect 0,0,4096,3072 #000000']);
  });

  it('keeps everything (black) when there are no shapes', async () => {
    const { canvas } = await raster([]);
    expect(canvas.count(0)).toBe(32 * 24);
  });

  it('paints an added rectangle white and nothing else', async () => {
    const { canvas } = await raster([{ type: 'rect', mode: 'add', x: 4, y: 2, w: 10, h: 5 }]);
    expect(canvas.count(255)).toBe(50);
    expect(canvas.at(4, 2)).toBe(255);
    expect(canvas.at(13, 6)).toBe(255);
    expect(canvas.at(14, 6)).toBe(0);
  });

  it('cuts a subtracted rectangle out of an earlier addition, in order', async () => {
    const { canvas } = await raster([
      { type: 'rect', mode: 'add', x: 0, y: 0, w: 20, h: 20 },
      { type: 'rect', mode: 'subtract', x: 5, y: 5, w: 10, h: 10 },
    ]);
    expect(canvas.count(255)).toBe(400 - 100);
    expect(canvas.at(10, 10)).toBe(0);
    expect(canvas.ops).toEqual([
      'fillRect 0,0,32,24 #000000',
      'fillRect 0,0,20,20 #ffffff',
      'fillRect 5,5,10,10 #000000',
    ]);
  });

  it('paints again where an addition comes after a subtraction', async () => {
    const { canvas } = await raster([
      { type: 'rect', mode: 'subtract', x: 0, y: 0, w: 10, h: 10 },
      { type: 'rect', mode: 'add', x: 0, y: 0, w: 10, h: 10 },
    ]);
    expect(canvas.count(255)).toBe(100);
  });

  it('fills a polygon with its path closed', async () => {
    const { canvas } = await raster([{ type: 'polygon', mode: 'add', points: [0, 0, 20, 0, 20, 20, 0, 20] }]);
    expect(canvas.count(255)).toBe(400);
    expect(canvas.ops.slice(1)).toEqual([
      'beginPath',
      'moveTo 0,0',
      'lineTo 20,0',
      'lineTo 20,20',
      'lineTo 0,20',
      'closePath',
      'fill #ffffff',
    ]);
  });

  it('strokes a brush line with round caps at its width', async () => {
    const { canvas } = await raster([{ type: 'stroke', mode: 'add', points: [8, 12, 24, 12], size: 6 }]);
    expect(canvas.ops).toContain('stroke #ffffff 6');
    expect(canvas.lineCap).toBe('round');
    expect(canvas.lineJoin).toBe('round');
    expect(canvas.at(16, 12)).toBe(255);
    expect(canvas.at(16, 15)).toBe(0); // beyond half the width
    expect(canvas.at(5, 12)).toBe(255); // round cap reaches 3 px past the end
    expect(canvas.at(4, 12)).toBe(0);
  });

  it('erases with an eraser stroke painted black', async () => {
    const { canvas } = await raster([
      { type: 'rect', mode: 'add', x: 0, y: 0, w: 32, h: 24 },
      { type: 'stroke', mode: 'subtract', points: [0, 12, 32, 12], size: 4 },
    ]);
    expect(canvas.at(16, 12)).toBe(0);
    expect(canvas.at(16, 5)).toBe(255);
    expect(canvas.ops.at(-1)).toBe('stroke #000000 4');
  });

  it('draws a single-point stroke as a filled dot', async () => {
    const { canvas } = await raster([{ type: 'stroke', mode: 'add', points: [10, 10], size: 8 }]);
    expect(canvas.ops).toContain('arc 10,10,4');
    expect(canvas.at(10, 10)).toBe(255);
    expect(canvas.at(10, 15)).toBe(0);
    expect(canvas.count(255)).toBeGreaterThan(40); // ≈ π·4²
  });

  it('skips degenerate polygons instead of filling a line', async () => {
    const { canvas } = await raster([{ type: 'polygon', mode: 'add', points: [0, 0, 10, 10] }]);
    expect(canvas.ops).toHaveLength(1);
  });

  it('refuses a size that is not whole positive pixels', async () => {
    await expect(raster([], 0, 10)).rejects.toThrow(RangeError);
    await expect(raster([], 10.5, 10)).rejects.toThrow(RangeError);
  });

  it('fills a wand selection pixel for pixel, in order with the other shapes', async () => {
    const rects = Int32Array.from([2, 1, 6, 3, 2, 3, 4, 5]);
    const wand: MaskShape = { type: 'raster', mode: 'add', rects, x: 2, y: 1, w: 4, h: 4 };
    const { canvas } = await raster([
      wand,
      { type: 'raster', mode: 'subtract', rects: Int32Array.from([3, 2, 4, 3]), x: 3, y: 2, w: 1, h: 1 },
    ]);
    expect(canvas.count(255)).toBe(4 * 2 + 2 * 2 - 1);
    expect(canvas.at(2, 1)).toBe(255);
    expect(canvas.at(5, 2)).toBe(255);
    expect(canvas.at(3, 2)).toBe(0);
    expect(canvas.at(4, 4)).toBe(0);
    expect(canvas.ops.slice(1)).toEqual([
      'fillRect 2,1,4,2 #ffffff',
      'fillRect 2,3,2,2 #ffffff',
      'fillRect 3,2,1,1 #000000',
    ]);
  });
});
