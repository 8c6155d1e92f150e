import type { FastifyInstance } from 'fastify';
import { adminDashboardRoutes } from '@turing/contract';
import type { Database } from '../../db/client.ts';
import { defineAdminRoute } from '../../shared/define-admin-route.ts';
import type { FleetService } from '../system/index.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { createDashboardService } from './dashboard.service.ts';

/** The console's dashboard: the business today and over the last days, and the engines now. */
export async function adminDashboardModule(app: FastifyInstance, opts: { database: Database; fleet: FleetService }) {
  const dashboard = createDashboardService({
    dashboard: createDashboardRepository(opts.database.db),
    fleet: opts.fleet,
  });
  defineAdminRoute(app, adminDashboardRoutes.dashboard, async (req) => dashboard.view(req.query));
}
