import { EngineError, type EngineTask } from '../../engine.ts';
import {
  CONSERVATIVE_MAX_PIXELS,
  CONSERVATIVE_OUTPUT_PIXELS,
  FAST_MAX_PIXELS,
  FAST_MAX_SIDE,
  apiAspect,
  baseUpload,
  guideUpload,
  maskUpload,
  referenceUpload,
  upscaleUpload,
} from './stability-images.ts';

/** The generate endpoints: `stable-image/generate/<endpoint>`. */
export type GenerateEndpoint = 'core' | 'ultra' | 'sd3';

/** The largest seed the API takes; 0 there means "pick one at random", so we never send it. */
export const MAX_API_SEED = 4_294_967_294;

/**
 * The seed sent for image `index` of a task: the task's seed plus the index, as the preview engine
 * draws them, kept inside the API's range. A sum that lands on 0 (the API's "random") is sent as
 * the largest seed instead, so every image can be made again from the seed recorded for it.
 */
export function apiSeed(seed: number, index: number): number {
  const value = (seed + index) % (MAX_API_SEED + 1);
  return value === 0 ? MAX_API_SEED : value;
}

/** Which endpoint (and, for sd3, which SD 3.5 model) a task's provider model names. */
export interface StabilityModel {
  endpoint: GenerateEndpoint;
  /** The sd3 endpoint's `model` field (sd3.5-large, sd3.5-large-turbo, sd3.5-medium…); absent: the API's default. */
  sd3Model?: string;
}

/**
 * The model a task runs on: the catalogue's `engineModel` when it names one of ours (core, ultra,
 * sd3, or an SD 3.5 model such as `sd3.5-large-turbo`), else the configured default.
 */
export function resolveModel(engineModel: string | undefined, fallback: GenerateEndpoint): StabilityModel {
  const name = engineModel
    ?.trim()
    .toLowerCase()
    .replace(/^stable-image-/, '');
  if (name === 'core' || name === 'ultra' || name === 'sd3') return { endpoint: name };
  if (name && /^sd3(\.5)?-[a-z-]+$/.test(name)) return { endpoint: 'sd3', sd3Model: name };
  return { endpoint: fallback };
}

/** The SD 3.x turbo models ignore a negative prompt (the API documents it as not working with them). */
const takesNegative = (model: StabilityModel) => !model.sd3Model?.includes('turbo');

/** One request of a task: where it goes and its form fields, made afresh for each image's seed. */
export interface PlannedRequest {
  /** Path under the base URL, e.g. `/v2beta/stable-image/control/sketch`. */
  path: string;
  /** What the request does, for logs and errors. */
  what: string;
  form(seed: number): FormData;
}

type Fields = Record<string, string | Blob | undefined>;

function formOf(fields: Fields): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, value, value.type === 'image/jpeg' ? `${key}.jpg` : `${key}.png`);
  }
  return form;
}

const fixed = (n: number) => String(Math.round(Math.min(1, Math.max(0, n)) * 100) / 100);

/** A prompt for an upscale when the task carries none (conservative upscale requires one). */
const upscalePrompt = (task: EngineTask) =>
  task.prompt.trim() ||
  (task.type === 'interior' ? 'a detailed interior design photograph' : 'a detailed architectural photograph');

/**
 * The request that makes one image of a task.
 *
 * - text → `generate/{core|ultra|sd3}` at the nearest aspect ratio; with a reference,
 *   `control/style` (Style Guide) instead, whichever generate model the task names: a new picture
 *   from the prompt in the reference's style, `fidelity` = imageWeight;
 * - iterate with line art → `control/sketch`, with a depth map → `control/structure` (the guide is
 *   the image; `control_strength` from the task; line art wins when both are given, as the sharper
 *   guide). Those take no second image, so a reference is not used with a guide. With neither, the
 *   base image itself: with a reference, `control/style-transfer` restyles it (`init_image` the
 *   base, `style_image` the reference, `composition_fidelity` = imageWeight, `change_strength` =
 *   1 − imageWeight); otherwise sd3 and ultra take it as image-to-image with `strength` =
 *   1 − imageWeight (colours and materials survive as much as the designer asked), and core, which
 *   has no image-to-image, sends it through `control/structure` with `control_strength` =
 *   imageWeight (its layout survives, the look follows the prompt);
 * - edit → `edit/inpaint` with the base and our mask (white = change, as inpaint reads it);
 * - upscale (×2 or ×4) → `upscale/conservative` while its ~4 MP answer covers the target (its
 *   input shrunk to 1 MP), else `upscale/fast` (×4 of an input shrunk to 1 MP, so up to 16 MP);
 *   either answer is resized to the exact target afterwards.
 */
