import type { FastifyInstance } from 'fastify';
import { adminDashboardRoutes } from '@turing/contract';
import { defineAdminRoute } from '../../shared/define-admin-route.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The console's dashboard: the business today and over the last days, and the engines now. */
export async function adminDashboardModule(app: FastifyInstance, opts: { dashboard: DashboardService }) {
  const { dashboard } = opts;
  defineAdminRoute(app, adminDashboardRoutes.dashboard, async (req) => dashboard.view(req.query));
}
