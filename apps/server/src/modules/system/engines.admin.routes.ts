import type { FastifyInstance } from 'fastify';
import { systemAdminRoutes } from '@turing/contract';
import { defineRoute } from '../../shared/define-route.ts';
import type { FleetService } from './fleet.service.ts';

/** The operator's view of the generation engines; the admin scope around it checks the token. */
export async function enginesAdminModule(app: FastifyInstance, opts: { fleet: FleetService }) {
  defineRoute(app, systemAdminRoutes.engines, async () => opts.fleet.inspect());
}
