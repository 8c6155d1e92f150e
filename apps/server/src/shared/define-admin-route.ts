import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminRoles, AdminRouteDef } from '@turing/contract';
import type { z } from 'zod';
import type { AuditActor, AuditWrite } from './audit.ts';
import { defineRoute, type RouteRequest } from './define-route.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call an admin route besides `owner` (required: the admin scope refuses a route without). */
    roles?: AdminRoles;
    /** Callable by an operator who has not passed the second factor yet (their own state, enrolling). */
    beforeSecondFactor?: boolean;
  }
  interface FastifyRequest {
    /** The operator making an admin call (set by the admin scope); null elsewhere. */
    operator: AuditActor | null;
    /** Writes this call's audit row inside the caller's transaction (set by the admin scope). */
    audit: AuditWrite;
    /** Set once the audit row of this call was written. */
    audited: boolean;
  }
}

/**
 * Registers one admin route: a contract route that names its roles (a route without roles does not
 * type-check). The admin scope around it checks the caller and the role before anything else runs.
 */
export function defineAdminRoute<D extends AdminRouteDef>(
  app: FastifyInstance,
  def: D,
  handler: (req: RouteRequest<D>, reply: FastifyReply) => Promise<z.input<D['response']>>,
  extra: Parameters<typeof defineRoute>[3] = {},
) {
  defineRoute(app, def, handler, extra);
}

/**
 * An admin download (CSV): validated like any contract route, answered as a file instead of an
 * envelope, so a plain link or `curl -o` saves it.
 */
export function defineAdminDownload<D extends AdminRouteDef>(
  app: FastifyInstance,
  def: D,
  handler: (req: RouteRequest<D>) => Promise<{ filename: string; type: string; body: string | Buffer }>,
) {
  app.route({
    method: def.method,
    url: def.path,
    schema: { summary: def.summary, ...(def.query ? { querystring: def.query } : {}) },
    config: { auth: false, mutates: def.mutates, roles: def.roles },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const file = await handler(req as unknown as RouteRequest<D>);
      return reply
        .header('content-type', file.type)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}

/** The operator of an admin call (the admin scope guarantees one). */
export function operatorOf(req: FastifyRequest): AuditActor {
  if (!req.operator) throw new Error('operatorOf called outside the admin scope');
  return req.operator;
}
