import type { ProjectVersion, ProjectView } from '@turing/contract';
import { AppError } from '../../../shared/app-error.ts';
import { assertAccess } from '../project-access.ts';
import { versionOf, viewOf } from './project-dto.ts';
import { ACCESS_NEEDED, type ProjectOperation } from './project-rules.ts';
import { PROJECT_CAPS, type ProjectsDeps } from './projects.service.ts';

/** A project's views and their versions: adding, naming, ordering, choosing and starring. */
export function createViewsService(deps: ProjectsDeps) {
  const caps = deps.caps ?? PROJECT_CAPS;
  const { url, transaction } = deps;
  const repo = deps.versions.pool;
  const projects = deps.projects.pool;

  /** The view's project when the caller's access allows `op`; a view they may not open is not found. */
  async function needView(viewId: string, userId: string, op: ProjectOperation) {
    const found = await repo.viewAccess(viewId, userId);
    assertAccess(found?.access ?? null, ACCESS_NEEDED[op], 'VIEW_NOT_FOUND');
    return found!.projectId;
  }

  async function viewDto(viewId: string): Promise<ProjectView> {
    const [row, currents] = await Promise.all([repo.view(viewId), repo.currents({ viewId })]);
    if (!row) throw new AppError('VIEW_NOT_FOUND');
    return viewOf(row, currents.get(viewId) ?? null, url);
  }

  async function versionDto(viewId: string, imageId: string): Promise<ProjectVersion> {
    const [row, currents] = await Promise.all([repo.one(viewId, imageId), repo.currents({ viewId })]);
    if (!row) throw new AppError('VERSION_NOT_FOUND');
    return versionOf(row, url, currents.get(viewId)?.version.imageId ?? null);
  }

  return {
    async createView(userId: string, body: { projectId: string; name: string }) {
      assertAccess(await deps.access(body.projectId, userId), ACCESS_NEEDED.viewCreate);
      const viewId = await transaction((tx) =>
        deps.versions.in(tx).insertViewUnderCap(body.projectId, body.name, caps.views),
      );
      if (!viewId) throw new AppError('VIEW_LIMIT', { params: { max: caps.views } });
      await projects.touch(body.projectId);
      return viewDto(viewId);
    },

    async updateView(userId: string, body: { id: string; name?: string; sort?: number }) {
      const projectId = await needView(body.id, userId, 'viewUpdate');
      const { id, ...patch } = body;
      if (Object.keys(patch).length) {
        await repo.updateView(id, patch);
        await projects.touch(projectId);
      }
      return viewDto(id);
    },

    /** Deletes a view with its versions; the images stay in their folders. */
    async removeView(userId: string, id: string) {
      const projectId = await needView(id, userId, 'viewDelete');
      await repo.removeView(id);
      await projects.dropStaleCover(projectId);
      await projects.touch(projectId);
      return { ok: true as const };
    },

    /** Every version of a view, oldest first, with the current one marked. */
    async list(userId: string, viewId: string) {
      await needView(viewId, userId, 'versions');
      const [rows, currents] = await Promise.all([repo.list(viewId), repo.currents({ viewId })]);
      const current = currents.get(viewId)?.version.imageId ?? null;
      return { versions: rows.map((row) => versionOf(row, url, current)) };
    },

    /**
     * Adds one of the caller's images to a view: a base image, or a result (with the task that made
     * it). Adding it again changes nothing.
     */
    async add(userId: string, body: { viewId: string; imageId: string; kind: 'base' | 'result' }) {
      const projectId = await needView(body.viewId, userId, 'versionAdd');
      const image = await deps.ownImage(body.imageId, userId);
      if (!image) throw new AppError('IMAGE_NOT_FOUND');
      const outcome = await transaction((tx) =>
        deps.versions.in(tx).insertVersionUnderCap(
          {
            viewId: body.viewId,
            imageId: image.id,
            kind: body.kind,
            taskId: body.kind === 'result' ? image.taskId : null,
            addedBy: userId,
          },
          caps.versions,
        ),
      );
      if (outcome === 'full') throw new AppError('VERSION_LIMIT', { params: { max: caps.versions } });
      if (outcome === 'added') await projects.touch(projectId);
      return versionDto(body.viewId, image.id);
    },

    async makeCurrent(userId: string, body: { viewId: string; imageId: string }) {
      const projectId = await needView(body.viewId, userId, 'versionCurrent');
      if (!(await repo.setCurrent(body.viewId, body.imageId))) throw new AppError('VERSION_NOT_FOUND');
      await projects.touch(projectId);
      return viewDto(body.viewId);
    },

    async star(userId: string, body: { viewId: string; imageId: string; starred: boolean }) {
      await needView(body.viewId, userId, 'versionStar');
      if (!(await repo.star(body.viewId, body.imageId, body.starred))) throw new AppError('VERSION_NOT_FOUND');
      return versionDto(body.viewId, body.imageId);
    },

    /** Takes an image out of a view; it stays in its folder. */
    async remove(userId: string, body: { viewId: string; imageId: string }) {
      const projectId = await needView(body.viewId, userId, 'versionRemove');
      if (!(await repo.remove(body.viewId, body.imageId))) throw new AppError('VERSION_NOT_FOUND');
      await projects.dropStaleCover(projectId);
      await projects.touch(projectId);
      return { ok: true as const };
    },
  };
}
export type ViewsService = ReturnType<typeof createViewsService>;
