import { describe, expect, it } from 'vitest';
import {
  actualScale,
  canPan,
  clampView,
  fitScale,
  fitView,
  panBy,
  wheelFactor,
  zoomPercent,
  zoomTo,
} from './zoom-math.ts';

const image = { width: 2000, height: 1000 };
const box = { width: 1000, height: 800 };

describe('zoom and pan', () => {
  it('fits the whole image without enlarging a small one', () => {
    expect(fitScale(image, box)).toBe(0.5);
    expect(fitScale({ width: 300, height: 200 }, box)).toBe(1);
    expect(fitView(image, box)).toEqual({ scale: 0.5, x: 0, y: 0 });
  });

  it('calls one image pixel on one screen pixel 100 %, on any screen', () => {
    expect(zoomPercent({ scale: 1, x: 0, y: 0 }, actualScale(1))).toBe(100);
    expect(actualScale(2)).toBe(0.5);
    expect(zoomPercent({ scale: 0.5, x: 0, y: 0 }, actualScale(2))).toBe(100);
  });

  it('keeps the point under the cursor in place while zooming', () => {
    const at = { x: 300, y: -100 };
    const before = { scale: 1, x: 0, y: 0 };
    const after = zoomTo(before, 2, at, image, box, 1);
    expect(after.scale).toBe(2);
    // The image point under the cursor, before and after.
    expect((at.x - after.x) / after.scale).toBeCloseTo((at.x - before.x) / before.scale);
    expect((at.y - after.y) / after.scale).toBeCloseTo((at.y - before.y) / before.scale);
  });

  it('zooms between the whole image and eight times its actual pixels', () => {
    expect(zoomTo(fitView(image, box), 0.01, { x: 0, y: 0 }, image, box, 1).scale).toBe(0.5);
    expect(zoomTo(fitView(image, box), 100, { x: 0, y: 0 }, image, box, 1).scale).toBe(8);
  });

  it('never drags the image out of view, and centres a side smaller than the viewer', () => {
    const view = { scale: 1, x: 0, y: 0 };
    // 2000 wide in 1000: 500 either way; 1000 high in 800: 100 either way.
    expect(panBy(view, 10_000, -10_000, image, box, 1)).toEqual({ scale: 1, x: 500, y: -100 });
    expect(clampView({ scale: 0.5, x: 40, y: 40 }, image, box, 1)).toEqual({ scale: 0.5, x: 0, y: 0 });
    expect(canPan({ scale: 0.5, x: 0, y: 0 }, image, box)).toBe(false);
    expect(canPan(view, image, box)).toBe(true);
  });

  it('turns a wheel notch into a gentle zoom, in whatever unit the wheel reports', () => {
    expect(wheelFactor(-100, 0, 800)).toBeGreaterThan(1.1);
    expect(wheelFactor(100, 0, 800)).toBeLessThan(0.9);
    expect(wheelFactor(-3, 1, 800)).toBeCloseTo(wheelFactor(-48, 0, 800));
    expect(wheelFactor(-10_000, 0, 800)).toBe(2);
  });
});
