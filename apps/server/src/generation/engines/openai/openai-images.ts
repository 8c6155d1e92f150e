import sharp from 'sharp';
import { toFile, type Uploadable } from 'openai';
import type { EngineTask } from '../../engine.ts';
import { EngineError } from '../../engine.ts';

/** The sizes every GPT image model accepts; other sizes are model-specific, so we ask for the nearest of these and resize. */
const SIZES = [
  { size: '1024x1024', ratio: 1 },
  { size: '1536x1024', ratio: 1.5 },
  { size: '1024x1536', ratio: 1 / 1.5 },
] as const;

export type ApiSize = (typeof SIZES)[number]['size'];

/** Nearest supported size by aspect ratio (compared on a log scale, so 2:1 and 1:2 are equally far from square). */
export function apiSize(width: number, height: number): ApiSize {
  const target = Math.log(width / height);
  let best: ApiSize = SIZES[0].size;
  let bestDistance = Infinity;
  for (const { size, ratio } of SIZES) {
    const distance = Math.abs(Math.log(ratio) - target);
    if (distance < bestDistance) {
      best = size;
      bestDistance = distance;
    }
  }
  return best;
}

export const API_QUALITY = { SD: 'low', HD: 'medium', FHD: 'high' } as const;

/** The API has no negative prompt; the clearest equivalent is an explicit instruction. */
export function apiPrompt(task: EngineTask, withReference: boolean): string {
  const parts = [task.prompt.trim()];
  if (withReference) parts.push('Use the second image as the reference for colours, materials and mood.');
  if (task.negativePrompt.trim()) parts.push(`Avoid: ${task.negativePrompt.trim()}`);
  return parts.join('\n\n');
}

/** An input image as a PNG upload, so the mask (always PNG) and the image match in format and size. */
export async function pngUpload(
  image: Buffer,
  name: string,
): Promise<{ file: Uploadable; width: number; height: number }> {
  const { data, info } = await sharp(image).png().toBuffer({ resolveWithObject: true });
  return { file: await toFile(data, name, { type: 'image/png' }), width: info.width, height: info.height };
}

/**
 * Our masks are greyscale, white = change; the API wants a PNG of the image's size whose fully
 * transparent pixels mark where to edit. So the mask's brightness becomes transparency.
 */
export async function apiMask(mask: Buffer, width: number, height: number): Promise<Uploadable> {
  const grey = await sharp(mask)
    .flatten({ background: '#000000' })
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .greyscale()
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const rgba = Buffer.alloc(width * height * 4);
  for (let p = 0; p < grey.length; p++) rgba[p * 4 + 3] = grey[p]! >= 128 ? 0 : 255;
  const png = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return toFile(png, 'mask.png', { type: 'image/png' });
}

/** Decodes the API's base64 images and fits them to the task's size as PNG. */
export async function decodeResults(
  data: { b64_json?: string | null }[] | undefined,
  task: EngineTask,
): Promise<Buffer[]> {
  const encoded = (data ?? []).map((d) => d.b64_json).filter((b): b is string => typeof b === 'string' && b !== '');
  if (encoded.length === 0) throw new EngineError('lost', 'openai: the response carried no image');
  try {
    return await Promise.all(
      encoded.map((b64) =>
        sharp(Buffer.from(b64, 'base64'))
          .resize(task.width, task.height, { fit: 'cover', kernel: 'lanczos3' })
          .png()
          .toBuffer(),
      ),
    );
  } catch (error) {
    throw new EngineError('lost', 'openai: the returned image could not be decoded', { cause: error });
  }
}
