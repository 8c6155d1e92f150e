import sharp from 'sharp';
import type { Sharp } from 'sharp';

export interface PasteBackOptions {
  /** Width of the soft edge, in pixels, laid entirely inside the mask. 0 gives a hard edge. */
  featherPx?: number;
}

/**
 * Step editing's promise: only the masked region changes. Engines (OpenAI above all) treat a mask
 * as a hint and may repaint or shift the whole picture, so the lifecycle lays the generated pixels
 * back onto the original through the mask. Outside the mask the result is the original's pixels,
 * bit for bit; the feather fades in only inside the mask edge, so no generated colour leaks out.
 *
 * `mask` is greyscale, white (≥ 128) = change; it and `generated` are stretched to the original's
 * size if they differ. The result is a PNG at the original's size.
 */
export async function pasteBack(
  original: Buffer,
  generated: Buffer,
  mask: Buffer,
  { featherPx = 4 }: PasteBackOptions = {},
): Promise<Buffer> {
  const meta = await sharp(original).metadata();
  const hasAlpha = meta.hasAlpha === true;
  const channels = hasAlpha ? 4 : 3;
  // Grey originals are widened to RGB (g → g,g,g is exact) so the generated colours have room.
  const decode = (img: Sharp) =>
    (hasAlpha ? img.ensureAlpha() : img.removeAlpha()).toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer();

  const { width, height } = meta;
  const [base, gen, maskPixels] = await Promise.all([
    decode(sharp(original)),
    decode(sharp(generated).resize(width, height, { fit: 'fill', kernel: 'lanczos3' })),
    sharp(mask)
      .flatten({ background: '#000000' })
      .resize(width, height, { fit: 'fill', kernel: 'nearest' })
      .greyscale()
      .toColourspace('b-w')
      .raw({ depth: 'uchar' })
      .toBuffer(),
  ]);

  const alpha = featherAlpha(maskPixels, width, height, Math.max(0, featherPx));
  const out = Buffer.from(base);
  for (let p = 0; p < alpha.length; p++) {
    const a = alpha[p]!;
    if (a === 0) continue;
    const o = p * channels;
    for (let c = 0; c < channels; c++) {
      out[o + c] = a === 255 ? gen[o + c]! : Math.round((base[o + c]! * (255 - a) + gen[o + c]! * a) / 255);
    }
  }
  return sharp(out, { raw: { width, height, channels } }).png().toBuffer();
}

/**
 * Per-pixel opacity of the generated image: 0 outside the mask and on its boundary pixels,
 * rising smoothly to 255 at `featherPx` pixels inside. The distance to the nearest unmasked
 * pixel comes from a two-pass 3-4 chamfer transform (exact enough for a few pixels of feather).
 * The picture's own border is not a mask edge, so it is not feathered.
 */
export function featherAlpha(mask: Uint8Array, width: number, height: number, featherPx: number): Uint8Array {
  const alpha = new Uint8Array(width * height);
  if (featherPx === 0) {
    for (let p = 0; p < alpha.length; p++) alpha[p] = mask[p]! >= 128 ? 255 : 0;
    return alpha;
  }
  const far = 0x3fffffff;
  const d = new Int32Array(width * height);
  for (let p = 0; p < d.length; p++) d[p] = mask[p]! >= 128 ? far : 0;
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= width || y >= height ? far : d[y * width + x]!);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (d[p] === 0) continue;
      d[p] = Math.min(d[p]!, at(x - 1, y) + 3, at(x, y - 1) + 3, at(x - 1, y - 1) + 4, at(x + 1, y - 1) + 4);
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const p = y * width + x;
      if (d[p] === 0) continue;
      d[p] = Math.min(d[p]!, at(x + 1, y) + 3, at(x, y + 1) + 3, at(x + 1, y + 1) + 4, at(x - 1, y + 1) + 4);
    }
  }
  for (let p = 0; p < d.length; p++) {
    if (d[p] === 0) continue;
    // Boundary pixels sit at distance 1 (3 chamfer units): they stay original.
    const t = Math.min(1, Math.max(0, (d[p]! / 3 - 1) / featherPx));
    alpha[p] = Math.round(255 * t * t * (3 - 2 * t));
  }
  return alpha;
}
