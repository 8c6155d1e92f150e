import { contours } from 'd3-contour';
import type { MaskShape } from './mask-types.ts';

/** A mask traced on a grid this size at most: outlines to a few image pixels, a few hundred points each. */
const TRACE_GRID = 256;

/** Twice the signed area of a closed ring (shoelace): positive one way round, negative the other. */
function ringArea(ring: readonly (readonly number[])[]) {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    sum += ring[j]![0]! * ring[i]![1]! - ring[i]![0]! * ring[j]![1]!;
  }
  return sum / 2;
}

/**
 * The region of a mask image as editable shapes: each outline of the white area becomes an 'add'
 * polygon and each hole in it a 'subtract' one, in image pixels. `values` is the mask's brightness
 * (0–255) on a gridW × gridH grid laid over an image of imageW × imageH pixels. Larger outlines come
 * first, so a hole always follows the outline around it and an island in a hole follows the hole:
 * drawn in that order the shapes give back the mask (its edges to within a grid cell).
 */
export function shapesFromMask(
  values: ArrayLike<number>,
  gridW: number,
  gridH: number,
  imageW: number,
  imageH: number,
): MaskShape[] {
  // Pad by one dark cell on every side so a region touching the border still gets a closed outline.
  const w = gridW + 2;
  const h = gridH + 2;
  const padded = new Float64Array(w * h);
  for (let y = 0; y < gridH; y += 1) {
    for (let x = 0; x < gridW; x += 1) padded[(y + 1) * w + x + 1] = values[y * gridW + x]!;
  }
  const sx = imageW / gridW;
  const sy = imageH / gridH;
  const clampX = (v: number) => Math.min(imageW, Math.max(0, (v - 1) * sx));
  const clampY = (v: number) => Math.min(imageH, Math.max(0, (v - 1) * sy));
  const [area] = contours().size([w, h]).thresholds([128])(Array.from(padded));
  const rings: { points: number[]; mode: 'add' | 'subtract'; size: number }[] = [];
  for (const polygon of area?.coordinates ?? []) {
    polygon.forEach((ring, index) => {
      const points = ring.slice(0, -1).flatMap(([x, y]) => [clampX(x!), clampY(y!)]);
      if (points.length < 6) return;
      // d3-contour gives each polygon its outline first, then its holes.
      rings.push({ points, mode: index === 0 ? 'add' : 'subtract', size: Math.abs(ringArea(ring)) });
    });
  }
  return rings
    .sort((a, b) => b.size - a.size)
    .map(({ points, mode }) => ({ type: 'polygon', mode, points }) satisfies MaskShape);
}

/**
 * Loads a mask image (white = the region to change) and traces it as shapes for an image of
 * imageW × imageH pixels. The image is read at most TRACE_GRID pixels on its long side.
 */
export async function loadMaskShapes(url: string, imageW: number, imageH: number): Promise<MaskShape[]> {
  const blob = await fetch(url).then((res) => {
    if (!res.ok) throw new Error(`mask image answered ${res.status}`);
    return res.blob();
  });
  const bitmap = await createImageBitmap(blob);
  const scale = Math.min(1, TRACE_GRID / Math.max(bitmap.width, bitmap.height));
  const gridW = Math.max(1, Math.round(bitmap.width * scale));
  const gridH = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(gridW, gridH);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable');
  context.drawImage(bitmap, 0, 0, gridW, gridH);
  bitmap.close();
  const { data } = context.getImageData(0, 0, gridW, gridH);
  const values = new Uint8ClampedArray(gridW * gridH);
  for (let i = 0; i < values.length; i += 1) values[i] = data[i * 4]!;
  return shapesFromMask(values, gridW, gridH, imageW, imageH);
}
