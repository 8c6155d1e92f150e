import type { FastifyInstance } from 'fastify';
import { workspaceRoutes } from '@turing/contract';
import { defineRoute } from '../../shared/define-route.ts';
import type { WorkspaceService } from './workspace.service.ts';

export async function workspaceModule(app: FastifyInstance, opts: { workspace: WorkspaceService }) {
  const { workspace } = opts;

  defineRoute(app, workspaceRoutes.folders, async (req) => workspace.list(req.user!.id, req.locale));

  defineRoute(app, workspaceRoutes.folderCreate, async (req) =>
    workspace.create(req.user!.id, req.body.name, req.locale),
  );

  defineRoute(app, workspaceRoutes.folderRename, async (req) =>
    workspace.rename(req.user!.id, req.body.id, req.body.name, req.locale),
  );

  defineRoute(app, workspaceRoutes.folderDelete, async (req) =>
    workspace.remove(req.user!.id, req.body.id, req.body.images),
  );

  defineRoute(app, workspaceRoutes.images, async (req) =>
    workspace.images(req.user!.id, req.query.folderId, req.query),
  );

  defineRoute(app, workspaceRoutes.imageMove, async (req) =>
    workspace.move(req.user!.id, req.body.ids, req.body.folderId),
  );

  defineRoute(app, workspaceRoutes.imageCopy, async (req) =>
    workspace.copy(req.user!.id, req.body.ids, req.body.folderId),
  );

  defineRoute(app, workspaceRoutes.imageDelete, async (req) => workspace.deleteImages(req.user!.id, req.body.ids));
}
