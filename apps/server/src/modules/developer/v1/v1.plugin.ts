import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_V1_PREFIX } from '@turing/contract';
import { AppError } from '../../../shared/app-error.ts';
import type { ApiKeyService } from '../api-keys/api-keys.part.ts';
import { v1OpenApi } from './openapi.ts';
import { sendV1Error, v1ErrorHandler } from './v1-errors.ts';
import { v1RoutesPlugin, type V1RoutesOptions } from './v1.routes.ts';

/** Requests a minute from one address with keys that open nothing, before it is answered 429. */
const REFUSED_PER_MINUTE = 30;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
/** A limiter's count (no allow list is set, so there always is one). */
async function count(limiter: Limiter, req: FastifyRequest) {
  const result = await limiter(req);
  if (result.isAllowed) throw new Error('rate limiter without a count');
  return result;
}

/** `Authorization: Bearer <key>`; anything else reads as no key. */
const BEARER = /^Bearer +(\S{1,200})$/i;

export interface V1ModuleOptions extends V1RoutesOptions {
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
      // One count per key across every route, and one per address for keys that open nothing (a
      // valid key is never held back by others' failures from a shared address).
      const perKey = authed.createRateLimit({
        max: opts.perMinute,
        timeWindow: 60_000,
        keyGenerator: (req) => `v1-key:${req.apiKey?.keyId ?? ''}`,
      });
      const refused = authed.createRateLimit({
        max: REFUSED_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (req) => `v1-refused:${req.ip}`,
      });
      const limited = (seconds: number) => new AppError('RATE_LIMITED', { params: { seconds: Math.max(1, seconds) } });
      authed.decorateRequest('apiKey', null);
      authed.addHook('onRequest', async (req, reply) => {
        const token = BEARER.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const principal = await opts.apiKeys.authenticate(token, req.ip);
        if (!principal) {
          const after = await count(refused, req);
          throw after.isExceeded ? limited(after.ttlInSeconds) : new AppError('API_KEY_INVALID');
        }
        req.apiKey = principal;
        // The IETF draft's names (RateLimit-Limit, -Remaining, -Reset), on every answer to a key.
        const use = await count(perKey, req);
        reply.header('ratelimit-limit', use.max);
        reply.header('ratelimit-remaining', use.remaining);
        reply.header('ratelimit-reset', use.ttlInSeconds);
        if (use.isExceeded) throw limited(use.ttlInSeconds);
        const needed = req.routeOptions.config?.v1Scope;
        if (needed && !principal.scopes.includes(needed))
          throw new AppError('API_KEY_SCOPE', { params: { scope: needed } });
      });
      await authed.register(v1RoutesPlugin, opts);
    });
  };
  await app.register(scope, { prefix: API_V1_PREFIX });
}
