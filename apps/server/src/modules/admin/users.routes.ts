import type { FastifyInstance } from 'fastify';
import { adminUsersRoutes } from '@turing/contract';
import { defineAdminRoute, operatorOf } from '../../shared/define-admin-route.ts';
import type { AdminUsersService } from './users.service.ts';

/** The console's users: search, and one user's account, ledger, tasks, works and reports. */
export async function adminUsersModule(app: FastifyInstance, opts: { users: AdminUsersService }) {
  const { users } = opts;

  defineAdminRoute(app, adminUsersRoutes.search, async (req) => {
    const { q, ...page } = req.query;
    return users.search(q, page, operatorOf(req).role);
  });

  defineAdminRoute(app, adminUsersRoutes.detail, async (req) => users.detail(req.query.user, operatorOf(req).role));

  defineAdminRoute(app, adminUsersRoutes.ledger, async (req) => {
    const { user, ...page } = req.query;
    return users.ledger(user, page);
  });

  defineAdminRoute(app, adminUsersRoutes.tasks, async (req) => {
    const { user, ...page } = req.query;
    return users.tasks(user, page);
  });

  defineAdminRoute(app, adminUsersRoutes.works, async (req) => {
    const { user, ...page } = req.query;
    return users.works(user, page);
  });

  defineAdminRoute(app, adminUsersRoutes.reports, async (req) => {
    const { user, status, ...page } = req.query;
    return users.reports(user, status, page);
  });
}
