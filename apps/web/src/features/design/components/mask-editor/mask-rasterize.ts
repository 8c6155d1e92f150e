import { drawMask, type MaskDrawingContext } from './mask-draw.ts';
import type { MaskShape } from './mask-types.ts';

/** Somewhere to draw a width × height mask and encode it as PNG. */
interface MaskSurface {
  context: MaskDrawingContext;
  toPng(): Promise<Blob>;
}

export type CreateMaskSurface = (width: number, height: number) => MaskSurface;

/** OffscreenCanvas where the browser has it (no DOM node, no layout), a detached <canvas> otherwise. */
const createCanvasSurface: CreateMaskSurface = (width, height) => {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('2D canvas unavailable');
    return { context, toPng: () => canvas.convertToBlob({ type: 'image/png' }) };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable');
  return {
    context,
    toPng: () =>
      new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png'),
      ),
  };
};

/**
 * Draws the vector mask once at the base image's full resolution: white (255) is the region to change,
 * black (0) the region to keep, every pixel opaque. Edges are anti-aliased greys, which the server treats
 * as a soft blend when it pastes the edited region back onto the original.
 */
export async function rasterizeMask(
  shapes: readonly MaskShape[],
  width: number,
  height: number,
  createSurface: CreateMaskSurface = createCanvasSurface,
): Promise<Blob> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`mask size must be positive whole pixels, got ${width}×${height}`);
  }
  const surface = createSurface(width, height);
  drawMask(surface.context, shapes, width, height);
  return surface.toPng();
}
