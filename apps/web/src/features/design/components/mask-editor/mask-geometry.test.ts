import { describe, expect, it } from 'vitest';
import {
  closesPolygon,
  fitView,
  hasRegion,
  imageToScreen,
  MAX_SCALE,
  MIN_SCALE,
  normaliseRect,
  polygonArea,
  screenToImage,
  snapTo45,
  wheelZoomFactor,
  zoomAt,
} from './mask-geometry.ts';
import type { MaskShape } from './mask-types.ts';

const triangle = [0, 0, 100, 0, 100, 100];

describe('snapTo45', () => {
  const from = { x: 10, y: 10 };

  it.each([
    ['nearly horizontal right', { x: 110, y: 18 }, { x: 110, y: 10 }],
    ['nearly horizontal left', { x: -90, y: 3 }, { x: -90, y: 10 }],
    ['nearly vertical down', { x: 14, y: 80 }, { x: 10, y: 80 }],
    ['nearly vertical up', { x: 5, y: -60 }, { x: 10, y: -60 }],
  ])('locks %s to the axis exactly', (_, to, expected) => {
    expect(snapTo45(from, to)).toEqual(expected);
  });

  it('puts a near-diagonal point on the 45° diagonal at its projection', () => {
    const p = snapTo45(from, { x: 110, y: 90 });
    expect(p.x - from.x).toBeCloseTo(p.y - from.y, 9);
    expect(p.x).toBeCloseTo(100, 9); // (100, 80) projected on the diagonal is an offset of (90, 90)
  });

  it('snaps all four diagonals', () => {
    for (const [sx, sy] of [
      [1, 1],
      [-1, 1],
      [-1, -1],
      [1, -1],
    ] as const) {
      const p = snapTo45(from, { x: from.x + 50 * sx, y: from.y + 44 * sy });
      expect(Math.sign(p.x - from.x)).toBe(sx);
      expect(Math.abs(p.x - from.x)).toBeCloseTo(Math.abs(p.y - from.y), 9);
    }
  });

  it('switches direction at 22.5°', () => {
    const below = snapTo45({ x: 0, y: 0 }, { x: 100, y: Math.tan((22 * Math.PI) / 180) * 100 });
    const above = snapTo45({ x: 0, y: 0 }, { x: 100, y: Math.tan((23 * Math.PI) / 180) * 100 });
    expect(below.y).toBe(0);
    expect(above.y).toBeCloseTo(above.x, 9);
  });

  it('leaves a zero-length segment where it is', () => {
    expect(snapTo45(from, from)).toEqual(from);
  });
});

describe('closesPolygon', () => {
  it('closes on a click within the screen radius of the first point', () => {
    expect(closesPolygon(triangle, { x: 4, y: 4 }, 1)).toBe(true);
    expect(closesPolygon(triangle, { x: 9, y: 9 }, 1)).toBe(false);
  });

  it('measures on screen, so zooming out widens the target in image pixels', () => {
    // 40 image px away: 10 screen px at 1/4 zoom (closes), 160 px at 4× (does not).
    const p = { x: 40, y: 0 };
    expect(closesPolygon(triangle, p, 0.25)).toBe(true);
    expect(closesPolygon(triangle, p, 4)).toBe(false);
  });

  it('needs three points before it can close', () => {
    expect(closesPolygon([0, 0, 100, 0], { x: 0, y: 0 }, 1)).toBe(false);
  });
});

describe('view transforms', () => {
  const view = { scale: 0.25, x: 40, y: -12 };

  it('round-trips image and screen points', () => {
    const image = { x: 4096, y: 1234 };
    const screen = imageToScreen(image, view);
    expect(screen).toEqual({ x: 4096 * 0.25 + 40, y: 1234 * 0.25 - 12 });
    expect(screenToImage(screen, view)).toEqual(image);
  });

  it('zooms around the pointer: the image point under it stays under it', () => {
    const anchor = { x: 300, y: 200 };
    const before = screenToImage(anchor, view);
    const zoomed = zoomAt(view, anchor, 2);
    expect(zoomed.scale).toBe(0.5);
    const after = screenToImage(anchor, zoomed);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
  });

  it('clamps zoom to its limits', () => {
    expect(zoomAt(view, { x: 0, y: 0 }, 1e6).scale).toBe(MAX_SCALE);
    expect(zoomAt(view, { x: 0, y: 0 }, 1e-6).scale).toBe(MIN_SCALE);
  });

  it('fits a 4096² image into the viewport, centred with a margin', () => {
    const fit = fitView(4096, 4096, 800, 600, 16);
    expect(fit.scale).toBeCloseTo(568 / 4096, 9);
    expect(fit.y).toBeCloseTo(16, 9);
    expect(fit.x).toBeCloseTo((800 - 568) / 2, 9);
  });

  it('does not enlarge a small image past 1:1 when fitting', () => {
    expect(fitView(200, 100, 800, 600).scale).toBe(1);
  });

  it('zooms in and out symmetrically with the wheel', () => {
    expect(wheelZoomFactor(-100) * wheelZoomFactor(100)).toBeCloseTo(1, 12);
    expect(wheelZoomFactor(-100)).toBeGreaterThan(1);
  });
});

