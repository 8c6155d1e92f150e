import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  errorEnvelope,
  type AdminRoles,
  type RouteBodyOutput,
  type RouteDef,
  type RouteQueryOutput,
} from '@turing/contract';
import type { z } from 'zod';

export interface RouteRequest<D extends RouteDef> extends FastifyRequest {
  query: RouteQueryOutput<D>;
  body: RouteBodyOutput<D>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: boolean;
    mutates?: boolean;
  }
}

/**
 * Registers one contract route: validation and the OpenAPI entry come from its zod schemas,
 * the handler returns only `data`, and the envelope is added here.
 */
export function defineRoute<D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  handler: (req: RouteRequest<D>, reply: FastifyReply) => Promise<z.input<D['response']>>,
  extra: {
    rateLimit?: { max: number; timeWindow: number | string; keyGenerator?: (req: FastifyRequest) => string };
  } = {},
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: {
      summary: def.summary,
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { 200: envelope(def.response), '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    config: {
      auth: def.auth,
      mutates: def.mutates,
      // Admin routes carry who may call them; the admin scope reads it from the matched route.
      ...('roles' in def ? { roles: def.roles as AdminRoles } : {}),
      ...('beforeSecondFactor' in def ? { beforeSecondFactor: def.beforeSecondFactor === true } : {}),
      ...(extra.rateLimit ? { rateLimit: extra.rateLimit } : {}),
    },
    handler: async (req, reply) => {
      const data = await handler(req as unknown as RouteRequest<D>, reply);
      return { status: 200 as const, msg: 'success', data };
    },
  });
}
