import { EngineError, type EngineTask } from '../../engine.ts';
import type { Graph } from './comfy-types.ts';
import { bypassNode, cloneGraph, pruneUnreachable } from './workflow-graph.ts';
import { roleNode, type Role, type TemplateName, type Templates } from './workflow-templates.ts';

export interface ComfyModels {
  checkpoint: string;
  /** Used for the `architecture-beta` model; without it the main checkpoint serves both. */
  checkpointBeta?: string;
  controlnetDepth: string;
  controlnetLineArt: string;
  upscaleModel: string;
  /**
   * IP-Adapter model file (ComfyUI_IPAdapter_plus): when set, a reference conditions the model
   * through the templates' IP-Adapter branch, read by `clipVision`; absent, it is blended into the
   * starting latent instead.
   */
  ipadapter?: string;
  clipVision?: string;
}

/** Input image roles, and the name ComfyUI knows each uploaded file by ("subfolder/name"). */
export type InputRole = 'base' | 'reference' | 'depth' | 'lineArt' | 'mask';
export type InputNames = Partial<Record<InputRole, string>>;

const STEPS: Record<EngineTask['quality'], number> = { SD: 20, HD: 28, FHD: 36 };
/** textWeight 0–1 → classifier-free guidance 3–9: below 3 prompts barely steer, above 9 images burn. */
const CFG_MIN = 3;
const CFG_SPAN = 6;
/** imageWeight 1 keeps 85 % of the base: the sampler still needs some noise to work with. */
const BASE_KEEP = 0.85;
/** A reference alone (text mode) only lends colour and mood, so at most half of it survives. */
const REFERENCE_ALONE_KEEP = 0.5;
/** Next to a base, the reference is mixed into the starting latent for at most this share. */
const REFERENCE_BLEND_SHARE = 0.3;

/** Whether the task's reference goes through IP-Adapter (a model is set) rather than into the latent. */
const throughIpAdapter = (task: EngineTask, models: Partial<ComfyModels>) =>
  Boolean(models.ipadapter && task.images.reference && task.mode !== 'upscale');

/**
 * Which template a task runs. A text task with a reference starts from the reference's latent,
 * unless IP-Adapter takes the reference: then it starts from noise like any text task.
 */
export function chooseTemplate(task: EngineTask, models: Partial<ComfyModels> = {}): TemplateName {
  if (task.mode === 'upscale') return 'upscale';
  if (task.mode === 'edit') return 'inpaint';
  if (task.mode === 'iterate') return 'img2img';
  return task.images.reference && !throughIpAdapter(task, models) ? 'img2img' : 'txt2img';
}

/** The images a task sends, checked against what its mode needs. */
export function inputsFor(task: EngineTask): Partial<Record<InputRole, Buffer>> {
  const { base, reference, depth, lineArt, mask } = task.images;
  if (task.mode !== 'text' && !base) throw new EngineError('invalid', `${task.mode} needs a base image`);
  if (task.mode === 'edit' && !mask) throw new EngineError('invalid', 'edit needs a mask');
  if (task.mode === 'upscale') return { base };
  const inputs: Partial<Record<InputRole, Buffer>> = { base, reference, depth, lineArt };
  if (task.mode === 'edit') inputs.mask = mask;
  return Object.fromEntries(Object.entries(inputs).filter(([, v]) => v)) as Partial<Record<InputRole, Buffer>>;
}

/** ComfyUI's prompt_id: the task id, suffixed on a retry so a leftover of attempt 1 is never taken for it. */
export function promptIdFor(task: EngineTask): string {
  return task.attempt > 1 ? `${task.id}-a${task.attempt}` : task.id;
}

/** How many images the prompt saves: an upscale makes one, the others `count`. */
export function imagesExpected(task: EngineTask): number {
  return task.mode === 'upscale' ? 1 : task.count;
}

/**
 * Fills a template with one task. The SaveImage prefix carries the prompt id, so every attempt's
 * graph differs: ComfyUI answers an identical graph from its cache without saving new images.
 */
export function buildWorkflow(
  templates: Templates,
  task: EngineTask,
  models: ComfyModels,
  names: InputNames,
  promptId: string,
): Graph {
  const name = chooseTemplate(task, models);
  const ipadapter = throughIpAdapter(task, models);
  const graph = cloneGraph(templates[name]);
  const set = (role: Role, inputs: Record<string, unknown>): boolean => {
    const id = roleNode(graph, role);
    if (!id) return false;
    Object.assign(graph[id]!.inputs, inputs);
    return true;
  };
  const size = { width: task.width, height: task.height };

  set('save', { filename_prefix: `turing/${promptId}` });
  if (name === 'upscale') {
    set('base', { image: names.base });
    set('upscaleModel', { model_name: models.upscaleModel });
    set('resize', size);
    pruneUnreachable(graph);
    return graph;
  }

  const ckpt = task.model === 'architecture-beta' && models.checkpointBeta ? models.checkpointBeta : models.checkpoint;
  set('checkpoint', { ckpt_name: ckpt });
  set('positive', { text: task.prompt });
  set('negative', { text: task.negativePrompt });
  set('latent', { ...size, batch_size: task.count });
  set('batch', { amount: task.count });
  set('originalBatch', { amount: task.count });
  const cfg = Math.round((CFG_MIN + CFG_SPAN * clamp01(task.textWeight)) * 10) / 10;
  set('sampler', { seed: task.seed, steps: STEPS[task.quality], cfg, denoise: denoiseFor(task, ipadapter) });

  // Text mode with a reference and no IP-Adapter: the reference takes the base's place as the starting image.
  const source = name === 'img2img' && task.mode === 'text' ? names.reference : names.base;
  set('base', { image: source });
  set('baseResize', size);
  // The mask is a plain greyscale upload read by LoadImageMask's red channel: white (1) = change.
  if (names.mask) set('mask', { image: names.mask, channel: 'red' });
  if (ipadapter) {
    // The reference conditions the model (its look, not its layout); the starting latent stays the base's.
    set('reference', { image: names.reference });
    set('ipadapter', { weight: round2(clamp01(task.imageWeight)) });
    set('ipadapterModel', { ipadapter_file: models.ipadapter });
    set('clipVision', { clip_name: models.clipVision });
    leaveOut(graph, 'referenceBlend');
  } else {
    leaveOut(graph, 'ipadapter');
    if (task.mode !== 'text' && names.reference && set('reference', { image: names.reference })) {
      set('referenceResize', size);
      set('referenceBlend', { blend_factor: round2(1 - REFERENCE_BLEND_SHARE * clamp01(task.imageWeight)) });
    } else leaveOut(graph, 'referenceBlend');
  }

  const strength = round2(clamp01(task.controlStrength));
  for (const [image, role, model, apply, modelName] of [
    [names.depth, 'depthImage', 'depthModel', 'depthApply', models.controlnetDepth],
    [names.lineArt, 'lineArtImage', 'lineArtModel', 'lineArtApply', models.controlnetLineArt],
  ] as const) {
    if (image && set(role, { image }) && set(apply, { strength })) set(model, { control_net_name: modelName });
    else leaveOut(graph, apply);
  }
  pruneUnreachable(graph);
  return graph;
}

function denoiseFor(task: EngineTask, ipadapter: boolean): number {
  const weight = clamp01(task.imageWeight);
  if (task.mode === 'text') return task.images.reference && !ipadapter ? round2(1 - REFERENCE_ALONE_KEEP * weight) : 1;
  return round2(1 - BASE_KEEP * weight);
}

function leaveOut(graph: Graph, role: Role): void {
  const id = roleNode(graph, role);
  if (id) bypassNode(graph, id);
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
