import type { WandPixels } from './magic-wand.ts';

/**
 * The pixels of an image scaled to width × height, read through a 2D canvas: an OffscreenCanvas where
 * there is one (also inside a worker), a detached <canvas> otherwise. Throws when the image is from
 * another origin that does not allow reading it.
 */
export function readPixels(source: CanvasImageSource, width: number, height: number): WandPixels {
  const canvas =
    typeof OffscreenCanvas !== 'undefined'
      ? new OffscreenCanvas(width, height)
      : Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d', { willReadFrequently: true }) as
    CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) throw new Error('2D canvas unavailable');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}
