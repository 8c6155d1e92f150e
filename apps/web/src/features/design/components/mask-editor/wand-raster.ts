import type { Box, Selection } from './magic-wand.ts';
import type { MaskMode, RasterShape } from './mask-types.ts';

/**
 * A selection on the working grid as a raster shape on the base image's pixels. Each run of selected
 * pixels in a grid row becomes a rectangle with whole-pixel corners (a grid smaller than the image
 * scales up by nearest neighbour, so neighbouring rows share their edges exactly), and a rectangle
 * continues down while the rows below have the same run: a wall's straight sides cost one rectangle,
 * not one per row. Null when nothing is selected.
 */
export function selectionToRaster(
  selection: Selection,
  mode: MaskMode,
  imageWidth: number,
  imageHeight: number,
): RasterShape | null {
  const { mask, width, height, box } = selection;
  const fx = imageWidth / width;
  const fy = imageHeight / height;
  const rects: number[] = [];
  // Rectangles still open at the previous row, as [x0, x1, index into rects] triples in x order.
  let open: number[] = [];
  let next: number[] = [];
  const bounds = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (let gy = box.y0; gy < box.y1; gy += 1) {
    const y0 = Math.round(gy * fy);
    const y1 = Math.round((gy + 1) * fy);
    next = [];
    let j = 0;
    const row = gy * width;
    for (let gx = box.x0; gx < box.x1; gx += 1) {
      if (!mask[row + gx]) continue;
      let end = gx + 1;
      while (end < box.x1 && mask[row + end]) end += 1;
      const x0 = Math.round(gx * fx);
      const x1 = Math.round(end * fx);
      gx = end;
      if (x1 <= x0 || y1 <= y0) continue;
      while (j < open.length && open[j]! < x0) j += 3;
      const same = j < open.length && open[j] === x0 && open[j + 1] === x1 && rects[open[j + 2]! + 3] === y0;
      const at = same ? open[j + 2]! : rects.length;
      if (same) rects[at + 3] = y1;
      else rects.push(x0, y0, x1, y1);
      next.push(x0, x1, at);
      bounds.x0 = Math.min(bounds.x0, x0);
      bounds.x1 = Math.max(bounds.x1, x1);
      bounds.y0 = Math.min(bounds.y0, y0);
      bounds.y1 = Math.max(bounds.y1, y1);
    }
    open = next;
  }
  if (rects.length === 0) return null;
  return {
    type: 'raster',
    mode,
    rects: Int32Array.from(rects),
    x: bounds.x0,
    y: bounds.y0,
    w: bounds.x1 - bounds.x0,
    h: bounds.y1 - bounds.y0,
  };
}

/** A raster's pixels row by row: for each row from its top, the sorted, merged [x0, x1, …] spans. */
interface Rows {
  y0: number;
  rows: number[][];
}

const rowsCache = new WeakMap<RasterShape, Rows>();

function rowsOf(shape: RasterShape): Rows {
  const cached = rowsCache.get(shape);
  if (cached) return cached;
  const rows: number[][] = Array.from({ length: shape.h }, () => []);
  const { rects } = shape;
  for (let i = 0; i + 3 < rects.length; i += 4) {
    for (let y = rects[i + 1]!; y < rects[i + 3]!; y += 1) rows[y - shape.y]!.push(rects[i]!, rects[i + 2]!);
  }
  for (let r = 0; r < rows.length; r += 1) {
    const spans = rows[r]!;
    const order = Array.from({ length: spans.length / 2 }, (_, k) => k).sort((a, b) => spans[2 * a]! - spans[2 * b]!);
    const merged: number[] = [];
    for (const k of order) {
      const x0 = spans[2 * k]!;
      const x1 = spans[2 * k + 1]!;
      if (merged.length > 0 && merged.at(-1)! >= x0) merged[merged.length - 1] = Math.max(merged.at(-1)!, x1);
      else merged.push(x0, x1);
    }
    rows[r] = merged;
  }
  const result = { y0: shape.y, rows };
  rowsCache.set(shape, result);
  return result;
}

/** True when the merged spans `outer` cover every pixel of [x0, x1). */
function spansCover(outer: readonly number[], x0: number, x1: number) {
  for (let i = 0; i < outer.length; i += 2) if (outer[i]! <= x0 && outer[i + 1]! >= x1) return true;
  return false;
}

/** True when every pixel of `box` (rounded out to whole pixels) belongs to the raster. */
export function rasterCoversBox(raster: RasterShape, box: Box): boolean {
  const x0 = Math.floor(box.x0);
  const x1 = Math.ceil(box.x1);
  const y0 = Math.floor(box.y0);
  const y1 = Math.ceil(box.y1);
  if (x0 < raster.x || y0 < raster.y || x1 > raster.x + raster.w || y1 > raster.y + raster.h) return false;
  const { rows } = rowsOf(raster);
  for (let y = y0; y < y1; y += 1) if (!spansCover(rows[y - raster.y]!, x0, x1)) return false;
  return true;
}

/** True when every pixel of `inner` also belongs to `outer`. */
export function rasterCoversRaster(outer: RasterShape, inner: RasterShape): boolean {
  if (inner.x < outer.x || inner.y < outer.y) return false;
  if (inner.x + inner.w > outer.x + outer.w || inner.y + inner.h > outer.y + outer.h) return false;
  const a = rowsOf(outer);
  const b = rowsOf(inner);
  for (let r = 0; r < b.rows.length; r += 1) {
    const spans = b.rows[r]!;
    const around = a.rows[b.y0 + r - a.y0]!;
    for (let i = 0; i < spans.length; i += 2) if (!spansCover(around, spans[i]!, spans[i + 1]!)) return false;
  }
  return true;
}
