import { colourFill, type WandPixels } from './magic-wand.ts';
import type { MaskMode, RasterShape } from './mask-types.ts';
import { dilate, fillSmallHoles } from './wand-cleanup.ts';
import { closeGaps, fillEnclosed, lineArtEdges } from './wand-line-art.ts';
import { selectionToRaster } from './wand-raster.ts';

/**
 * The wand works on the base image scaled to at most this many pixels (2048 × 2048): a fill then takes a
 * fraction of a second and a few tens of megabytes whatever the upload, and at that size the selection's
 * edge is within a pixel or two of the full-size image's.
 */
const WAND_MAX_PIXELS = 2048 * 2048;

/**
 * A wall's light and shade lie within this of each other; a different paint or material usually does
 * not. Low on purpose: Shift-click adds the next part of an area, a selection that ran over takes an undo.
 */
export const WAND_DEFAULT_TOLERANCE = 16;

/** Where the wand looks: similar colour, or the region the image's lines enclose. */
type WandSource = 'colour' | 'lineArt';

export interface WandRequest {
  /** The click, in base image pixels. */
  x: number;
  y: number;
  source: WandSource;
  tolerance: number;
  mode: MaskMode;
}

/** The working grid for an image: its own size when small enough, else scaled down keeping its shape. */
export function workingSize(imageWidth: number, imageHeight: number, maxPixels = WAND_MAX_PIXELS) {
  const scale = Math.min(1, Math.sqrt(maxPixels / (imageWidth * imageHeight)));
  return {
    width: Math.max(1, Math.min(imageWidth, Math.round(imageWidth * scale))),
    height: Math.max(1, Math.min(imageHeight, Math.round(imageHeight * scale))),
  };
}

/** Holes smaller than this share of the grid are filled: specks and noise, not a picture on a wall. */
const HOLE_SHARE = 0.0002;

/**
 * Selections on one image: its pixels on the working grid (`pixels`) and its full size, which the
 * selections are mapped back to. The line art is found on the first "select by line art" and kept.
 */
export function createWandSession(pixels: WandPixels, imageWidth: number, imageHeight: number) {
  let walls: Uint8Array | null = null;
  const maxHole = Math.max(16, Math.round(pixels.width * pixels.height * HOLE_SHARE));
  return {
    select(request: WandRequest): RasterShape | null {
      const gx = (request.x * pixels.width) / imageWidth;
      const gy = (request.y * pixels.height) / imageHeight;
      if (request.source === 'lineArt') {
        walls ??= closeGaps(lineArtEdges(pixels), pixels.width, pixels.height);
        const region = fillEnclosed(walls, pixels.width, pixels.height, gx, gy);
        if (!region) return null;
        fillSmallHoles(region, maxHole);
        // One pixel gives back what closing the gaps took; two more cross the band Sobel marks beside a
        // boundary, so the region reaches the boundary itself (and stops beside a drawn line's middle).
        return selectionToRaster(dilate(region, 3), request.mode, imageWidth, imageHeight);
      }
      const area = colourFill(pixels, gx, gy, { tolerance: request.tolerance });
      if (!area) return null;
      fillSmallHoles(area, maxHole);
      return selectionToRaster(dilate(area, 1), request.mode, imageWidth, imageHeight);
    },
  };
}
export type WandSession = ReturnType<typeof createWandSession>;
