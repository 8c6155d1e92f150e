import {
  LIMITS,
  MODELS,
  SIZE_PRESETS,
  type Model,
  type DesignType,
  type Quality,
  type RenderMode,
  type SizePreset,
  type TaskMode,
  type TaskParamsInput,
} from '@turing/contract';

/** An image placed in a slot: an upload or a result (results are valid base images too). */
export interface SlotImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

export type SlotName = 'base' | 'reference' | 'depth' | 'lineArt';

/** The studio form: the parameters of a task plus the images shown in its slots. */
export interface StudioValues {
  type: DesignType;
  model: Model;
  /** Left out: text takes 4:3, iterate and edit keep the base image's own ratio. */
  size?: SizePreset;
  count: number;
  quality: Quality;
  prompt: string;
  negativePrompt: string;
  wordPackageIds: string[];
  tags: { style: string[]; material: string[]; function: string[] };
  imageWeight: number;
  textWeight: number;
  controlStrength: number;
  /** The seed of the next task; left out, the server picks one. */
  seed?: number;
  /** Holds the seed across submissions (filled from the last task when none was typed). */
  keepSeed: boolean;
  basedOnId?: string;
  /** Iterative rendering: neural render, image to image, or plain iteration (unset). */
  renderMode?: RenderMode;
  images: Partial<Record<SlotName, SlotImage>>;
}

export const DEFAULT_VALUES: StudioValues = {
  type: 'architectural',
  model: 'architecture',
  count: 1,
  quality: 'SD',
  prompt: '',
  negativePrompt: '',
  wordPackageIds: [],
  tags: { style: [], material: [], function: [] },
  imageWeight: 0.5,
  textWeight: 0.7,
  controlStrength: 0.6,
  keepSeed: false,
  images: {},
};

/** The studio's page modes (upscale is an action on a result, not a page). */
export type StudioMode = Exclude<TaskMode, 'upscale'>;

export type BlockReason = 'needPrompt' | 'needBase' | 'needRegion' | 'tooLong' | 'uploading' | 'insufficient';

const hasText = (v: StudioValues) =>
  Boolean(
    v.prompt.trim() ||
    v.wordPackageIds.length ||
    v.tags.style.length ||
    v.tags.material.length ||
    v.tags.function.length,
  );

/** Why Generate cannot run yet, in the order a user would fix it; null when it can. */
export function blockReason(
  mode: StudioMode,
  v: StudioValues,
  extra: { hasRegion?: boolean; uploading?: boolean; enough?: boolean },
): BlockReason | null {
  if (extra.uploading) return 'uploading';
  if (mode !== 'text' && !v.images.base) return 'needBase';
  if (mode === 'edit' && !extra.hasRegion) return 'needRegion';
  if (mode === 'text' && !hasText(v)) return 'needPrompt';
  if (v.prompt.length > LIMITS.promptMax || v.negativePrompt.length > LIMITS.promptMax) return 'tooLong';
  if (extra.enough === false) return 'insufficient';
  return null;
}

/** The submit body for a mode; slot images the mode does not use are left out. */
export function toTaskParams(mode: StudioMode, v: StudioValues, maskImageId?: string): TaskParamsInput {
  const images = v.images;
  return {
    mode,
    type: v.type,
    model: v.model,
    // Partial edit always keeps the base's shape: its result is laid back into the original.
    ...(v.size && mode !== 'edit' && { size: v.size }),
    count: v.count,
    quality: v.quality,
    prompt: v.prompt,
    negativePrompt: v.negativePrompt,
    wordPackageIds: v.wordPackageIds,
    tags: v.tags,
    imageWeight: v.imageWeight,
    textWeight: v.textWeight,
    controlStrength: v.controlStrength,
    ...(v.seed !== undefined && { seed: v.seed }),
    ...(v.basedOnId && { basedOnId: v.basedOnId }),
    ...(mode !== 'text' && images.base && { baseImageId: images.base.id }),
    ...(mode !== 'edit' && images.reference && { referenceImageId: images.reference.id }),
    ...(mode === 'iterate' && images.depth && { depthImageId: images.depth.id }),
    ...(mode === 'iterate' && images.lineArt && { lineArtImageId: images.lineArt.id }),
    ...(mode === 'edit' && maskImageId && { maskImageId }),
    ...(mode === 'iterate' && v.renderMode && v.renderMode !== 'iterate' && { renderMode: v.renderMode }),
  };
}

const isSeed = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) < 2 ** 32;

/**
 * The seed field after a task was submitted: kept, it shows the seed the task ran with (so the
 * next one starts from the same composition); otherwise it empties and the next task gets a new one.
 */
export function seedAfterSubmit(v: Pick<StudioValues, 'keepSeed'>, task: { params: Record<string, unknown> }) {
  return v.keepSeed && isSeed(task.params.seed) ? task.params.seed : undefined;
}

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const unit = (value: unknown, fallback: number) =>
  typeof value === 'number' && value >= 0 && value <= 1 ? value : fallback;
const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string').slice(0, 40) : [];

/**
 * Form values from copied parameters (a task's or a community work's). Image ids are dropped: the
 * images may belong to someone else and the slot could not show them anyway.
 */
export function fromTaskParams(params: Record<string, unknown>): StudioValues {
  const d = DEFAULT_VALUES;
  const tags = (params.tags ?? {}) as Record<string, unknown>;
  const count = Number(params.count);
  return {
    type: pick(params.type, ['architectural', 'interior'], d.type),
    model: pick(params.model, MODELS, d.model),
    ...(SIZE_PRESETS.includes(params.size as SizePreset) && { size: params.size as SizePreset }),
    count: Number.isInteger(count) && count >= 1 && count <= LIMITS.taskCountMax ? count : d.count,
    quality: pick(params.quality, ['SD', 'HD', 'FHD'], d.quality),
    prompt: typeof params.prompt === 'string' ? params.prompt : '',
    negativePrompt: typeof params.negativePrompt === 'string' ? params.negativePrompt : '',
    wordPackageIds: strings(params.wordPackageIds),
    tags: { style: strings(tags.style), material: strings(tags.material), function: strings(tags.function) },
    imageWeight: unit(params.imageWeight, d.imageWeight),
    textWeight: unit(params.textWeight, d.textWeight),
    controlStrength: unit(params.controlStrength, d.controlStrength),
    ...(isSeed(params.seed) && { seed: params.seed }),
    // A task's parameters never hold it; a saved draft's form values do, and a reload keeps it ticked.
    keepSeed: params.keepSeed === true,
    ...(typeof params.basedOnId === 'string' && { basedOnId: params.basedOnId }),
    ...((params.renderMode === 'neural' || params.renderMode === 'img2img') && { renderMode: params.renderMode }),
    images: {},
  };
}
