import { PATHS } from '../../../shared/routes/paths.ts';

/** The studio page that opens a task's parameters, by its mode (an upscale iterates on a base image). */
export function studioPath(mode: unknown): string {
  if (mode === 'text') return PATHS.textGenerate;
  if (mode === 'edit') return PATHS.stepEditing;
  return PATHS.iterationRendering;
}
