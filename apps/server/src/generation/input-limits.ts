import sharp from 'sharp';
import type { EngineInputLimits } from '@turing/contract';
import { EngineError } from './engine.ts';

type Size = { width: number; height: number };

/**
 * The size an image of (width, height) is sent at, and the centred crop taken from it: scaled up
 * (ratio kept) until its short side reaches `minSide`; a long side then over `maxSide` is scaled
 * back when the short side allows, else cropped to it, centred; over `maxPixels`, scaled down.
 * `crop` is absent when the whole scaled image is sent.
 */
export function sizeWithin(width: number, height: number, limits: EngineInputLimits): { scaled: Size; crop?: Size } {
  const { minSide = 1, maxSide = Infinity, maxPixels = Infinity } = limits;
  let scale = 1;
  if (Math.min(width, height) < minSide) scale = minSide / Math.min(width, height);
  if (Math.max(width, height) * scale > maxSide)
    scale = Math.max(maxSide / Math.max(width, height), minSide / Math.min(width, height));
  if (width * height * scale * scale > maxPixels) scale = Math.sqrt(maxPixels / (width * height));
  // Rounded so the short side never falls below the minimum, nor the long one over the maximum.
  const side = (v: number, isShort: boolean) => {
    const exact = v * scale;
    const rounded = scale > 1 || isShort ? Math.ceil(exact - 1e-9) : Math.floor(exact + 1e-9);
    return Math.max(1, scale === 1 ? v : rounded);
  };
  const wide = width >= height;
  let scaled = { width: side(width, !wide), height: side(height, wide) };
  if (scaled.width * scaled.height > maxPixels) {
    scaled = { width: Math.floor(width * scale), height: Math.floor(height * scale) };
  }
  const crop = { width: Math.min(scaled.width, maxSide), height: Math.min(scaled.height, maxSide) };
  return crop.width < scaled.width || crop.height < scaled.height ? { scaled, crop } : { scaled };
}

async function sizeOf(image: Buffer): Promise<Size & { format?: string }> {
  const meta = await sharp(image).metadata();
  if (!meta.width || !meta.height) throw new EngineError('invalid', 'an input image has no size');
  return { width: meta.width, height: meta.height, format: meta.format };
}

/** The image at the scaled size, cropped centred, as PNG; a mask keeps hard edges (nearest neighbour). */
async function reshape(image: Buffer, size: { scaled: Size; crop?: Size }, mask: boolean): Promise<Buffer> {
  const scaled = await sharp(image)
    .resize(size.scaled.width, size.scaled.height, { fit: 'fill', kernel: mask ? 'nearest' : 'lanczos3' })
    .png()
    .toBuffer();
  if (!size.crop) return scaled;
  const left = Math.floor((size.scaled.width - size.crop.width) / 2);
  const top = Math.floor((size.scaled.height - size.crop.height) / 2);
  return sharp(scaled)
    .extract({ left, top, ...size.crop })
    .png()
    .toBuffer();
}

/**
 * The image encoded within `maxBytes`: as it is when it fits, else PNG at the highest compression,
 * then JPEG at falling quality (a mask stays a greyscale PNG), then smaller by a tenth at a time
 * while its short side stays at `minSide` or more.
 */
async function encodeWithin(image: Buffer, limits: EngineInputLimits, mask: boolean): Promise<Buffer> {
  const max = limits.maxBytes ?? Infinity;
  if (image.length <= max) return image;
  let current = image;
  for (let round = 0; round < 12; round++) {
    const tries = mask
      ? [() => sharp(current).greyscale().png({ compressionLevel: 9 }).toBuffer()]
      : [
          () => sharp(current).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer(),
          ...[90, 80, 70, 60].map(
            (quality) => () =>
              sharp(current).flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }).toBuffer(),
          ),
        ];
    for (const attempt of tries) {
      const out = await attempt();
      if (out.length <= max) return out;
    }
    const own = await sizeOf(current);
    const minSide = limits.minSide ?? 1;
    const factor = Math.max(0.9, minSide / Math.min(own.width, own.height));
    if (factor >= 1) break;
    current = await sharp(current)
      .resize(Math.round(own.width * factor), Math.round(own.height * factor), {
        fit: 'fill',
        kernel: mask ? 'nearest' : 'lanczos3',
      })
      .png()
      .toBuffer();
  }
  throw new EngineError('invalid', `an input image cannot be made smaller than ${max} bytes`);
}

/**
 * An input image (and its mask, made the same size the same way) brought within the engine's
 * limits. Images already within them come back as they were; otherwise as PNG, or JPEG when only
 * that fits the bytes. Nothing is done without limits.
 */
export async function withinInputLimits(
  image: Buffer,
  limits: EngineInputLimits | undefined,
  mask?: Buffer,
): Promise<{ image: Buffer; mask?: Buffer }> {
  if (!limits) return { image, mask };
  const own = await sizeOf(image);
  const size = sizeWithin(own.width, own.height, limits);
  const reshaped = size.crop || size.scaled.width !== own.width || size.scaled.height !== own.height;
  const maskOwn = mask ? await sizeOf(mask) : undefined;
  const maskFits = !maskOwn || (maskOwn.width === own.width && maskOwn.height === own.height);
  const outImage = reshaped ? await reshape(image, size, false) : image;
  // The mask follows the base exactly: resized to the base's own size first when it differs.
  let outMask = mask;
  if (mask && (reshaped || !maskFits)) {
    const base = maskFits
      ? mask
      : await sharp(mask).resize(own.width, own.height, { fit: 'fill', kernel: 'nearest' }).png().toBuffer();
    outMask = reshaped ? await reshape(base, size, true) : base;
  }
  return {
    image: await encodeWithin(outImage, limits, false),
    ...(outMask ? { mask: await encodeWithin(outMask, limits, true) } : {}),
  };
}
