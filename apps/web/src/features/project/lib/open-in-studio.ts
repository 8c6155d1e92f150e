import type { ProjectVersion } from '@turing/contract';
import { PATHS } from '../../../shared/routes/paths.ts';
import { chooseStudioProject, type StudioProjectChoice } from '../../../shared/studio/studio-project.ts';

/** The studio pages a version can be opened in, with it as the base image. */
export type StudioTarget = 'iterate' | 'edit';

/**
 * "Open in studio": chooses the project and view in the studio's picker (so what the studio makes
 * joins the view) and returns where to go with the version handed over as the base image, in the
 * shape the studio reads from router state.
 */
export function openInStudio(version: ProjectVersion, where: StudioProjectChoice, target: StudioTarget = 'iterate') {
  chooseStudioProject(where);
  return {
    path: target === 'edit' ? PATHS.stepEditing : PATHS.iterationRendering,
    state: { base: { id: version.imageId, url: version.url, width: version.width, height: version.height } },
  };
}
