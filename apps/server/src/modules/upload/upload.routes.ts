import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS, uploadRoutes } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';
import { defineRoute } from '../../shared/define-route.ts';
import type { UploadService } from './upload.service.ts';

export async function uploadModule(app: FastifyInstance, opts: { uploads: UploadService }) {
  // Multipart bodies only where files are uploaded (this scope): registered for the whole app, the
  // plugin would add three hooks to every request.
  await app.register(multipart, { limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 10 } });
  defineRoute(
    app,
    uploadRoutes.image,
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UPLOAD_FAILED');
      const file = await req.file();
      if (!file) throw new AppError('UPLOAD_FAILED');
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('IMAGE_TOO_LARGE');
        throw new AppError('UPLOAD_FAILED');
      }
      // When the stream is cut exactly at the limit (5 MiB is a whole number of 64 KiB reads),
      // toBuffer() returns the first 5 MiB without an error: only this flag tells.
      if (file.file.truncated) throw new AppError('IMAGE_TOO_LARGE');
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
