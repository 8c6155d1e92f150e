import sharp, { type Metadata } from 'sharp';
import { LIMITS } from '@turing/contract';
import { AppError } from './app-error.ts';

/** How an operator's picture (a banner, a preset's card) is stored. */
export interface PictureSize {
  width: number;
  height: number;
  /** inside: the whole picture within the box; cover: cut to fill it (the most interesting part kept). */
  fit: 'inside' | 'cover';
  /** Smaller pictures are refused (IMAGE_TOO_SMALL): they would show blurred. */
  minWidth: number;
  minHeight: number;
}

const ACCEPTED = new Set(['png', 'jpeg']);

/**
 * Judges a picture by its bytes as uploads are judged (real PNG or JPEG, bounded pixels), then
 * re-encodes it as webp at `size`, which drops its metadata and applies its EXIF orientation.
 */
export async function webpPicture(
  input: Buffer,
  size: PictureSize,
): Promise<{ data: Buffer; width: number; height: number }> {
  let meta: Metadata;
  try {
    // The header alone, so the pixel count is judged before anything is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('IMAGE_FORMAT');
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) throw new AppError('IMAGE_FORMAT');
  if (meta.width * meta.height > LIMITS.imageMaxPixels) {
    throw new AppError('IMAGE_TOO_MANY_PIXELS', { params: { megapixels: LIMITS.imageMaxPixels / 1_000_000 } });
  }
  const { width, height } = meta.autoOrient ?? meta;
  if (width < size.minWidth || height < size.minHeight) {
    throw new AppError('IMAGE_TOO_SMALL', { params: { width: size.minWidth, height: size.minHeight } });
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: LIMITS.imageMaxPixels })
      .rotate()
      .resize(size.width, size.height, {
        fit: size.fit,
        withoutEnlargement: size.fit === 'inside',
        ...(size.fit === 'cover' ? { position: sharp.strategy.attention } : {}),
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    // Truncated or corrupt data behind a valid header.
    throw new AppError('IMAGE_FORMAT');
  }
}
