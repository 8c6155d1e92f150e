import type { Task } from '@turing/contract';
import { useCost } from '../api/get-cost.ts';
import { variationParams, type VaryStrength } from '../lib/variation.ts';
import type { useGenerate } from './use-generate.ts';

/**
 * "Vary subtly / strongly" on a result: submits an iterate task on it (see `variationParams`).
 * Returns the submitted task, or null when it was refused (the purchase prompt or a toast says why).
 */
export function useVary(gen: Pick<ReturnType<typeof useGenerate>, 'run' | 'pending'>) {
  return {
    vary: (task: Pick<Task, 'params'>, resultId: string, strength: VaryStrength) =>
      gen.run(variationParams(task, resultId, strength)),
    busy: gen.pending,
  };
}

/** What a variation of a result costs (both strengths cost the same), for the price on its button. */
export function useVaryCost(task: Pick<Task, 'params'> | null, resultId: string | null) {
  return useCost(task && resultId ? variationParams(task, resultId, 'subtle') : null);
}
