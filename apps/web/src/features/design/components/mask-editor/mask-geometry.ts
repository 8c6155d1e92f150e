import type { MaskShape, Point, ViewTransform } from './mask-types.ts';
import { rasterCoversBox, rasterCoversRaster } from './wand-raster.ts';

export const MIN_SCALE = 0.02;
export const MAX_SCALE = 32;
/** How close (in screen pixels, whatever the zoom) a click must land on the first point to close a polygon. */
const CLOSE_RADIUS_PX = 10;

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function imageToScreen(p: Point, view: ViewTransform): Point {
  return { x: p.x * view.scale + view.x, y: p.y * view.scale + view.y };
}

export function screenToImage(p: Point, view: ViewTransform): Point {
  return { x: (p.x - view.x) / view.scale, y: (p.y - view.y) / view.scale };
}

/** Zooms by `factor` keeping the image point under `anchor` (screen px) where it is, as wheel zoom should. */
export function zoomAt(view: ViewTransform, anchor: Point, factor: number): ViewTransform {
  const scale = clamp(view.scale * factor, MIN_SCALE, MAX_SCALE);
  const fixed = screenToImage(anchor, view);
  return { scale, x: anchor.x - fixed.x * scale, y: anchor.y - fixed.y * scale };
}

/** Fits the whole image in the viewport with a margin, centred; never enlarges past 1:1. */
export function fitView(imageW: number, imageH: number, viewW: number, viewH: number, margin = 16): ViewTransform {
  if (imageW <= 0 || imageH <= 0 || viewW <= 0 || viewH <= 0) return { scale: 1, x: 0, y: 0 };
  const scale = clamp(Math.min((viewW - 2 * margin) / imageW, (viewH - 2 * margin) / imageH, 1), MIN_SCALE, MAX_SCALE);
  return { scale, x: (viewW - imageW * scale) / 2, y: (viewH - imageH * scale) / 2 };
}

/** Wheel delta to zoom factor: exponential, so a notch in and a notch out return to the same scale. */
export const wheelZoomFactor = (deltaY: number) => Math.exp(clamp(-deltaY, -300, 300) * 0.0015);

const DIRECTIONS: readonly Point[] = [
  { x: 1, y: 0 },
  { x: Math.SQRT1_2, y: Math.SQRT1_2 },
  { x: 0, y: 1 },
  { x: -Math.SQRT1_2, y: Math.SQRT1_2 },
  { x: -1, y: 0 },
  { x: -Math.SQRT1_2, y: -Math.SQRT1_2 },
  { x: 0, y: -1 },
  { x: Math.SQRT1_2, y: -Math.SQRT1_2 },
];

/**
 * Puts `to` on the nearest 45° ray from `from`, at its projection on that ray, so the snapped point stays
 * as close to the pointer as the constraint allows. Unit vectors from a table keep axis snaps exact.
 */
export function snapTo45(from: Point, to: Point): Point {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (dx === 0 && dy === 0) return { ...from };
  const octant = ((Math.round(Math.atan2(dy, dx) / (Math.PI / 4)) % 8) + 8) % 8;
  const dir = DIRECTIONS[octant]!;
  const length = dx * dir.x + dy * dir.y;
  return { x: from.x + dir.x * length, y: from.y + dir.y * length };
}

/**
 * True when a click at `pointer` (image px) should close the open polygon: it needs three points already,
 * and the distance to the first one is measured on screen so the target keeps its size at any zoom.
 */
export function closesPolygon(points: number[], pointer: Point, scale: number, radiusPx = CLOSE_RADIUS_PX): boolean {
  if (points.length < 6) return false;
  const distance = Math.hypot(pointer.x - points[0]!, pointer.y - points[1]!) * scale;
  return distance <= radiusPx;
}

/** Shoelace area of a flat point list (absolute, either winding). */
export function polygonArea(points: number[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i += 2) {
    const j = (i + 2) % points.length;
    twice += points[i]! * points[j + 1]! - points[j]! * points[i + 1]!;
  }
  return Math.abs(twice) / 2;
}

/** Rectangles may be drawn in any direction; stored ones always have positive width and height. */
export function normaliseRect(a: Point, b: Point) {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) };
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The area a shape can paint, strokes widened by their radius. */
function shapeBounds(shape: MaskShape): Box {
  if (shape.type === 'raster') return { x0: shape.x, y0: shape.y, x1: shape.x + shape.w, y1: shape.y + shape.h };
  if (shape.type === 'rect') {
    const r = normaliseRect({ x: shape.x, y: shape.y }, { x: shape.x + shape.w, y: shape.y + shape.h });
    return { x0: r.x, y0: r.y, x1: r.x + r.w, y1: r.y + r.h };
  }
  const pad = shape.type === 'stroke' ? shape.size / 2 : 0;
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (let i = 0; i + 1 < shape.points.length; i += 2) {
    box.x0 = Math.min(box.x0, shape.points[i]! - pad);
    box.x1 = Math.max(box.x1, shape.points[i]! + pad);
    box.y0 = Math.min(box.y0, shape.points[i + 1]! - pad);
    box.y1 = Math.max(box.y1, shape.points[i + 1]! + pad);
  }
  return box;
}

function paintsArea(shape: MaskShape): boolean {
  if (shape.type === 'raster') return shape.rects.length >= 4;
  if (shape.type === 'rect') return shape.w !== 0 && shape.h !== 0;
  if (shape.type === 'stroke') return shape.size > 0 && shape.points.length >= 2;
  return shape.points.length >= 6 && polygonArea(shape.points) > 0;
}

const contains = (outer: Box, inner: Box) =>
  outer.x0 <= inner.x0 && outer.y0 <= inner.y0 && outer.x1 >= inner.x1 && outer.y1 >= inner.y1;
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Whether a later subtracted shape takes back all of `shape`, remembered per pair: shapes never change. */
const coverCache = new WeakMap<MaskShape, WeakMap<MaskShape, boolean>>();

function erases(later: MaskShape, shape: MaskShape, box: Box): boolean {
  if (later.mode !== 'subtract') return false;
  if (later.type === 'rect') return contains(shapeBounds(later), box);
  if (later.type !== 'raster') return false;
  let known = coverCache.get(later);
  if (!known) coverCache.set(later, (known = new WeakMap()));
  let covered = known.get(shape);
  if (covered === undefined) {
    covered = shape.type === 'raster' ? rasterCoversRaster(later, shape) : rasterCoversBox(later, box);
    known.set(shape, covered);
  }
  return covered;
}

/**
 * True when some 'add' shape still paints area: not empty, inside the image when its size is given, and not
 * wholly covered by one later subtracted rectangle or wand selection. Cheap and conservative — partial
 * erasing, or erasing in several strokes, still counts — because the page calls it on every change to
 * decide whether a partial edit may be submitted.
 */
export function hasRegion(shapes: readonly MaskShape[], image?: { width: number; height: number }): boolean {
  const frame = image && { x0: 0, y0: 0, x1: image.width, y1: image.height };
  return shapes.some((shape, i) => {
    if (shape.mode !== 'add' || !paintsArea(shape)) return false;
    const box = shapeBounds(shape);
    if (frame && !overlaps(box, frame)) return false;
    return !shapes.slice(i + 1).some((later) => erases(later, shape, box));
  });
}
