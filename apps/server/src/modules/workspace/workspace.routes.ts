import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  attachmentDisposition,
  IMAGE_DOWNLOAD_PATH,
  IMAGE_ZIP_PATH,
  imageDownloadQuery,
  imageZipBody,
  workspaceRoutes,
} from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';
import { defineRoute } from '../../shared/define-route.ts';
import type { DownloadsService } from './downloads.service.ts';
import type { WorkspaceService } from './workspace.service.ts';

/** Folders one user may create in a minute. */
export const FOLDER_CREATES_PER_MINUTE = 30;

export async function workspaceModule(
  app: FastifyInstance,
  opts: { workspace: WorkspaceService; downloads: DownloadsService },
) {
  const { workspace, downloads } = opts;

  defineRoute(app, workspaceRoutes.folders, async (req) => workspace.list(req.user!.id, req.query, req.locale));

  defineRoute(app, workspaceRoutes.folder, async (req) => workspace.get(req.user!.id, req.query.id, req.locale));

  // Plenty for a person sorting their work, too few for a script to fill the folder cap in seconds.
  defineRoute(
    app,
    workspaceRoutes.folderCreate,
    async (req) => workspace.create(req.user!.id, req.body.name, req.locale),
    {
      rateLimit: {
        max: FOLDER_CREATES_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip,
      },
    },
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

  // Binary answers (an image, a ZIP), so not envelope routes; refusals before the first byte are envelopes.
  app.get(IMAGE_DOWNLOAD_PATH, { schema: { hide: true }, config: { auth: true } }, async (req, reply) => {
    const query = imageDownloadQuery.safeParse(req.query);
    if (!query.success) throw new AppError('IMAGE_NOT_FOUND');
    const image = await downloads.image(req.user!.id, query.data.id);
    return reply
      .header('content-type', image.contentType)
      .header('content-length', image.bytes)
      .header('content-disposition', attachmentDisposition(image.name))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(image.stream);
  });

  app.post(IMAGE_ZIP_PATH, { schema: { hide: true }, config: { auth: true } }, async (req, reply) => {
    const body = imageZipBody.safeParse(req.body);
    if (!body.success) throw new AppError('VALIDATION');
    const zip = await downloads.zip(req.user!.id, body.data.ids);
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', attachmentDisposition(`turing-${zip.count}-images-${day}.zip`))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    if (zip.size !== null) reply.header('content-length', zip.size);
    return reply.send(zip.stream);
  });
}
