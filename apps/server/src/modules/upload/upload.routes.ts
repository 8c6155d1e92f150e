import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS, uploadRoutes } from '@turing/contract';
import { defineRoute } from '../../shared/define-route.ts';
import { imageMultipart, readImageFile } from './read-image-file.ts';
import type { UploadService } from './upload.service.ts';

export async function uploadModule(app: FastifyInstance, opts: { uploads: UploadService }) {
  await imageMultipart(app);
  defineRoute(
    app,
    uploadRoutes.image,
    async (req) => {
      const data = await readImageFile(req);
      return opts.uploads.saveImage(req.user!.id, req.query.kind, data);
    },
    {
      rateLimit: {
        max: LIMITS.uploadsPerMinute,
        timeWindow: '1 minute',
        keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip,
      },
    },
  );
  defineRoute(app, uploadRoutes.images, async (req) => {
    const links = await opts.uploads.ownedImageUrls(req.user!.id, req.body.ids);
    return { items: req.body.ids.flatMap((id) => (links.has(id) ? [{ id, ...links.get(id)! }] : [])) };
  });
}
