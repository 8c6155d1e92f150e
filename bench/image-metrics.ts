// Full-reference quality and sharpness of RGB pictures, for the upscaler benchmark (u3).

/** RGB pixels, 3 bytes each. */
export interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

function luma(img: Rgb): Float64Array {
  const out = new Float64Array(img.width * img.height);
  for (let i = 0; i < out.length; i++)
    out[i] = 0.299 * img.data[i * 3]! + 0.587 * img.data[i * 3 + 1]! + 0.114 * img.data[i * 3 + 2]!;
  return out;
}

export function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

/** Separable Gaussian blur (σ 1.5, 11 taps), edges clamped. */
function blur(src: Float64Array, w: number, h: number): Float64Array {
  const k = Array.from({ length: 11 }, (_, i) => Math.exp(-((i - 5) ** 2) / (2 * 1.5 * 1.5)));
  const total = k.reduce((s, v) => s + v, 0);
  const taps = k.map((v) => v / total);
  const tmp = new Float64Array(src.length);
  const out = new Float64Array(src.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let i = 0; i < 11; i++) s += taps[i]! * src[y * w + Math.min(w - 1, Math.max(0, x + i - 5))]!;
      tmp[y * w + x] = s;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let i = 0; i < 11; i++) s += taps[i]! * tmp[Math.min(h - 1, Math.max(0, y + i - 5)) * w + x]!;
      out[y * w + x] = s;
    }
  return out;
}

/** SSIM of the luma (Wang et al. 2004: Gaussian window σ 1.5, K1 0.01, K2 0.03), mean over the image. */
export function ssim(a: Rgb, b: Rgb): number {
  const { width: w, height: h } = a;
  const x = luma(a);
  const y = luma(b);
  const product = (p: Float64Array, q: Float64Array) => p.map((v, i) => v * q[i]!);
  const [mx, my, xx, yy, xy] = [x, y, product(x, x), product(y, y), product(x, y)].map((m) => blur(m, w, h));
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let sum = 0;
  for (let i = 0; i < x.length; i++) {
    const [ux, uy] = [mx![i]!, my![i]!];
    const vx = xx![i]! - ux * ux;
    const vy = yy![i]! - uy * uy;
    const cov = xy![i]! - ux * uy;
    sum += ((2 * ux * uy + c1) * (2 * cov + c2)) / ((ux * ux + uy * uy + c1) * (vx + vy + c2));
  }
  return sum / x.length;
}

/** Variance of the 4-neighbour Laplacian of the luma: higher is crisper (and noise counts too). */
export function laplacianVariance(img: Rgb): number {
  const { width: w, height: h } = img;
  const l = luma(img);
  let [sum, sq, n] = [0, 0, 0];
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const v = l[i - 1]! + l[i + 1]! + l[i - w]! + l[i + w]! - 4 * l[i]!;
      sum += v;
      sq += v * v;
      n++;
    }
  return sq / n - (sum / n) ** 2;
}
