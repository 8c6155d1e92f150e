import type { FastifyInstance } from 'fastify';
import { API_V1_PREFIX } from '@turing/contract';
import { AppError } from '../../../shared/app-error.ts';
import type { ApiKeyService } from '../api-keys/api-keys.part.ts';
import { v1OpenApi } from './openapi.ts';
import { sendV1Error, v1ErrorHandler } from './v1-errors.ts';
import { v1RoutesPlugin, type V1RoutesOptions } from './v1.routes.ts';

/** `Authorization: Bearer <key>`; anything else reads as no key. */
const BEARER = /^Bearer +(\S{1,200})$/i;

export interface V1ModuleOptions extends Omit<V1RoutesOptions, 'rateLimit'> {
  apiKeys: ApiKeyService;
  /** Requests a minute per key (API_RATE_LIMIT). */
  perMinute: number;
  version: string;
  publicUrl: string;
}

/**
 * The public API under /turing/v1: a key in the Authorization header is the only way in (cookies
 * and the app header mean nothing here, and no CORS header is ever sent, so a browser page elsewhere
 * cannot read an answer). Errors are the /v1 shape; each key has its own rate with RateLimit-* headers.
 */
export async function v1Module(app: FastifyInstance, opts: V1ModuleOptions) {
  let document: unknown = null;
  const scope = async (v1: FastifyInstance) => {
    v1.setErrorHandler(v1ErrorHandler);
    v1.setNotFoundHandler((req, reply) => sendV1Error(req, reply, 'NOT_FOUND'));
    v1.get('/openapi.json', { schema: { hide: true }, config: { appHeader: false } }, async (_req, reply) => {
      document ??= v1OpenApi({ version: opts.version, serverUrl: opts.publicUrl });
      reply.header('cache-control', 'public, max-age=300');
      return document;
    });
    await v1.register(async (authed) => {
      authed.decorateRequest('apiKey', null);
      authed.addHook('onRequest', async (req) => {
        const token = BEARER.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const principal = await opts.apiKeys.authenticate(token, req.ip);
        if (!principal) throw new AppError('API_KEY_INVALID');
        const needed = req.routeOptions.config?.v1Scope;
        if (needed && !principal.scopes.includes(needed))
          throw new AppError('API_KEY_SCOPE', { params: { scope: needed } });
        req.apiKey = principal;
      });
      await authed.register(v1RoutesPlugin, {
        ...opts,
        rateLimit: {
          max: opts.perMinute,
          timeWindow: 60_000,
          keyGenerator: (req: { apiKey?: { keyId: string } | null; ip: string }) => req.apiKey?.keyId ?? req.ip,
          // The IETF draft's header names (RateLimit-Limit, -Remaining, -Reset) rather than X-RateLimit-*.
          enableDraftSpec: true,
          labels: DRAFT_LABELS,
          addHeaders: HEADERS_ON,
          addHeadersOnExceeding: HEADERS_ON,
        },
      });
    });
  };
  await app.register(scope, { prefix: API_V1_PREFIX });
}

const DRAFT_LABELS = {
  rateLimit: 'ratelimit-limit',
  rateRemaining: 'ratelimit-remaining',
  rateReset: 'ratelimit-reset',
  retryAfter: 'retry-after',
};
const HEADERS_ON = {
  'ratelimit-limit': true,
  'ratelimit-remaining': true,
  'ratelimit-reset': true,
  'retry-after': true,
};
