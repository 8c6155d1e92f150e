import sharp from 'sharp';
import type { UploadKind } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';

export interface CleanImage {
  data: Buffer;
  mime: string;
  ext: string;
  width: number;
  height: number;
}

const ACCEPTED = new Set(['png', 'jpeg']);
/** Big enough for any photo or drawing a person uploads, small enough to stop decompression bombs. */
const MAX_PIXELS = 64_000_000;

/**
 * Judges an upload by its bytes, not its name: only real PNG or JPEG images pass. The result is
 * re-encoded, which drops metadata (GPS and camera data) and applies the EXIF orientation.
 */
export async function cleanImage(input: Buffer, kind: UploadKind): Promise<CleanImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    throw new AppError('IMAGE_FORMAT');
  }
  if (!format || !ACCEPTED.has(format)) throw new AppError('IMAGE_FORMAT');

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
