import sharp, { type Metadata } from 'sharp';
import { LIMITS, type UploadKind } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';

export interface CleanImage {
  data: Buffer;
  mime: string;
  ext: string;
  width: number;
  height: number;
}

const ACCEPTED = new Set(['png', 'jpeg']);
/** See LIMITS.imageMaxPixels: what a design image needs, small enough to stop decompression bombs. */
const MAX_PIXELS = LIMITS.imageMaxPixels;

/**
 * Judges an upload by its bytes, not its name: only real PNG or JPEG images pass. The result is
 * re-encoded, which drops metadata (GPS and camera data) and applies the EXIF orientation.
 */
export async function cleanImage(input: Buffer, kind: UploadKind): Promise<CleanImage> {
  let meta: Metadata;
  try {
    // Reads the header only, so the pixel count can be judged before anything is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('IMAGE_FORMAT');
  }
  const format = meta.format;
  if (!format || !ACCEPTED.has(format)) throw new AppError('IMAGE_FORMAT');
  if (!meta.width || !meta.height) throw new AppError('IMAGE_FORMAT');
  if (meta.width * meta.height > MAX_PIXELS) {
    throw new AppError('IMAGE_TOO_MANY_PIXELS', { params: { megapixels: MAX_PIXELS / 1_000_000 } });
  }

  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_PIXELS }).rotate();
    if (kind === 'avatar') {
      const { data, info } = await pipeline
        .resize(256, 256, { fit: 'cover', position: 'attention' })
        .webp({ quality: 86 })
        .toBuffer({ resolveWithObject: true });
      return { data, mime: 'image/webp', ext: 'webp', width: info.width, height: info.height };
    }
    const encoded =
      format === 'png' ? pipeline.png({ compressionLevel: 8 }) : pipeline.jpeg({ quality: 92, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      data,
      mime: format === 'png' ? 'image/png' : 'image/jpeg',
      ext: format === 'png' ? 'png' : 'jpg',
      width: info.width,
      height: info.height,
    };
  } catch {
    // Truncated or corrupt data that still carried a valid header.
    throw new AppError('IMAGE_FORMAT');
  }
}
