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
     * view is one of its views and has room for this task's images besides those its unfinished
     * tasks will add (a result that cannot join would be charged for nothing). Resolves to the
     * parameters it runs with (the style merged in unless the task or the project turned it off;
     * then marked as applied, so copying them replays the task exactly) and the images of the
     * project it names, by id, which the caller may use though another member made them.
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
      const coming = Number(view.versionCount) + (await repo.pendingResults(view.view.id)) + params.count;
      if (coming > caps.versions) throw new AppError('VERSION_LIMIT', { params: { max: caps.versions } });
      const look = await deps.styleOf(projectId);
      let styled =
        params.projectStyle !== false && look?.styleOn && look.style
          ? { ...mergeStyle(params, look.style, takes), projectStyle: false }
          : params;
      const images = new Map((await repo.imagesOf(projectId, inputIds(styled))).map((row) => [row.id, row]));
      // The style's reference may be gone (its image deleted with its owner's account): the style
      // applies without it rather than refusing every task of the project.
      const added = styled.referenceImageId !== params.referenceImageId ? styled.referenceImageId : undefined;
      if (added && !images.has(added)) {
        const { referenceImageId: _gone, ...rest } = styled;
        styled = rest;
      }
      return { params: styled, images };
    },

    /** An input image of a task of the user's that belongs to a project they edit (the workers read it). */
    editableImage: (imageId: string, userId: string) => repo.editableImage(imageId, userId),

    /** The task's results as versions of its view, in `tx` (the completion's transaction). */
    addTaskResults: (tx: Db, taskId: string) => deps.versions.in(tx).addTaskResults(taskId, caps.versions),
  };
}
