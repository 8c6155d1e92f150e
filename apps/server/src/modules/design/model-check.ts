import { usesReference, type EngineCapabilities, type SizePreset, type TaskParams } from '@turing/contract';
import type { GenerationSettings } from '../../generation/index.ts';
import { AppError } from '../../shared/app-error.ts';

/** The aspect a text task gets when none is given: 4:3, or the model's nearest one when it cannot make 4:3. */
export function defaultAspect(caps: EngineCapabilities | null): SizePreset {
  if (!caps || caps.aspects === 'any' || caps.aspects.includes('4:3')) return '4:3';
  const ratio = (s: SizePreset) => {
    const [w, h] = s.split(':').map(Number) as [number, number];
    return Math.log(w / h);
  };
  const target = ratio('4:3');
  return [...caps.aspects].sort((a, b) => Math.abs(ratio(a) - target) - Math.abs(ratio(b) - target))[0] ?? '4:3';
}

/**
 * Refuses what the task's model cannot do, before anything is charged or stored: a model this
 * server has not set up, a mode, more images than it makes, an aspect or quality it cannot make,
 * an input image it cannot use, a seed it cannot keep, a negative prompt it would ignore, an
 * upscale factor nothing here makes.
 * An upscale its engine cannot make (or that is not set up here) runs on the built-in upscaler,
 * so it is refused only when that cannot make the factor either. Guides an image-to-image restyle drops are not held against it.
 */
export function checkModel(
  p: TaskParams,
  settings: Pick<GenerationSettings, 'engineFor' | 'engineForTask' | 'engineSetUp' | 'capabilities'>,
): void {
  const capabilities = (engine: string) => settings.capabilities(engine);
  if (p.mode === 'upscale') {
    const factor = p.upscale ?? 2;
    if (!capabilities(settings.engineForTask(p))?.upscale.includes(factor))
      throw new AppError('MODEL_UPSCALE_UNSUPPORTED', { params: { factor } });
    return;
  }
  const engine = settings.engineFor(p.model);
  const caps = capabilities(engine);
  if (!caps || !settings.engineSetUp(engine)) throw new AppError('MODEL_UNAVAILABLE');
  if (!caps.modes.includes(p.mode)) throw new AppError('MODEL_MODE_UNSUPPORTED');
  if (p.count > caps.maxCount) throw new AppError('MODEL_COUNT_TOO_HIGH', { params: { max: caps.maxCount } });
  if (!caps.qualities.includes(p.quality))
    throw new AppError('MODEL_QUALITY_UNSUPPORTED', { params: { quality: p.quality } });
  // Edit keeps the base's own shape (its result is laid back into the original), so a size is not its own.
  if (p.size && p.mode !== 'edit' && caps.aspects !== 'any' && !caps.aspects.includes(p.size))
    throw new AppError('MODEL_ASPECT_UNSUPPORTED', { params: { size: p.size, aspects: caps.aspects.join(', ') } });
  if (p.mode === 'edit' && p.maskImageId && !caps.mask) throw new AppError('MODEL_MASK_UNSUPPORTED');
  const restyle = p.mode === 'iterate' && p.renderMode === 'img2img';
  if (p.referenceImageId && !usesReference(caps, p.mode)) throw new AppError('MODEL_REFERENCE_UNSUPPORTED');
  if (!restyle && p.depthImageId && !caps.depth) throw new AppError('MODEL_DEPTH_UNSUPPORTED');
  const neural = p.mode === 'iterate' && p.renderMode === 'neural';
  if (((!restyle && p.lineArtImageId) || neural) && !caps.lineArt) throw new AppError('MODEL_LINE_ART_UNSUPPORTED');
  if (p.seed !== undefined && !caps.seed) throw new AppError('MODEL_SEED_UNSUPPORTED');
  // The user's own words only: a word package's negatives are simply not sent to such a model.
  if (p.negativePrompt.trim() && !caps.negativePrompt) throw new AppError('MODEL_NEGATIVE_UNSUPPORTED');
}
