import { LIMITS, usesReference, type ModelInfo, type SizePreset } from '@turing/contract';
import type { StudioMode, StudioValues } from './studio-values.ts';

/** Why a model cannot take the task as the form stands, in the order a user would see it. */
export type ModelBlock = 'unavailable' | `mode_${StudioMode}` | 'reference' | 'depth' | 'lineArt' | 'neural';

/**
 * Whether the model leaves a reference out on this page: one given here would be refused at
 * Generate, and a project style's is not added to its tasks.
 */
export const ignoresReference = (model: ModelInfo, mode: StudioMode) => !usesReference(model.capabilities, mode);

/** The reason a model cannot be picked for this mode and these images, or null when it can. */
export function modelBlock(model: ModelInfo, mode: StudioMode, v: StudioValues): ModelBlock | null {
  const caps = model.capabilities;
  if (!model.available) return 'unavailable';
  if (!caps.modes.includes(mode)) return `mode_${mode}`;
  // Text to image takes a reference too; step editing has no slot for one.
  if (mode !== 'edit' && v.images.reference && ignoresReference(model, mode)) return 'reference';
  if (mode !== 'iterate') return null;
  const restyle = v.renderMode === 'img2img';
  if (!restyle && v.images.depth && !caps.depth) return 'depth';
  if (!restyle && v.images.lineArt && !caps.lineArt) return 'lineArt';
  if (v.renderMode === 'neural' && !caps.lineArt) return 'neural';
  return null;
}

/** The most images one task of the model may ask for. */
export const maxCount = (model: ModelInfo | undefined) =>
  Math.min(LIMITS.taskCountMax, model?.capabilities.maxCount ?? LIMITS.taskCountMax);

export const makesAspect = (model: ModelInfo | undefined, size: SizePreset) =>
  !model || model.capabilities.aspects === 'any' || model.capabilities.aspects.includes(size);

const ratio = (s: SizePreset) => {
  const [w, h] = s.split(':').map(Number) as [number, number];
  return Math.log(w / h);
};

/** A text task's aspect when none is chosen: 4:3, or the model's nearest (the server picks the same). */
export function defaultAspect(model: ModelInfo | undefined): SizePreset {
  const aspects = model?.capabilities.aspects;
  if (!aspects || aspects === 'any' || aspects.includes('4:3')) return '4:3';
  const target = ratio('4:3');
  return [...aspects].sort((a, b) => Math.abs(ratio(a) - target) - Math.abs(ratio(b) - target))[0] ?? '4:3';
}

/**
 * The form after picking a model: what it cannot do is taken back so the task stays one it makes
 * (fewer images, the default aspect, no seed, no negative prompt), rather than refused at Generate.
 */
export function fitToModel(model: ModelInfo, v: StudioValues): Partial<StudioValues> {
  const patch: Partial<StudioValues> = { model: model.id };
  if (v.count > maxCount(model)) patch.count = maxCount(model);
  if (v.size && !makesAspect(model, v.size)) patch.size = undefined;
  if (!model.capabilities.seed && (v.seed !== undefined || v.keepSeed)) {
    patch.seed = undefined;
    patch.keepSeed = false;
  }
  if (!model.capabilities.negativePrompt && v.negativePrompt) patch.negativePrompt = '';
  return patch;
}

/** The short, engine-neutral tags of what a model can do beyond the basics, as locale keys with values. */
export function capabilityTags(model: ModelInfo): { key: string; n?: number }[] {
  const caps = model.capabilities;
  const tags: { key: string; n?: number }[] = [{ key: 'count', n: caps.maxCount }];
  if (caps.modes.includes('edit') && caps.mask) tags.push({ key: 'regions' });
  if (caps.reference) tags.push({ key: 'reference' });
  if (caps.lineArt) tags.push({ key: 'lineArt' });
  if (caps.depth) tags.push({ key: 'depth' });
  if (caps.seed) tags.push({ key: 'seed' });
  if (caps.negativePrompt) tags.push({ key: 'negative' });
  if (caps.languages.includes('zh')) tags.push({ key: 'chinese' });
  return tags;
}
