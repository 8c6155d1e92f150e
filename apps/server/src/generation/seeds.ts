import type { TaskMode } from '@turing/contract';

/** Stability's seeds run 0–4,294,967,294 (0 is sent as the largest: it would mean "random" there). */
const STABILITY_SEEDS = 4_294_967_295;

/**
 * The seed that makes one result of a task again: a task with this seed and one image gives the
 * same picture. The preview engine draws image i from seed + i, so every image has its own. A
 * ComfyUI batch draws all its images from the task's seed in one go, so only the first image has
 * a seed of its own; OpenAI's image API takes no seed at all. Stability makes one image per request,
 * image i from seed + i within its seed range (see stability-requests.ts: apiSeed); so does FLUX,
 * one job an image. Wan makes a task's images in one request, like a ComfyUI batch. Upscales follow no seed.
 */
export function resultSeed(engine: string, task: { mode: TaskMode; seed?: number }, index: number): number | null {
  if (task.seed === undefined || task.mode === 'upscale') return null;
  if (engine === 'preview') return (task.seed + index) % 2 ** 32;
  if (engine === 'comfyui') return index === 0 ? task.seed : null;
  if (engine === 'stability') return (task.seed + index) % STABILITY_SEEDS;
  // FLUX: one job an image, image i from seed + i; Wan: one request for the batch, like ComfyUI.
  if (engine === 'flux') return (task.seed + index) % 2 ** 31;
  if (engine === 'wan') return index === 0 ? task.seed % 2 ** 31 : null;
  return null;
}
