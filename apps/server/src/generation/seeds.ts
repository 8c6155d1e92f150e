import type { TaskMode } from '@turing/contract';
import { ENGINES, findEngine, type EngineList } from './engines/index.ts';

/**
 * The seed that makes one result of a task again: a task with this seed and one image gives the
 * same picture. Each engine's descriptor says how its images follow the task's seed (the preview
 * draws image i from seed + i; a ComfyUI batch gives only its first image a seed of its own;
 * OpenAI takes no seed). Upscales follow no seed; an engine this server does not know gives none.
 */
export function resultSeed(
  engine: string,
  task: { mode: TaskMode; seed?: number },
  index: number,
  engines: EngineList = ENGINES,
): number | null {
  if (task.seed === undefined || task.mode === 'upscale') return null;
  return findEngine(engine, engines)?.resultSeed({ seed: task.seed }, index) ?? null;
}
