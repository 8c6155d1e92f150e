import { describe, expect, it } from 'vitest';
import { clampView, cropRect, initialView, MAX_ZOOM, moveBy, zoomTo } from './crop.ts';

describe('the square crop', () => {
  it('starts centred on the short side, the whole height of a landscape image', () => {
    const v = initialView(1200, 800, 300);
    expect(cropRect(v)).toEqual({ x: 200, y: 0, side: 800 });
  });

  it('never lets the frame show past the image when dragged', () => {
    const v = initialView(1200, 800, 300);
    expect(cropRect(moveBy(v, 10_000, 0))).toEqual({ x: 0, y: 0, side: 800 });
    expect(cropRect(moveBy(v, -10_000, -10_000))).toEqual({ x: 400, y: 0, side: 800 });
  });

  it('zooms about the centre, between 1 and the maximum', () => {
    const v = zoomTo(initialView(1000, 1000, 250), 2);
    expect(cropRect(v)).toEqual({ x: 250, y: 250, side: 500 });
    expect(zoomTo(v, 99).zoom).toBe(MAX_ZOOM);
    expect(clampView({ ...v, zoom: 0.2 }).zoom).toBe(1);
  });

  it('crops a dragged, zoomed portrait to the square under the frame', () => {
    const v = moveBy(zoomTo(initialView(600, 900, 300), 2), 75, 0);
    // Zoom 2 shows 300 image px (one per screen px), centred at x 150; dragged right by 75.
    expect(cropRect(v)).toEqual({ x: 75, y: 300, side: 300 });
  });
});
