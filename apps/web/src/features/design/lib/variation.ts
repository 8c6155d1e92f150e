import type { ModelInfo, Task, TaskParamsInput } from '@turing/contract';

export type VaryStrength = 'subtle' | 'strong';

/**
 * How much of the chosen image a variation keeps, as the image weight: the one setting every engine
 * that iterates reads from the base image. ComfyUI denoises `1 − 0.85 × weight` of it (0.28 subtle,
 * 0.62 strong), Stability's image-to-image repaints `1 − weight` (0.15, 0.55) and Core holds the
 * base's structure at `weight`, and the preview engine mixes in `1 − weight` of a new scene. Subtle
 * keeps the picture and changes light and small details; strong keeps the idea and redraws more.
 */
export const VARY_IMAGE_WEIGHT: Record<VaryStrength, number> = { subtle: 0.85, strong: 0.45 };

/**
 * What a variation keeps of its task: the words, tags and settings. The guides (depth, line art)
 * and the reference are left out, with the control strength that only applies to guides: the
 * result already follows them, and an engine given a guide draws from the guide instead of the
 * image (Stability's control endpoints ignore the base), so the image weight would mean nothing.
 */
const KEPT = [
  'type',
  'model',
  'count',
  'quality',
  'prompt',
  'negativePrompt',
  'wordPackageIds',
  'tags',
  'textWeight',
  'folderId',
] as const;

/**
 * The submit body of a variation of one result: an iterate task on it with the task's own words,
 * tags and settings, a new seed (left to the server) and no size, so it keeps the view. It is
 * priced and charged as any task of that model, quality and count.
 */
export function variationParams(task: Pick<Task, 'params'>, resultId: string, strength: VaryStrength): TaskParamsInput {
  const p = task.params;
  const kept = Object.fromEntries(KEPT.filter((k) => p[k] !== undefined && p[k] !== null).map((k) => [k, p[k]]));
  return {
    ...(kept as Partial<TaskParamsInput>),
    mode: 'iterate',
    baseImageId: resultId,
    imageWeight: VARY_IMAGE_WEIGHT[strength],
  };
}

/** Whether a variation can be made with this model (unknown while the catalogue loads: assumed so). */
export const canVary = (model: Pick<ModelInfo, 'capabilities'> | undefined) =>
  !model || model.capabilities.modes.includes('iterate');

/**
 * Why "Vary subtly / strongly" are not offered for a result, or null when they are:
 * - `model`: its model cannot start from an image at all;
 * - `edit`: an edit's prompt describes only the painted region, not the picture a variation redraws;
 * - `upscale`: an upscaled image can exceed what the engines take as an input image;
 * - `weight`: its model ignores the image weight (FLUX, Wan, GPT Image), so subtle and strong would
 *   make the same image at the same price.
 */
export type VaryBlock = 'model' | 'edit' | 'upscale' | 'weight';

export function varyBlock(
  task: Pick<Task, 'mode'>,
  model: Pick<ModelInfo, 'capabilities'> | undefined,
): VaryBlock | null {
  if (!canVary(model)) return 'model';
  if (task.mode === 'edit' || task.mode === 'upscale') return task.mode;
  // Unknown while the catalogue loads: assumed to read it, as `canVary` assumes it iterates.
  if (model && !model.capabilities.imageWeight) return 'weight';
  return null;
}
