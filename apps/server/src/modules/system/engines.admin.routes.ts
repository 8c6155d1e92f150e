import type { FastifyInstance } from 'fastify';
import { systemAdminRoutes } from '@turing/contract';
import { defineAdminRoute, operatorOf } from '../../shared/define-admin-route.ts';
import type { EngineDrainsService } from './engine-drains.service.ts';

/** The operator's view of the generation engines, and draining a server for maintenance. */
export async function enginesAdminModule(
  app: FastifyInstance,
  opts: { fleet: Pick<EngineDrainsService, 'inspect' | 'drain' | 'resume'> },
) {
  const { fleet } = opts;

  defineAdminRoute(app, systemAdminRoutes.engines, async () => fleet.inspect());

  defineAdminRoute(app, systemAdminRoutes.drain, async (req) => fleet.drain(req.body.url, operatorOf(req), req.audit));

  defineAdminRoute(app, systemAdminRoutes.resume, async (req) => fleet.resume(req.body.url, req.audit));
}
