import sharp, { type Sharp } from 'sharp';
import { EngineError } from '../../engine.ts';

/** The aspect ratios Stability's generate endpoints take (`aspect_ratio`). */
const API_ASPECTS = ['21:9', '16:9', '3:2', '5:4', '1:1', '4:5', '2:3', '9:16', '9:21'] as const;
export type ApiAspect = (typeof API_ASPECTS)[number];

const ratioOf = (aspect: string) => {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  return w / h;
};

/**
 * The API's aspect ratio nearest to (width, height), compared on a log scale so 2:1 and 1:2 are
 * equally far from square. Our 1:1, 16:9, 9:16, 3:2 and 2:3 are exact; 4:3 and 3:4 become 5:4 and
 * 4:5, and the result is cropped (centred) to the task's own size.
 */
export function apiAspect(width: number, height: number): ApiAspect {
  const target = Math.log(width / height);
  let best: ApiAspect = '1:1';
  let bestDistance = Infinity;
  for (const aspect of API_ASPECTS) {
    const distance = Math.abs(Math.log(ratioOf(aspect)) - target);
    if (distance < bestDistance) {
      best = aspect;
      bestDistance = distance;
    }
  }
  return best;
}

/** The request limit is 10 MiB in all; an input image gets most of it. */
const MAX_UPLOAD_BYTES = 9 * 1024 * 1024;

/** An image as the upload the API reads: PNG, or JPEG when a PNG would not fit in a request. */
async function upload(image: Sharp): Promise<Blob> {
  const png = await image.clone().png().toBuffer();
  if (png.length <= MAX_UPLOAD_BYTES) return new Blob([new Uint8Array(png)], { type: 'image/png' });
  const jpeg = await image.clone().jpeg({ quality: 92 }).toBuffer();
  return new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });
}

async function sizeOf(image: Buffer) {
  try {
    const meta = await sharp(image).metadata();
    if (meta.width && meta.height) return { width: meta.width, height: meta.height };
  } catch (error) {
    throw new EngineError('invalid', 'stability: an input image cannot be read', { cause: error });
  }
  throw new EngineError('invalid', 'stability: an input image has no size');
}

/** The base image as sent: opaque (the API would read an alpha channel as a mask of its own). */
export async function baseUpload(image: Buffer): Promise<Blob> {
  return upload(sharp(image).flatten({ background: '#ffffff' }));
}

/**
 * A guide (line art, depth map, or the base standing in for one) cropped, centred, to the task's
 * aspect: the control endpoints answer at their input's aspect, so the composition lands where
 * the studio outlined it.
 */
export async function guideUpload(image: Buffer, width: number, height: number): Promise<Blob> {
  const own = await sizeOf(image);
  const scale = Math.min(1, Math.max(own.width / width, own.height / height));
  const size = { width: Math.max(64, Math.round(width * scale)), height: Math.max(64, Math.round(height * scale)) };
  return upload(
    sharp(image)
      .flatten({ background: '#ffffff' })
      .resize(size.width, size.height, { fit: 'cover', position: 'centre', kernel: 'lanczos3' }),
  );
}

/** The widest ratio the control endpoints take (1:2.5 to 2.5:1). */
const MAX_RATIO = 2.5;

/**
 * A reference (style guide, style transfer's style image) as sent: opaque, and a ratio past 2.5:1
 * cropped, centred, to it. Its size was brought within the API's limits before the engine ran.
 */
export async function referenceUpload(image: Buffer): Promise<Blob> {
  const own = await sizeOf(image);
  const width = Math.min(own.width, Math.floor(own.height * MAX_RATIO));
  const height = Math.min(own.height, Math.floor(own.width * MAX_RATIO));
  const flat = sharp(image).flatten({ background: '#ffffff' });
  if (width === own.width && height === own.height) return upload(flat);
  return upload(flat.resize(width, height, { fit: 'cover', position: 'centre' }));
}

/**
 * Our mask (greyscale, white = change, black = keep) as inpaint reads it: a black-and-white image
 * where white is full inpainting strength and black none, the same convention. Flattened to one
 * opaque grey channel at the image's size, thresholded so a soft brush edge is not half-changed.
 */
export async function maskUpload(mask: Buffer, width: number, height: number): Promise<Blob> {
  const grey = await sharp(mask)
    .flatten({ background: '#000000' })
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer();
  for (let i = 0; i < grey.length; i++) grey[i] = grey[i]! >= 128 ? 255 : 0;
  const png = await sharp(grey, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: 'image/png' });
}

/** Fast upscale input limits: each side 32–1,536 px, at most 1,048,576 px in all. */
export const FAST_MAX_SIDE = 1536;
export const FAST_MAX_PIXELS = 1_048_576;
/** Conservative upscale reads images of 64×64 up to one megapixel and answers at about 4 MP. */
export const CONSERVATIVE_MAX_PIXELS = 1_048_576;
export const CONSERVATIVE_OUTPUT_PIXELS = 4_194_304;

/** The source of an upscale shrunk (never enlarged) to fit the endpoint's input limits. */
export async function upscaleUpload(image: Buffer, maxPixels: number, maxSide: number): Promise<Blob> {
  const own = await sizeOf(image);
  const scale = Math.min(1, Math.sqrt(maxPixels / (own.width * own.height)), maxSide / Math.max(own.width, own.height));
  const fit = sharp(image).flatten({ background: '#ffffff' });
  if (scale >= 1) return upload(fit);
  // Floors, so the rounded size never crosses the limit the scale was chosen for.
  const w = Math.max(64, Math.floor(own.width * scale));
  const h = Math.max(64, Math.floor(own.height * scale));
  return upload(fit.resize(w, h, { fit: 'fill', kernel: 'lanczos3' }));
}

/** A returned image at exactly the task's size (scaled to cover, centred), as PNG. */
export async function fitResult(bytes: Buffer, width: number, height: number): Promise<Buffer> {
  try {
    return await sharp(bytes)
      .resize(width, height, { fit: 'cover', position: 'centre', kernel: 'lanczos3' })
      .png()
      .toBuffer();
  } catch (error) {
    throw new EngineError('lost', 'stability: the returned image could not be decoded', { cause: error });
  }
}
