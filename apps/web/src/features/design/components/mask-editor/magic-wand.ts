/** RGBA pixels, four bytes each, row by row: what ImageData holds. */
export interface WandPixels {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** A pixel box; x1 and y1 are exclusive. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A binary mask on the working grid (1 = selected), with the box of its selected pixels and their count. */
export interface Selection {
  width: number;
  height: number;
  mask: Uint8Array;
  box: Box;
  count: number;
}

/** 4 joins pixels that share an edge; 8 also joins pixels that touch at a corner. */
export type Connectivity = 4 | 8;

export interface ColourFillOptions {
  /** 0 takes only the clicked colour; 100 reaches colours a CIE76 ΔE of 100 away (black to white). */
  tolerance: number;
  connectivity?: Connectivity;
}

const UNKNOWN = 0;
const FILLED = 1;
const REJECTED = 2;
const ACCEPTED = 3;

/**
 * Scanline flood fill from (sx, sy) over the pixels `accept` lets in. Each pixel is tested at most once
 * (its verdict is kept), whole runs of a row are filled at a time and only the start of each run in the
 * rows above and below goes on the stack, so a fill costs a few passes over its area, not one call per
 * neighbour. The seed is always selected, so a click selects at least the pixel it landed on.
 */
export function scanFill(
  width: number,
  height: number,
  sx: number,
  sy: number,
  accept: (index: number) => boolean,
  connectivity: Connectivity = 4,
): Selection {
  const state = new Uint8Array(width * height);
  const open = (i: number) => {
    if (state[i] === UNKNOWN) state[i] = accept(i) ? ACCEPTED : REJECTED;
    return state[i] === ACCEPTED;
  };
  state[sy * width + sx] = ACCEPTED;
  const box = { x0: sx, y0: sy, x1: sx + 1, y1: sy + 1 };
  let count = 0;
  const stack: number[] = [sx, sy];
  while (stack.length > 0) {
    const y = stack.pop()!;
    const x = stack.pop()!;
    const row = y * width;
    if (state[row + x] !== ACCEPTED) continue;
    let left = x;
    while (left > 0 && open(row + left - 1)) left -= 1;
    let right = x;
    while (right < width - 1 && open(row + right + 1)) right += 1;
    state.fill(FILLED, row + left, row + right + 1);
    count += right - left + 1;
    box.x0 = Math.min(box.x0, left);
    box.x1 = Math.max(box.x1, right + 1);
    box.y0 = Math.min(box.y0, y);
    box.y1 = Math.max(box.y1, y + 1);
    // Diagonal neighbours count only with 8-connectivity: the run's corners reach one pixel further.
    const lo = connectivity === 8 ? Math.max(0, left - 1) : left;
    const hi = connectivity === 8 ? Math.min(width - 1, right + 1) : right;
    for (const ny of [y - 1, y + 1]) {
      if (ny < 0 || ny >= height) continue;
      const next = ny * width;
      let inRun = false;
      for (let nx = lo; nx <= hi; nx += 1) {
        if (open(next + nx)) {
          if (!inRun) stack.push(nx, ny);
          inRun = true;
        } else inRun = false;
      }
    }
  }
  const mask = new Uint8Array(width * height);
  for (let y = box.y0; y < box.y1; y += 1) {
    for (let i = y * width + box.x0, end = y * width + box.x1; i < end; i += 1) mask[i] = state[i] === FILLED ? 1 : 0;
  }
  return { width, height, mask, box, count };
}

/** sRGB byte → linear light. */
const linear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
/** One channel's share of X/Xn, Y/Yn and Z/Zn (D65) for each byte value: three look-ups per axis and pixel. */
const channelTable = (weights: readonly number[]) =>
  weights.map((w) => Float64Array.from({ length: 256 }, (_, v) => w * linear(v)));
const [XR, YR, ZR] = channelTable([0.4124564 / 0.95047, 0.2126729, 0.0193339 / 1.08883]);
const [XG, YG, ZG] = channelTable([0.3575761 / 0.95047, 0.7151522, 0.119192 / 1.08883]);
const [XB, YB, ZB] = channelTable([0.1804375 / 0.95047, 0.072175, 0.9503041 / 1.08883]);

/**
 * Lab's f(t) on [0, 1] from a table with linear interpolation: the cube root is most of the cost of a
 * colour comparison, and at this step the error stays below 0.001 ΔE.
 */
const F_STEPS = 4096;
const labF = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
const F_TABLE = Float64Array.from({ length: F_STEPS + 2 }, (_, i) => labF(Math.min(1, i / F_STEPS)));
function f(t: number) {
  const at = Math.min(1, Math.max(0, t)) * F_STEPS;
  const i = Math.floor(at);
  return F_TABLE[i]! + (F_TABLE[i + 1]! - F_TABLE[i]!) * (at - i);
}

/**
 * CIE L*a*b* (D65) of one sRGB pixel, into `out`. Distances in Lab follow what a person sees as "the same
 * wall": a shadow across it moves mostly L, while a different material moves a and b too.
 */
function toLab(r: number, g: number, b: number, out: Float64Array | number[], at = 0) {
  const fx = f(XR![r]! + XG![g]! + XB![b]!);
  const fy = f(YR![r]! + YG![g]! + YB![b]!);
  const fz = f(ZR![r]! + ZG![g]! + ZB![b]!);
  out[at] = 116 * fy - 16;
  out[at + 1] = 500 * (fx - fy);
  out[at + 2] = 200 * (fy - fz);
}

/** Neighbours further than this (ΔE) from the clicked pixel are another area, not noise to average out. */
const SAMPLE_SPREAD = 12;

/**
 * The clicked colour: the mean Lab of the clicked pixel and those of its 3×3 neighbours close to it in
 * colour. One noisy pixel does not decide what "similar" means, and a click beside an edge does not
 * mix in the colour across it.
 */
function sampleColour(pixels: WandPixels, x: number, y: number) {
  const lab = [0, 0, 0];
  const at = (xx: number, yy: number) => {
    const o = (yy * pixels.width + xx) * 4;
    toLab(pixels.data[o]!, pixels.data[o + 1]!, pixels.data[o + 2]!, lab);
    return [lab[0]!, lab[1]!, lab[2]!] as const;
  };
  const seed = at(x, y);
  const sum = [0, 0, 0];
  let n = 0;
  for (let yy = Math.max(0, y - 1); yy <= Math.min(pixels.height - 1, y + 1); yy += 1) {
    for (let xx = Math.max(0, x - 1); xx <= Math.min(pixels.width - 1, x + 1); xx += 1) {
      const c = at(xx, yy);
      if (Math.hypot(c[0] - seed[0], c[1] - seed[1], c[2] - seed[2]) > SAMPLE_SPREAD) continue;
      sum[0]! += c[0];
      sum[1]! += c[1];
      sum[2]! += c[2];
      n += 1;
    }
  }
  return sum.map((v) => v / n) as [number, number, number];
}

/**
 * The connected area around (x, y) whose colours lie within `tolerance` of the colour clicked, on
 * `pixels`' own grid. Null when the point is outside the image.
 */
export function colourFill(pixels: WandPixels, x: number, y: number, options: ColourFillOptions): Selection | null {
  const { width, height, data } = pixels;
  const sx = Math.floor(x);
  const sy = Math.floor(y);
  if (!(sx >= 0 && sy >= 0 && sx < width && sy < height)) return null;
  const [l0, a0, b0] = sampleColour(pixels, sx, sy);
  const tolerance = Math.min(100, Math.max(0, options.tolerance));
  // A hair above the square so a flat colour still matches the mean of nine equal samples after rounding.
  const limit = tolerance * tolerance + 1e-6;
  const lab = new Float64Array(3);
  // Neighbouring pixels often share a colour (flat paint, renders): the last verdict is kept by colour.
  let lastColour = -1;
  let lastVerdict = false;
  const accept = (i: number) => {
    const o = i * 4;
    const colour = (data[o]! << 16) | (data[o + 1]! << 8) | data[o + 2]!;
    if (colour === lastColour) return lastVerdict;
    toLab(data[o]!, data[o + 1]!, data[o + 2]!, lab);
    const dl = lab[0]! - l0;
    const da = lab[1]! - a0;
    const db = lab[2]! - b0;
    lastColour = colour;
    lastVerdict = dl * dl + da * da + db * db <= limit;
    return lastVerdict;
  };
  return scanFill(width, height, sx, sy, accept, options.connectivity ?? 4);
}
