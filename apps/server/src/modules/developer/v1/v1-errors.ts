import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, errorMessage, isErrorCode, type ErrorCode, type V1Error } from '@turing/contract';
import { loggableError } from '../../../db/errors.ts';
import { AppError } from '../../../shared/app-error.ts';

/** Sends one /v1 error: the product's stable code, its message in the caller's language, a real status. */
export function sendV1Error(
  req: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  opts: { params?: Record<string, string | number>; details?: unknown; http?: number } = {},
) {
  const body: V1Error = {
    error: {
      code,
      message: errorMessage(code, req.locale, opts.params),
      ...(opts.details === undefined ? {} : { details: opts.details }),
    },
    requestId: String(req.id),
  };
  return reply
    .status(opts.http ?? ERRORS[code].http)
    .type('application/json')
    .send(body);
}

/**
 * The error handler of the /v1 scope: the same decisions as the web's envelope (plugins/envelope.ts),
 * in the public API's shape. A program reads `error.code`; nothing else changes between the two.
 */
export function v1ErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    if (err.httpStatus === 429 && typeof err.params.seconds === 'number') {
      reply.header('retry-after', String(err.params.seconds));
    }
    return sendV1Error(req, reply, err.code, { params: err.params, details: err.details });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = err.validation.map((v) => ({
      field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      code: isErrorCode(v.message) ? v.message : 'VALIDATION',
    }));
    const known = details.find((d) => d.code !== 'VALIDATION');
    return sendV1Error(req, reply, (known?.code ?? 'VALIDATION') as ErrorCode, { details });
  }
  if (err.statusCode === 429) {
    const seconds = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 1)));
    reply.header('retry-after', String(seconds));
    return sendV1Error(req, reply, 'RATE_LIMITED', { params: { seconds } });
  }
  if (err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
    return sendV1Error(req, reply, 'PAYLOAD_TOO_LARGE', { http: 413 });
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return sendV1Error(req, reply, 'VALIDATION', { http: err.statusCode });
  }
  req.log.error({ err: loggableError(err), userId: req.apiKey?.userId }, 'unhandled error');
  return sendV1Error(req, reply, 'INTERNAL');
}
