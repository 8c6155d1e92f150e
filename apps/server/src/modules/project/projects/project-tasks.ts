import type { ProjectStyle, TaskParams } from '@turing/contract';
import type { Db } from '../../../db/client.ts';
import type { UploadRow } from '../../../db/schema/index.ts';
import type { Scoped } from '../../../db/scoped.ts';
import { AppError } from '../../../shared/app-error.ts';
import { assertAccess } from '../project-access.ts';
import { ACCESS_NEEDED, mergeStyle, type StyleTakes } from './project-rules.ts';
import { PROJECT_CAPS, type ProjectCaps, type ProjectsDeps } from './projects.service.ts';
import type { VersionsRepository } from './versions.repository.ts';

export interface ProjectTasksDeps {
  versions: Scoped<VersionsRepository>;
  access: ProjectsDeps['access'];
  /** The project's style and whether it is on. */
  styleOf(projectId: string): Promise<{ style: ProjectStyle | null; styleOn: boolean } | null>;
  caps?: ProjectCaps;
}

const inputIds = (p: TaskParams) =>
  [p.baseImageId, p.referenceImageId, p.depthImageId, p.lineArtImageId, p.maskImageId].filter(
    (id): id is string => id !== undefined,
  );

/**
 * What the design module asks of projects about a task: who may generate in a view, with which
 * parameters (the project's style merged in) and which of the project's images; and, when the task
 * completes, its results as the view's versions.
 */
export function createProjectTasks(deps: ProjectTasksDeps) {
  const caps = deps.caps ?? PROJECT_CAPS;
  const repo = deps.versions.pool;

  return {
    /**
     * Checks a task made in a project before anything is charged: the caller edits the project, the
     * view is one of its views and has room. Resolves to the parameters it runs with (the style
     * merged in unless the task or the project turned it off; then marked as applied, so copying
     * them replays the task exactly) and the images of the project it names, by id, which the caller
     * may use though another member made them.
     */
    async prepare(
      userId: string,
      params: TaskParams,
      takes: StyleTakes,
    ): Promise<{ params: TaskParams; images: Map<string, UploadRow> }> {
      const { projectId, viewId } = params;
      if (!projectId) throw new AppError('PROJECT_NOT_FOUND');
      assertAccess(await deps.access(projectId, userId), ACCESS_NEEDED.generate);
      const view = viewId ? await repo.view(viewId) : null;
      if (!view || view.view.projectId !== projectId) throw new AppError('VIEW_NOT_FOUND');
      if (Number(view.versionCount) >= caps.versions)
        throw new AppError('VERSION_LIMIT', { params: { max: caps.versions } });
      const look = await deps.styleOf(projectId);
      const styled =
        params.projectStyle !== false && look?.styleOn && look.style
          ? { ...mergeStyle(params, look.style, takes), projectStyle: false }
          : params;
      const images = await repo.imagesOf(projectId, inputIds(styled));
      return { params: styled, images: new Map(images.map((row) => [row.id, row])) };
    },

    /** An input image of a task of the user's that belongs to a project they edit (the workers read it). */
    editableImage: (imageId: string, userId: string) => repo.editableImage(imageId, userId),

    /** The task's results as versions of its view, in `tx` (the completion's transaction). */
    addTaskResults: (tx: Db, taskId: string) => deps.versions.in(tx).addTaskResults(taskId, caps.versions),
  };
}
