import type { Quality, SizePreset, TaskMode } from './design.constants.ts';

/**
 * What an engine can do with a task, declared without making the engine (no key, no network), so
 * the studio can show it and a submit can refuse an unsupported combination before any charge.
 */
export interface EngineCapabilities {
  /** Task modes it runs itself (an upscale it lacks runs on the built-in neural upscaler). */
  modes: readonly TaskMode[];
  /** Images one task may ask for. */
  maxCount: number;
  /** Aspect presets it can make; 'any' also covers a base image's own ratio. */
  aspects: readonly SizePreset[] | 'any';
  qualities: readonly Quality[];
  /** Edit: changes only the painted region (natively, or by pasting its result back through the mask). */
  mask: boolean;
  /** Which guide images it uses: a reference (colours, materials), a depth map, line art. */
  reference: boolean;
  /**
   * The modes in which it uses the reference, when that is not every mode it runs (a provider
   * whose text-to-image takes no image, say); absent: all of `modes`. Read it through
   * `usesReference`, which also reads `reference`.
   */
  referenceModes?: readonly TaskMode[];
  depth: boolean;
  lineArt: boolean;
  /**
   * Whether an iteration reads the image weight (how much of its base image survives): the studio
   * offers "Vary subtly" and "Vary strongly" only then, as both would otherwise make the same image.
   */
  imageWeight: boolean;
  /** Whether a seed is honoured (the same seed and prompt give the same image). */
  seed: boolean;
  negativePrompt: boolean;
  /** Upscale factors it runs itself. */
  upscale: readonly (2 | 4)[];
  /** Prompt languages it reads as typed; others are translated to English first. */
  languages: readonly ('en' | 'zh')[];
  /** What its provider accepts as an input image (base, mask, guides); absent: no documented limits. */
  input?: EngineInputLimits;
}

/**
 * A provider's documented limits for one input image. The images an engine is given are brought
 * within them before it runs (scaled up to the shortest side, cropped to the longest, re-encoded to
 * fit the bytes), so the provider never refuses a task for the size of its picture.
 */
export interface EngineInputLimits {
  /** Each side at least this many pixels. */
  minSide?: number;
  /** Each side at most this many pixels. */
  maxSide?: number;
  /** Width × height at most. */
  maxPixels?: number;
  /** One encoded image (PNG or JPEG) at most this many bytes. */
  maxBytes?: number;
}

/**
 * Whether a model uses a reference image in a mode: a reference it would ignore is refused at
 * submit when the user gave it, left out when a project's style would add it, and named by the
 * studio next to the reference slot.
 */
export function usesReference(
  caps: Pick<EngineCapabilities, 'reference' | 'referenceModes' | 'modes'>,
  mode: TaskMode,
): boolean {
  return caps.reference && (caps.referenceModes ?? caps.modes).includes(mode);
}
