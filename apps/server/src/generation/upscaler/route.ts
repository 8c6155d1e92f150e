import type { EngineName, TaskParams } from '@turing/contract';
import { ENGINE_CAPABILITIES } from '../capabilities.ts';

/** The engine that carries the built-in neural upscaler. */
export const UPSCALER_ENGINE: EngineName = 'preview';

/**
 * The engine that runs a task: the model's own, except an upscale by a factor that engine does not
 * offer (OpenAI, FLUX and Wan have no upscale; Stability only ×4), which the built-in upscaler runs.
 * The task records the engine that ran it.
 */
export function engineForTask(engine: EngineName, params: Pick<TaskParams, 'mode' | 'upscale'>): EngineName {
  if (params.mode !== 'upscale') return engine;
  const factor = params.upscale ?? 2;
  return ENGINE_CAPABILITIES[engine].upscale.includes(factor) ? engine : UPSCALER_ENGINE;
}
