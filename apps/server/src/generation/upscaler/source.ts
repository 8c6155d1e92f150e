import type { EngineTask } from '../engine.ts';

export type BaseSource = NonNullable<EngineTask['baseSource']>;

export interface SourceLookup {
  /** The user's image by id (kind, and the task that made it for a result); null when not theirs. */
  image(id: string, userId: string): Promise<{ kind: string; taskId: string | null } | null>;
  /** A task by id: the engine that ran it and its parameters. */
  task(id: string): Promise<{ engine: string; params: { mode: string; baseImageId?: string } } | null>;
}

/** Upscales of upscales are followed this far back; deeper (or unknown) counts as a preview. */
const MAX_DEPTH = 8;

/**
 * Where an upscale's base image came from, for the "Preview" mark: a result of a real engine is a
 * render; a result of the embedded engine is a preview drawing, except its own upscales, which are
 * as real as what they enlarged; anything the user uploaded is their own picture. Anything that
 * cannot be told counts as a preview, so nothing is ever unmarked by mistake.
 */
export async function baseSourceOf(imageId: string, userId: string, lookup: SourceLookup): Promise<BaseSource> {
  let id = imageId;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const image = await lookup.image(id, userId);
    if (!image) return 'preview';
    if (image.kind !== 'result') return 'upload';
    if (!image.taskId) return 'preview';
    const task = await lookup.task(image.taskId);
    if (!task) return 'preview';
    if (task.engine !== 'preview') return 'render';
    if (task.params.mode !== 'upscale' || !task.params.baseImageId) return 'preview';
    id = task.params.baseImageId;
  }
  return 'preview';
}
