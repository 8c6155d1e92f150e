import type { FastifyInstance } from 'fastify';
import { adminUsersRoutes } from '@turing/contract';
import type { Database } from '../../db/client.ts';
import { defineAdminRoute, operatorOf } from '../../shared/define-admin-route.ts';
import type { LedgerService, OrderService } from '../billing/index.ts';
import type { UserService } from '../user/index.ts';
import { createAdminUsersRepository } from './users.repository.ts';
import { createAdminUsersService } from './users.service.ts';

/** The console's users: search, and one user's account, ledger, tasks, works and reports. */
export async function adminUsersModule(
  app: FastifyInstance,
  opts: { database: Database; users: UserService; ledger: LedgerService; orders: OrderService },
) {
  const users = createAdminUsersService({
    users: createAdminUsersRepository(opts.database.db),
    findUser: (text) => opts.users.findForOperator(text),
    balance: (userId) => opts.ledger.balance(userId),
    ledgerPage: (userId, page) => opts.ledger.historyPage(userId, page),
  });

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
