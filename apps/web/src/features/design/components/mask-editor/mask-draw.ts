import type { MaskShape } from './mask-types.ts';

/**
 * The part of CanvasRenderingContext2D the mask needs. Rasterising through this narrow interface lets tests
 * check the drawing without a real canvas (jsdom has none) and keeps the browser path a plain 2D context.
 */
export interface MaskDrawingContext {
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void;
  closePath(): void;
  fill(): void;
  stroke(): void;
  fillRect(x: number, y: number, w: number, h: number): void;
}

const MASK_CHANGE = '#ffffff';
const MASK_KEEP = '#000000';

function tracePolyline(ctx: MaskDrawingContext, points: number[]) {
  ctx.moveTo(points[0]!, points[1]!);
  for (let i = 2; i + 1 < points.length; i += 2) ctx.lineTo(points[i]!, points[i + 1]!);
}

/** Paints one shape: white where the model may change the image, black where it must keep it. */
function drawShape(ctx: MaskDrawingContext, shape: MaskShape) {
  const colour = shape.mode === 'add' ? MASK_CHANGE : MASK_KEEP;
  ctx.fillStyle = colour;
  ctx.strokeStyle = colour;
  if (shape.type === 'raster') {
    // Whole-pixel rectangles: each fills its pixels completely, so neighbours meet without a seam.
    const { rects } = shape;
    for (let i = 0; i + 3 < rects.length; i += 4) {
      ctx.fillRect(rects[i]!, rects[i + 1]!, rects[i + 2]! - rects[i]!, rects[i + 3]! - rects[i + 1]!);
    }
  } else if (shape.type === 'rect') {
    // Negative sizes would be valid for fillRect too, but stored rectangles are normalised; this keeps old ones safe.
    const x = Math.min(shape.x, shape.x + shape.w);
    const y = Math.min(shape.y, shape.y + shape.h);
    ctx.fillRect(x, y, Math.abs(shape.w), Math.abs(shape.h));
  } else if (shape.type === 'polygon') {
    if (shape.points.length < 6) return;
    ctx.beginPath();
    tracePolyline(ctx, shape.points);
    ctx.closePath();
    ctx.fill();
  } else if (shape.points.length === 2) {
    // A click without a drag: canvases drop zero-length segments, so a dot is filled as a circle.
    ctx.beginPath();
    ctx.arc(shape.points[0]!, shape.points[1]!, shape.size / 2, 0, Math.PI * 2);
    ctx.fill();
  } else if (shape.points.length >= 4) {
    ctx.lineWidth = shape.size;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    tracePolyline(ctx, shape.points);
    ctx.stroke();
  }
}

/** Clears to "keep" and replays every shape in order, so later subtractions cut earlier additions. */
export function drawMask(ctx: MaskDrawingContext, shapes: readonly MaskShape[], width: number, height: number) {
  ctx.fillStyle = MASK_KEEP;
  ctx.fillRect(0, 0, width, height);
  for (const shape of shapes) drawShape(ctx, shape);
}
