import type { TaskMode } from '@turing/contract';

/**
 * The seed that makes one result of a task again: a task with this seed and one image gives the
 * same picture. The preview engine draws image i from seed + i, so every image has its own. A
 * ComfyUI batch draws all its images from the task's seed in one go, so only the first image has
 * a seed of its own; OpenAI's image API takes no seed at all. Upscales follow no seed.
 */
export function resultSeed(engine: string, task: { mode: TaskMode; seed?: number }, index: number): number | null {
  if (task.seed === undefined || task.mode === 'upscale') return null;
  if (engine === 'preview') return (task.seed + index) % 2 ** 32;
  if (engine === 'comfyui') return index === 0 ? task.seed : null;
  return null;
}
