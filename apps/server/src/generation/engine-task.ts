import sharp from 'sharp';
import type { TaskParams } from '@turing/contract';
import type { TaskRow } from '../db/schema/index.ts';
import { ENGINE_CAPABILITIES } from './capabilities.ts';
import { EngineError, type EngineImages, type EngineName, type EngineTask } from './engine.ts';
import { withinInputLimits } from './input-limits.ts';
import { engineModelFor } from './models.ts';
import type { GenerationSettings } from './settings.ts';
import type { BaseSource } from './upscaler/source.ts';

/** Reads an input image the task names, as the task's owner (storage and ownership live above). */
export type LoadImage = (id: string, userId: string) => Promise<Buffer | null>;

/** Where an upscale's base came from (a render, an upload, a preview drawing); see upscaler/source.ts. */
export type SourceOf = (imageId: string, userId: string) => Promise<BaseSource>;

/** Scales (w, h) down so the long edge is at most `edge`, keeping the ratio; multiples of 8. */
export function fitLongEdge(width: number, height: number, edge: number): { width: number; height: number } {
  const scale = Math.min(1, edge / Math.max(width, height));
  const round8 = (v: number) => Math.max(8, Math.round((v * scale) / 8) * 8);
  return scale === 1 ? { width, height } : { width: round8(width), height: round8(height) };
}

async function sizeOf(image: Buffer) {
  const meta = await sharp(image).metadata();
  if (!meta.width || !meta.height) throw new EngineError('invalid', 'an input image has no size');
  return { width: meta.width, height: meta.height };
}

/** The image at exactly (w, h), or itself when it already is; a mask keeps hard edges. */
async function resized(image: Buffer, size: { width: number; height: number }, mask = false) {
  const own = await sizeOf(image);
  if (own.width === size.width && own.height === size.height) return image;
  return sharp(image)
    .resize(size.width, size.height, { fit: 'fill', kernel: mask ? 'nearest' : 'lanczos3' })
    .png()
    .toBuffer();
}

/** The image scaled to cover (w, h) and cropped to it, centred; itself when it already is that size. */
async function covered(image: Buffer, size: { width: number; height: number }) {
  const own = await sizeOf(image);
  if (own.width === size.width && own.height === size.height) return image;
  return sharp(image)
    .resize(size.width, size.height, { fit: 'cover', position: 'centre', kernel: 'lanczos3' })
    .png()
    .toBuffer();
}

/** The image fitted inside the long edge (guides and references only steer; they need no more). */
async function within(image: Buffer | undefined, edge: number) {
  if (!image) return undefined;
  const own = await sizeOf(image);
  return resized(image, fitLongEdge(own.width, own.height, edge));
}

/**
 * The images brought within what the engine's provider accepts (ENGINE_CAPABILITIES' `input`): a
 * base too small is scaled up (its mask with it, nearest neighbour), one too long cropped, one too
 * heavy re-encoded. The output size stays the task's: the result is sized back onto it (an edit's
 * is pasted back onto the original). An upscale's base is left as it is: its size is the work.
 */
async function meetInputLimits(images: EngineImages, engine: EngineName, mode: TaskParams['mode']) {
  const limits = ENGINE_CAPABILITIES[engine]?.input;
  if (!limits) return;
  if (images.base && mode !== 'upscale') {
    const fitted = await withinInputLimits(images.base, limits, images.mask);
    images.base = fitted.image;
    if (fitted.mask) images.mask = fitted.mask;
  }
  for (const key of ['reference', 'depth', 'lineArt'] as const) {
    const image = images[key];
    if (image) images[key] = (await withinInputLimits(image, limits)).image;
  }
}

/**
 * What the engine is given for a task. GPU work is bounded by the price: iterate and edit send the
 * base at the quality's long edge, never the upload's own size (an edit's result is scaled back and
 * pasted onto the untouched original afterwards); only an upscale works at its target size, which
 * was checked against the limit when it was submitted.
 */
export async function prepareEngineTask(
  row: TaskRow,
  settings: GenerationSettings,
  load: LoadImage,
  sourceOf?: SourceOf,
): Promise<{ task: EngineTask; original?: Buffer; mask?: Buffer }> {
  const p = row.params;
  const get = async (id: string | undefined) => {
    if (!id) return undefined;
    const bytes = await load(id, row.userId);
    if (!bytes) throw new EngineError('invalid', `image ${id} is missing from storage`);
    return bytes;
  };
  const [base, reference, depth, lineArt, mask] = await Promise.all([
    get(p.baseImageId),
    get(p.referenceImageId),
    get(p.depthImageId),
    get(p.lineArtImageId),
    get(p.maskImageId),
  ]);
  const edge = settings.longEdge(p.quality);
  let { width, height } = settings.pixels(p.size ?? '4:3', p.quality);
  const images: EngineImages = {
    reference: await within(reference, edge),
    depth: await within(depth, edge),
    lineArt: await within(lineArt, edge),
  };
  if (base && p.mode === 'upscale') {
    const own = await sizeOf(base);
    const factor = p.upscale ?? 2;
    ({ width, height } = { width: own.width * factor, height: own.height * factor });
    images.base = base;
  } else if (base && p.mode === 'edit') {
    const own = await sizeOf(base);
    ({ width, height } = fitLongEdge(own.width, own.height, edge));
    images.base = await resized(base, { width, height });
    if (mask) images.mask = await resized(mask, { width, height }, true);
  } else if (base && p.mode === 'iterate') {
    // No preset keeps the view: the base's own ratio at the quality's long edge. A preset crops
    // the base to it (centred), so every engine starts from exactly the picture the studio outlined.
    const own = await sizeOf(base);
    if (!p.size) ({ width, height } = settings.pixelsForRatio(own.width, own.height, p.quality));
    images.base = await covered(base, { width, height });
  } else if (base) {
    images.base = await within(base, edge);
  }
  await meetInputLimits(images, row.engine as EngineName, p.mode);
  const engineModel = engineModelFor(p.model, p.mode, row.engine as EngineName);
  const task: EngineTask = {
    id: row.id,
    attempt: row.attempt,
    mode: p.mode,
    type: p.type,
    model: p.model,
    prompt: row.promptSent,
    negativePrompt: row.negativeSent ?? (p.negativePrompt || ''),
    width,
    height,
    count: p.mode === 'upscale' ? 1 : p.count,
    quality: p.quality,
    seed: p.seed ?? 0,
    imageWeight: p.imageWeight,
    textWeight: p.textWeight,
    controlStrength: p.controlStrength,
    tags: p.tags,
    upscale: p.upscale,
    ...(engineModel && { engineModel }),
    ...(p.mode === 'upscale' && p.baseImageId && sourceOf && { baseSource: await sourceOf(p.baseImageId, row.userId) }),
    ...(p.mode === 'iterate' && p.renderMode && { renderMode: p.renderMode }),
    images,
  };
  return { task, original: p.mode === 'edit' ? base : undefined, mask: p.mode === 'edit' ? mask : undefined };
}
