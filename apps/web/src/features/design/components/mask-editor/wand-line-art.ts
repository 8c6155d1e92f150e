import { scanFill, type Selection, type WandPixels } from './magic-wand.ts';

/**
 * Gradient strength above which a pixel is on a line. The same edge pass as the server's line-art
 * extraction (grey, a light blur, Sobel, this threshold), so the regions the editor finds are the ones
 * enclosed by the lines the studio's "extract line art" draws.
 */
const LINE_THRESHOLD = 18;
/** A 3-tap Gaussian of σ ≈ 0.8, the blur the server applies before its Sobel pass. */
const BLUR = [0.239, 0.522, 0.239] as const;

function blurRows(src: Float32Array, width: number, height: number, horizontal: boolean) {
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const before = horizontal ? (x > 0 ? i - 1 : i) : y > 0 ? i - width : i;
      const after = horizontal ? (x < width - 1 ? i + 1 : i) : y < height - 1 ? i + width : i;
      out[i] = BLUR[0] * src[before]! + BLUR[1] * src[i]! + BLUR[2] * src[after]!;
    }
  }
  return out;
}

/** The line art of an image as a mask on its grid: 1 where a line is. */
export function lineArtEdges(pixels: WandPixels): Uint8Array {
  const { width, height, data } = pixels;
  const grey = new Float32Array(width * height);
  for (let i = 0; i < grey.length; i += 1) {
    grey[i] = 0.2126 * data[i * 4]! + 0.7152 * data[i * 4 + 1]! + 0.0722 * data[i * 4 + 2]!;
  }
  const soft = blurRows(blurRows(grey, width, height, true), width, height, false);
  const edges = new Uint8Array(width * height);
  const limit = LINE_THRESHOLD * LINE_THRESHOLD;
  for (let y = 0; y < height; y += 1) {
    // Rows and columns past the border repeat the border, as sharp's convolution does.
    const up = Math.max(0, y - 1) * width;
    const row = y * width;
    const down = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x += 1) {
      const l = Math.max(0, x - 1);
      const r = Math.min(width - 1, x + 1);
      const gx =
        soft[up + r]! + 2 * soft[row + r]! + soft[down + r]! - soft[up + l]! - 2 * soft[row + l]! - soft[down + l]!;
      const gy =
        soft[down + l]! + 2 * soft[down + x]! + soft[down + r]! - soft[up + l]! - 2 * soft[up + x]! - soft[up + r]!;
      if (gx * gx + gy * gy > limit) edges[row + x] = 1;
    }
  }
  return edges;
}

/**
 * Lines thickened by one pixel on every side: a gap of up to two pixels in a drawn outline, or the
 * zero-gradient middle of a thin line, then no longer lets a fill run out of the region it encloses.
 */
export function closeGaps(edges: Uint8Array, width: number, height: number): Uint8Array {
  const out = edges.slice();
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (edges[i]) continue;
      if (
        (x > 0 && edges[i - 1]) ||
        (x < width - 1 && edges[i + 1]) ||
        (y > 0 && edges[i - width]) ||
        (y < height - 1 && edges[i + width])
      ) {
        out[i] = 1;
      }
    }
  }
  return out;
}

/**
 * How far (grid pixels) from a click on a line the nearest free pixel may be looked for: a drawn
 * one-pixel line is seven pixels of wall (Sobel marks two pixels on each side, closing the gaps one more).
 */
const SNAP_RADIUS = 4;

function nearestFree(walls: Uint8Array, width: number, height: number, x: number, y: number) {
  let best: { x: number; y: number; d: number } | null = null;
  for (let dy = -SNAP_RADIUS; dy <= SNAP_RADIUS; dy += 1) {
    for (let dx = -SNAP_RADIUS; dx <= SNAP_RADIUS; dx += 1) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height || walls[ny * width + nx]) continue;
      const d = dx * dx + dy * dy;
      if (!best || d < best.d) best = { x: nx, y: ny, d };
    }
  }
  return best;
}

/**
 * The region enclosed by lines around (x, y): a 4-connected fill over the pixels that are not on a
 * (gap-closed) line, so it cannot slip through a diagonal line either. A click on a line starts from the
 * nearest pixel beside it; null when there is none (the click is inside a thick line) or it is outside.
 */
export function fillEnclosed(walls: Uint8Array, width: number, height: number, x: number, y: number): Selection | null {
  const sx = Math.floor(x);
  const sy = Math.floor(y);
  if (!(sx >= 0 && sy >= 0 && sx < width && sy < height)) return null;
  const start = walls[sy * width + sx] ? nearestFree(walls, width, height, sx, sy) : { x: sx, y: sy };
  if (!start) return null;
  return scanFill(width, height, start.x, start.y, (i) => walls[i] === 0, 4);
}