export async function planRequest(task: EngineTask, model: StabilityModel): Promise<PlannedRequest> {
  const negative = task.negativePrompt.trim() || undefined;
  const common = { prompt: task.prompt, output_format: 'png' };
  const { base, lineArt, depth, mask, reference } = task.images;

  if (task.mode === 'text' && reference) {
    const fields: Fields = {
      ...common,
      negative_prompt: negative,
      image: await referenceUpload(reference),
      aspect_ratio: apiAspect(task.width, task.height),
      fidelity: fixed(task.imageWeight),
    };
    return {
      path: '/v2beta/stable-image/control/style',
      what: 'control/style',
      form: (seed) => formOf({ ...fields, seed: String(seed) }),
    };
  }

  if (task.mode === 'text') {
    const sd3 = model.endpoint === 'sd3';
    const fields: Fields = {
      ...common,
      negative_prompt: takesNegative(model) ? negative : undefined,
      aspect_ratio: apiAspect(task.width, task.height),
      ...(sd3 && { mode: 'text-to-image', model: model.sd3Model }),
    };
    return {
      path: `/v2beta/stable-image/generate/${model.endpoint}`,
      what: `generate/${model.endpoint}`,
      form: (seed) => formOf({ ...fields, seed: String(seed) }),
    };
  }

  if (task.mode === 'iterate') {
    const guide = lineArt ?? depth;
    if (guide) {
      const kind = lineArt ? 'sketch' : 'structure';
      const image = await guideUpload(guide, task.width, task.height);
      const fields: Fields = {
        ...common,
        negative_prompt: negative,
        image,
        control_strength: fixed(task.controlStrength),
      };
      return {
        path: `/v2beta/stable-image/control/${kind}`,
        what: `control/${kind}`,
        form: (seed) => formOf({ ...fields, seed: String(seed) }),
      };
    }
    if (!base) throw new EngineError('invalid', 'stability: iterate needs a base image or a guide');
    const image = await guideUpload(base, task.width, task.height);
    if (reference) return styleTransfer(task, image, await referenceUpload(reference), negative);
    if (model.endpoint === 'core') {
      const fields: Fields = { ...common, negative_prompt: negative, image, control_strength: fixed(task.imageWeight) };
      return {
        path: '/v2beta/stable-image/control/structure',
        what: 'control/structure (base)',
        form: (seed) => formOf({ ...fields, seed: String(seed) }),
      };
    }
    const sd3 = model.endpoint === 'sd3';
    const fields: Fields = {
      ...common,
      negative_prompt: takesNegative(model) ? negative : undefined,
      image,
      strength: fixed(1 - task.imageWeight),
      ...(sd3 && { mode: 'image-to-image', model: model.sd3Model }),
    };
    return {
      path: `/v2beta/stable-image/generate/${model.endpoint}`,
      what: `generate/${model.endpoint} image-to-image`,
      form: (seed) => formOf({ ...fields, seed: String(seed) }),
    };
  }

  if (task.mode === 'edit') {
    if (!base) throw new EngineError('invalid', 'stability: edit needs a base image');
    if (!mask) throw new EngineError('invalid', 'stability: edit needs a mask');
    const fields: Fields = {
      ...common,
      negative_prompt: negative,
      image: await baseUpload(base),
      mask: await maskUpload(mask, task.width, task.height),
    };
    return {
      path: '/v2beta/stable-image/edit/inpaint',
      what: 'edit/inpaint',
      form: (seed) => formOf({ ...fields, seed: String(seed) }),
    };
  }

  if (!base) throw new EngineError('invalid', 'stability: upscale needs a base image');
  // Conservative answers ~4 MP whatever it is given: it serves every target it covers (up to a
  // final enlargement of ~12 % a side, e.g. ×2 of a 1280×960 result); beyond, fast's ×4 does.
  const conservative = task.width * task.height <= CONSERVATIVE_OUTPUT_PIXELS * 1.25;
  if (conservative) {
    const fields: Fields = {
      prompt: upscalePrompt(task),
      negative_prompt: negative,
      output_format: 'png',
      image: await upscaleUpload(base, CONSERVATIVE_MAX_PIXELS, Infinity),
    };
    return {
      path: '/v2beta/stable-image/upscale/conservative',
      what: 'upscale/conservative',
      form: (seed) => formOf({ ...fields, seed: String(seed) }),
    };
  }
  const image = await upscaleUpload(base, FAST_MAX_PIXELS, FAST_MAX_SIDE);
  return {
    path: '/v2beta/stable-image/upscale/fast',
    what: 'upscale/fast',
    // Fast upscale takes no prompt and no seed.
    form: () => formOf({ image, output_format: 'png' }),
  };
}

/** Style Transfer's `change_strength` runs from 0.1 (the least change it makes) to 1. */
const LEAST_CHANGE = 0.1;

/** An iteration restyled by its reference: the base's layout kept as much as the image weight asks. */
function styleTransfer(task: EngineTask, init: Blob, style: Blob, negative: string | undefined): PlannedRequest {
  const fields: Fields = {
    // Optional here: an iteration may carry no words at all.
    prompt: task.prompt.trim() || undefined,
    negative_prompt: negative,
    init_image: init,
    style_image: style,
    composition_fidelity: fixed(task.imageWeight),
    change_strength: fixed(Math.max(LEAST_CHANGE, 1 - task.imageWeight)),
    output_format: 'png',
  };
  return {
    path: '/v2beta/stable-image/control/style-transfer',
    what: 'control/style-transfer',
    form: (seed) => formOf({ ...fields, seed: String(seed) }),
  };
}
