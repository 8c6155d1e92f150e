import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, STATUS, errorMessage, isErrorCode, type ErrorCode } from '@turing/contract';
import { loggableError } from '../db/errors.ts';
import { AppError } from '../shared/app-error.ts';
import { localeFrom } from '../shared/locale.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: 'en' | 'zh';
  }
}

/**
 * Answers that refuse on purpose with a 5xx status (no generation server, a payment or sign-in
 * provider not reachable): the product working as designed, logged below error (request-log).
 */
export const refusals = new WeakSet<FastifyReply>();

function sendError(
  req: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  opts: { params?: Record<string, string | number>; details?: unknown; http?: number } = {},
) {
  const http = opts.http ?? ERRORS[code].http;
  const status = code === 'SESSION_EXPIRED' ? STATUS.sessionExpired : http;
  return reply.status(http).send({
    status,
    msg: errorMessage(code, req.locale, opts.params),
    data: null,
    code,
    ...(opts.details === undefined ? {} : { details: opts.details }),
  });
}

/** Picks the error code carried by a failed zod check: a contract rule names its code as the message. */
function validationCode(messages: string[]): ErrorCode {
  const known = messages.find((m) => isErrorCode(m));
  return (known as ErrorCode | undefined) ?? 'VALIDATION';
}

/**
 * One place that shapes every /turing answer: success envelopes come from the route helper,
 * and this handler turns every failure into `{status, msg, data: null, code}`.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  // Read from the header when asked (errors, messages, localised lists), not on every request.
  app.decorateRequest('locale', {
    getter(this: FastifyRequest) {
      return localeFrom(this.headers['accept-language']);
    },
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      // App-level limits tell clients when to retry, as the per-IP limits of @fastify/rate-limit do.
      if (err.httpStatus === 429 && typeof err.params.seconds === 'number') {
        reply.header('retry-after', String(err.params.seconds));
      }
      if (err.httpStatus > 500) refusals.add(reply);
      return sendError(req, reply, err.code, { params: err.params, details: err.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        code: isErrorCode(v.message) ? v.message : 'VALIDATION',
      }));
      return sendError(req, reply, validationCode(err.validation.map((v) => v.message ?? '')), { details: fields });
    }
    if (err.statusCode === 429) {
      const seconds = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 1)));
      return sendError(req, reply, 'RATE_LIMITED', { params: { seconds } });
    }
    if (err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return sendError(req, reply, 'PAYLOAD_TOO_LARGE', { http: 413 });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the caller's fault, said plainly.
      return sendError(req, reply, 'VALIDATION', { http: err.statusCode });
    }
    // A database error is logged as its statement and code: never the parameters it was given.
    req.log.error({ err: loggableError(err), userId: req.user?.id }, 'unhandled error');
    return sendError(req, reply, 'INTERNAL');
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/turing')) return sendError(req, reply, 'NOT_FOUND');
    return reply.status(404).type('text/plain').send('Not found');
  });
});
