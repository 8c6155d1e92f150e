import sharp from 'sharp';
import type { Blend, OverlayOptions, Sharp } from 'sharp';
import { parseHex } from './color.ts';

/** Decoded RGB pixels: the preview engine works on raw buffers between steps so nothing is lost to re-encoding. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

export const fromRaw = (img: RawImage): Sharp =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });

export async function toRaw(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * An input image cover-fitted to the output size, as RGB. An image already at that size is not
 * resampled, so edit mode can keep its unmasked pixels exactly.
 */
export async function loadCover(input: Buffer, width: number, height: number): Promise<RawImage> {
  const meta = await sharp(input).metadata();
  let pipeline = sharp(input).flatten({ background: '#ffffff' });
  if (meta.width !== width || meta.height !== height) {
    pipeline = pipeline.resize(width, height, { fit: 'cover', kernel: 'lanczos3' });
  }
  return toRaw(pipeline);
}

/** A single-channel image (mask, depth, line art) at the output size. */
export async function loadGrey(input: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(input)
    .flatten({ background: '#000000' })
    .resize(width, height, { fit: 'cover' })
    .greyscale()
    .toColourspace('b-w')
    .raw()
    .toBuffer();
}

/** a·(1−t) + b·t per channel; both images share one size. */
export function blend(a: RawImage, b: RawImage, t: number): RawImage {
  const out = Buffer.allocUnsafe(a.data.length);
  const k = Math.round(Math.max(0, Math.min(1, t)) * 256);
  for (let i = 0; i < out.length; i++) out[i] = (a.data[i]! * (256 - k) + b.data[i]! * k) >> 8;
  return { ...a, data: out };
}

/** A flat colour overlay whose opacity per pixel is `alpha` (0–255) scaled by `amount`, for sharp's composite. */
export function colourLayer(
  colour: string,
  alpha: Buffer | number,
  amount: number,
  width: number,
  height: number,
  blendMode: Blend = 'over',
): OverlayOptions {
  const { r, g, b } = parseHex(colour);
  const out = Buffer.allocUnsafe(width * height * 4);
  const k = Math.max(0, Math.min(1, amount));
  for (let p = 0, q = 0; p < width * height; p++, q += 4) {
    out[q] = r;
    out[q + 1] = g;
    out[q + 2] = b;
    out[q + 3] = Math.round((typeof alpha === 'number' ? alpha : alpha[p]!) * k);
  }
  return { input: out, raw: { width, height, channels: 4 }, blend: blendMode };
}

/** The most common colour of an image, as hex (sharp's histogram-based dominant colour). */
export async function dominantColour(input: Buffer): Promise<string> {
  const { dominant } = await sharp(input).stats();
  return '#' + [dominant.r, dominant.g, dominant.b].map((v) => v.toString(16).padStart(2, '0')).join('');
}

/** Mean of a single-channel buffer, to tell dark-on-light drawings from light-on-dark ones. */
export function mean(grey: Buffer): number {
  let sum = 0;
  for (let i = 0; i < grey.length; i++) sum += grey[i]!;
  return grey.length === 0 ? 0 : sum / grey.length;
}
