import sharp from 'sharp';
import type { UploadedImage } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';
import type { GeneratedImages, UploadService } from '../upload/index.ts';

/** Sobel kernels in both directions, offset so negative responses survive sharp's 0–255 range. */
const EDGE_X = { width: 3, height: 3, kernel: [-1, 0, 1, -2, 0, 2, -1, 0, 1], scale: 2, offset: 128 };
const EDGE_Y = { width: 3, height: 3, kernel: [-1, -2, -1, 0, 0, 0, 1, 2, 1], scale: 2, offset: 128 };
/** Gradient below this is texture or noise, not a line. */
const THRESHOLD = 18;

/** Dark lines on white from a photo or render: the line-art image that steers generation. */
export async function extractLineArt(input: Buffer): Promise<Buffer> {
  const { data: grey, info } = await sharp(input)
    .rotate()
    .greyscale()
    .blur(0.8)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: 1 as const } };
  const [gx, gy] = await Promise.all([
    sharp(grey, raw).convolve(EDGE_X).raw().toBuffer(),
    sharp(grey, raw).convolve(EDGE_Y).raw().toBuffer(),
  ]);
  const out = Buffer.alloc(info.width * info.height);
  for (let i = 0; i < out.length; i += 1) {
    const magnitude = Math.min(255, Math.hypot(gx[i]! - 128, gy[i]! - 128) * 2);
    out[i] = magnitude > THRESHOLD ? 255 - magnitude : 255;
  }
  return sharp(out, raw).png().toBuffer();
}

export function createLineArtService(deps: { uploads: UploadService; images: GeneratedImages }) {
  return {
    async extract(userId: string, imageId: string): Promise<UploadedImage> {
      const source = await deps.uploads.getOwnedAny(imageId, userId);
      const bytes = await deps.images.read(source);
      if (!bytes) throw new AppError('IMAGE_DATA_FAILED');
      const row = await deps.images.save({ userId, kind: 'line-art', png: await extractLineArt(bytes) });
      return deps.uploads.toDto(row);
    },
  };
}
export type LineArtService = ReturnType<typeof createLineArtService>;
