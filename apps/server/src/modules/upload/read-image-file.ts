import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';

/**
 * Multipart bodies in this scope only, for the routes that take an image: registered for the whole
 * app, the plugin would add three hooks to every request.
 */
export const imageMultipart = (app: FastifyInstance) =>
  app.register(multipart, { limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 10 } });

/** The one image file of a multipart request, whole, or the error that says why not. */
export async function readImageFile(req: FastifyRequest): Promise<Buffer> {
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
  return data;
}
