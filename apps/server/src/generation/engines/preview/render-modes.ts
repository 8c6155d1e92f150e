import sharp from 'sharp';
import type { EngineTask } from '../../engine.ts';
import { EngineError } from '../../engine.ts';
import { pasteBack } from '../../paste-back.ts';
import { fromRaw, loadCover, loadGrey, type RawImage } from './image-ops.ts';
import { previewMarkOverlay } from './preview-mark.ts';
import { transformBase } from './render-iterate.ts';
import { renderScene } from './render-scene.ts';

/** PNG effort that keeps an FHD image well under a second on two cores; the files stay lossless. */
export const PNG = { compressionLevel: 6, adaptiveFiltering: false } as const;

/** Image `index` of a task as a marked PNG at the task's size (upscale: the enlarged base). */
export async function renderImage(task: EngineTask, index: number): Promise<Buffer> {
  switch (task.mode) {
    case 'text':
      return finish(await renderScene(task, index));
    case 'iterate':
      return finish(
        await transformBase(task, index, await loadCover(need(task.images.base, 'base'), task.width, task.height)),
      );
    case 'edit':
      return renderEdit(task, index);
    case 'upscale':
      return renderUpscale(task);
  }
}

export function need(image: Buffer | undefined, name: string): Buffer {
  if (!image) throw new EngineError('invalid', `preview engine: ${name} image missing`);
  return image;
}

/** The image as a PNG with the "Preview" mark (bottom-right, or centred on `centre`). */
export async function finish(img: RawImage, centre?: [number, number]): Promise<Buffer> {
  return fromRaw(img)
    .composite([previewMarkOverlay(img.width, img.height, centre)])
    .png(PNG)
    .toBuffer();
}

/**
 * Edit: the transformed picture shows only through the mask, and the mark sits at the mask's
 * centre, so the lifecycle's own paste-back onto the original keeps the mark visible (a mask
 * thinner than the badge keeps only part of it).
 */
async function renderEdit(task: EngineTask, index: number): Promise<Buffer> {
  const base = await loadCover(need(task.images.base, 'base'), task.width, task.height);
  const maskImage = need(task.images.mask, 'mask');
  const mask = await loadGrey(maskImage, base.width, base.height);
  const changed = await finish(await transformBase(task, index, base), maskCentre(mask, base.width));
  const original = await fromRaw(base).png(PNG).toBuffer();
  return pasteBack(
    original,
    changed,
    await sharp(mask, { raw: { width: base.width, height: base.height, channels: 1 } })
      .png()
      .toBuffer(),
  );
}

/** Centre of the white part of a mask (where the mark survives paste-back); undefined when empty. */
function maskCentre(mask: Buffer, width: number): [number, number] | undefined {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let p = 0; p < mask.length; p++) {
    if (mask[p]! < 128) continue;
    sx += p % width;
    sy += Math.floor(p / width);
    n++;
  }
  return n === 0 ? undefined : [sx / n, sy / n];
}

/** Upscale: a plain lanczos3 enlargement with mild sharpening; honest about being no AI detail. */
async function renderUpscale(task: EngineTask): Promise<Buffer> {
  const base = need(task.images.base, 'base');
  const factor = task.upscale ?? 2;
  const meta = await sharp(base).metadata();
  // The task's size is the source times the factor; fall back to that product if it is missing.
  const width = task.width > 0 ? task.width : meta.width * factor;
  const height = task.height > 0 ? task.height : meta.height * factor;
  const enlarged = await sharp(base)
    .flatten({ background: '#ffffff' })
    .resize(width, height, { fit: 'cover', kernel: 'lanczos3' })
    .sharpen({ sigma: 0.8, m1: 0.6, m2: 1.5 })
    .removeAlpha()
    .raw()
    .toBuffer();
  return finish({ data: enlarged, width, height });
}
