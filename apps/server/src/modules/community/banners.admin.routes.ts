import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bannerBody, contentAdminRoutes, isErrorCode, LIMITS, type ErrorCode } from '@turing/contract';
import type { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import { defineAdminRoute, operatorOf } from '../../shared/define-admin-route.ts';
import type { PresetPicturesService } from '../design/index.ts';
import type { BannersService } from './banners.service.ts';

/** The form of an operator's upload: its one file (`file`) and its text fields. */
async function readForm(req: FastifyRequest): Promise<{ file: Buffer | null; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new AppError('UPLOAD_FAILED');
  let file: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const data = await part.toBuffer();
      // Cut exactly at the limit, toBuffer() answers without an error: only this flag tells.
      if (part.file.truncated) throw new AppError('IMAGE_TOO_LARGE');
      if (part.fieldname === 'file') file = data;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('IMAGE_TOO_LARGE');
    throw new AppError('UPLOAD_FAILED');
  }
  return { file, fields };
}

/** A form field holding JSON, checked by the contract's schema as a JSON body would be. */
function parseField<S extends z.ZodType>(schema: S, text: string | undefined): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    throw new AppError('VALIDATION');
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  const code = issues.map((i) => i.message).find(isErrorCode) as ErrorCode | undefined;
  throw new AppError(code ?? 'VALIDATION', {
    details: issues.map((i) => ({ field: i.path.join('.'), code: isErrorCode(i.message) ? i.message : 'VALIDATION' })),
  });
}

const fileOf = async (req: FastifyRequest) => {
  const { file } = await readForm(req);
  if (!file) throw new AppError('UPLOAD_FAILED');
  return file;
};

/** Community banners and the preset pictures, managed from the console (moderators and owners). */
export async function contentAdminModule(
  app: FastifyInstance,
  opts: { banners: BannersService; presetPictures: PresetPicturesService },
) {
  // Multipart only here (encapsulated): the plugin adds hooks to every request of its scope.
  await app.register(multipart, {
    limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 4, fieldSize: 16 * 1024 },
  });
  const { banners, presetPictures } = opts;

  defineAdminRoute(app, contentAdminRoutes.banners, async () => banners.list());

  defineAdminRoute(app, contentAdminRoutes.bannerCreate, async (req) => {
    const { file, fields } = await readForm(req);
    const input = parseField(bannerBody, fields.data);
    if (!file) throw new AppError('BANNER_IMAGE_REQUIRED');
    return banners.create(input, file, req.audit);
  });

  defineAdminRoute(app, contentAdminRoutes.bannerUpdate, async (req) => banners.update(req.body, req.audit));

  defineAdminRoute(app, contentAdminRoutes.bannerImage, async (req) =>
    banners.replaceImage(req.query.id, await fileOf(req), req.audit),
  );

  defineAdminRoute(app, contentAdminRoutes.bannerReorder, async (req) => banners.reorder(req.body.ids, req.audit));

  defineAdminRoute(app, contentAdminRoutes.bannerDelete, async (req) => banners.remove(req.body.id, req.audit));

  defineAdminRoute(app, contentAdminRoutes.presets, async () => presetPictures.list());

  defineAdminRoute(app, contentAdminRoutes.presetReplace, async (req) =>
    presetPictures.replace(req.query, await fileOf(req), operatorOf(req), req.audit),
  );

  defineAdminRoute(app, contentAdminRoutes.presetRestore, async (req) => presetPictures.restore(req.body, req.audit));
}
