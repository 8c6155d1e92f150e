import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v1Error, type ApiScope, type V1RouteDef } from '@turing/contract';
import type { z } from 'zod';
import type { ApiKeyPrincipal } from '../api-keys/api-keys.part.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key a /v1 request was made with (set by the /v1 scope's authentication). */
    apiKey: ApiKeyPrincipal | null;
  }
  interface FastifyContextConfig {
    /** The scope a /v1 route needs. */
    v1Scope?: ApiScope;
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface V1Request<D extends V1RouteDef> extends FastifyRequest {
  params: Out<D['params']>;
  query: Out<D['query']>;
  body: Out<D['body']>;
  apiKey: ApiKeyPrincipal;
}

/** What a /v1 handler returns: the resource (sent with the route's status), or nothing for a 204 or a stream. */
type Answer<D extends V1RouteDef> = D['response'] extends z.ZodType ? z.input<D['response']> : void;

/** JSON bodies of the public API are small (a task's parameters); anything larger is refused at the door. */
const V1_BODY_LIMIT = 64 * 1024;

/**
 * Registers one /v1 route from its contract entry: validation, the OpenAPI document and the scope it
 * needs come from there; the answer is the resource itself with the route's status.
 */
export function defineV1Route<D extends V1RouteDef>(
  app: FastifyInstance,
  def: D,
  handler: (req: V1Request<D>, reply: FastifyReply) => Promise<Answer<D>>,
) {
  const success = def.response ? { [def.status]: def.response } : {};
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    bodyLimit: V1_BODY_LIMIT,
    schema: {
      summary: def.summary,
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.stream ? {} : { response: { ...success, '4xx': v1Error, '5xx': v1Error } }),
    },
    config: { v1Scope: def.scope, appHeader: false },
    handler: async (req, reply) => {
      const data = await handler(req as unknown as V1Request<D>, reply);
      if (def.stream || reply.sent) return reply;
      reply.status(def.status);
      return def.status === 204 ? reply.send() : data;
    },
  });
}