describe('shape helpers', () => {
  it('computes polygon area for either winding', () => {
    expect(polygonArea(triangle)).toBe(5000);
    expect(polygonArea([0, 0, 0, 10, 10, 10, 10, 0])).toBe(100);
    expect(polygonArea([0, 0, 5, 5, 10, 10])).toBe(0);
  });

  it('normalises rectangles dragged in any direction', () => {
    expect(normaliseRect({ x: 50, y: 40 }, { x: 10, y: 60 })).toEqual({ x: 10, y: 40, w: 40, h: 20 });
  });
});

describe('hasRegion', () => {
  const add = (s: Partial<MaskShape> & Pick<MaskShape, 'type'>): MaskShape => ({ mode: 'add', ...s }) as MaskShape;

  it('is false for no shapes and for shapes without area', () => {
    expect(hasRegion([])).toBe(false);
    expect(hasRegion([add({ type: 'rect', x: 1, y: 1, w: 0, h: 20 })])).toBe(false);
    expect(hasRegion([add({ type: 'polygon', points: [0, 0, 5, 5, 10, 10] })])).toBe(false);
    expect(hasRegion([add({ type: 'polygon', points: [0, 0, 5, 5] })])).toBe(false);
    expect(hasRegion([add({ type: 'stroke', points: [], size: 10 })])).toBe(false);
    expect(hasRegion([add({ type: 'stroke', points: [5, 5], size: 0 })])).toBe(false);
  });

  it('is true for any add shape with area, including a single brush dot', () => {
    expect(hasRegion([add({ type: 'stroke', points: [5, 5], size: 8 })])).toBe(true);
    expect(hasRegion([add({ type: 'rect', x: 1, y: 1, w: -4, h: 3 })])).toBe(true);
    expect(hasRegion([add({ type: 'polygon', points: triangle })])).toBe(true);
  });

  it('ignores subtracted shapes and eraser strokes on their own', () => {
    expect(
      hasRegion([
        { type: 'rect', mode: 'subtract', x: 0, y: 0, w: 10, h: 10 },
        { type: 'stroke', mode: 'subtract', points: [0, 0, 9, 9], size: 4 },
      ]),
    ).toBe(false);
  });

  it('is false once a later subtracted rectangle covers every added shape', () => {
    const stroke = add({ type: 'stroke', points: [20, 20, 40, 40], size: 10 });
    const cover = { type: 'rect', mode: 'subtract', x: 10, y: 10, w: 40, h: 40 } as const;
    expect(hasRegion([stroke, cover])).toBe(false);
    // Order matters: adding after the subtraction paints again.
    expect(hasRegion([cover, stroke])).toBe(true);
    // Partly covered still counts.
    expect(hasRegion([stroke, { ...cover, w: 20 }])).toBe(true);
  });

  it('ignores add shapes entirely outside the image when its size is given', () => {
    const outside = add({ type: 'rect', x: 600, y: 10, w: 50, h: 50 });
    expect(hasRegion([outside])).toBe(true);
    expect(hasRegion([outside], { width: 512, height: 512 })).toBe(false);
    expect(hasRegion([add({ type: 'rect', x: 500, y: 10, w: 50, h: 50 })], { width: 512, height: 512 })).toBe(true);
  });

  it('counts a wand selection, and takes it back when a later wand subtraction covers it', () => {
    const raster = (mode: 'add' | 'subtract', rects: number[]): MaskShape => {
      const xs = rects.filter((_, i) => i % 2 === 0);
      const ys = rects.filter((_, i) => i % 2 === 1);
      const [x, y] = [Math.min(...xs), Math.min(...ys)];
      const rasterRects = Int32Array.from(rects);
      return { type: 'raster', mode, rects: rasterRects, x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
    };
    const wall = raster('add', [0, 0, 10, 4, 0, 4, 6, 8]);
    expect(hasRegion([wall])).toBe(true);
    expect(hasRegion([raster('add', [])])).toBe(false);
    // The same area picked again in subtract mode, or a larger one, leaves nothing.
    expect(hasRegion([wall, { ...wall, mode: 'subtract' }])).toBe(false);
    expect(hasRegion([wall, raster('subtract', [0, 0, 12, 8])])).toBe(false);
    // A subtraction that misses a corner of it leaves that corner.
    expect(hasRegion([wall, raster('subtract', [0, 0, 10, 4, 0, 4, 5, 8])])).toBe(true);
    // A wand subtraction also takes back another shape it covers, as a rectangle does.
    const dot = add({ type: 'stroke', points: [3, 3], size: 2 });
    expect(hasRegion([dot, raster('subtract', [0, 0, 10, 10])])).toBe(false);
    expect(hasRegion([dot, raster('subtract', [0, 0, 10, 3])])).toBe(true);
  });
});
