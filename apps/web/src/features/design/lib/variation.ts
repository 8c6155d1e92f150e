import type { Task, TaskParamsInput } from '@turing/contract';

export type VaryStrength = 'subtle' | 'strong';

/**
 * How much of the chosen image a variation keeps. A variation is an iterate task on the result:
 * subtle keeps most of it (light, small details change), strong keeps the composition loosely.
 */
const VARY_IMAGE_WEIGHT: Record<VaryStrength, number> = { subtle: 0.85, strong: 0.45 };

const KEPT = [
  'type',
  'model',
  'count',
  'quality',
  'prompt',
  'negativePrompt',
  'wordPackageIds',
  'tags',
  'textWeight',
  'controlStrength',
  'referenceImageId',
  'depthImageId',
  'lineArtImageId',
  'folderId',
] as const;

/**
 * The submit body of a variation of one result: the task's own words, tags and settings, the
 * result as the base image, a new seed (left to the server) and no size, so it keeps the view.
 */
export function variationParams(task: Pick<Task, 'params'>, resultId: string, strength: VaryStrength): TaskParamsInput {
  const p = task.params;
  const kept = Object.fromEntries(KEPT.filter((k) => p[k] !== undefined && p[k] !== null).map((k) => [k, p[k]]));
  return {
    ...(kept as Partial<TaskParamsInput>),
    mode: 'iterate',
    baseImageId: resultId,
    imageWeight: VARY_IMAGE_WEIGHT[strength],
  };
}
