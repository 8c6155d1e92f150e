import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { billingAdminRoutes } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';
import { defineRoute } from '../../shared/define-route.ts';
import type { UserService } from '../user/index.ts';
import type { ProductCatalogue } from './catalogue.service.ts';
import type { LedgerService } from './ledger.service.ts';
import type { OrderService } from './orders.service.ts';

/** Operator grants through the ledger, refunds and catalogue edits; the admin scope around it checks the token. */
export async function billingAdminModule(
  app: FastifyInstance,
  opts: { ledger: LedgerService; users: UserService; products: ProductCatalogue; orders: OrderService },
) {
  defineRoute(app, billingAdminRoutes.catalogue, async () => opts.products.adminList());

  defineRoute(app, billingAdminRoutes.catalogueUpdate, async (req) => {
    const { id, ...patch } = req.body;
    return opts.products.adminUpdate(id, patch);
  });

  defineRoute(app, billingAdminRoutes.grant, async (req) => {
    const user = await opts.users.findForOperator(req.body.user);
    if (!user) throw new AppError('USER_NOT_FOUND');
    const applied = await opts.ledger.grant({
      userId: user.id,
      kind: 'grant',
      cubes: req.body.cubes,
      idempotencyKey: `grant:${req.body.key ?? randomUUID()}`,
      note: req.body.note,
    });
    const balance = await opts.ledger.balance(user.id);
    return { userId: user.id, username: user.username, applied, cubes: balance.cubes };
  });

  defineRoute(app, billingAdminRoutes.orders, async (req) => {
    const { user: named, ...page } = req.query;
    const user = await opts.users.findForOperator(named);
    if (!user) throw new AppError('USER_NOT_FOUND');
    return { userId: user.id, username: user.username, ...(await opts.orders.list(user.id, page)) };
  });

  defineRoute(app, billingAdminRoutes.orderRefund, async (req) => {
    const refunded = await opts.orders.refund(req.body.orderId);
    const [user, balance] = await Promise.all([
      opts.users.findForOperator(refunded.userId),
      opts.ledger.balance(refunded.userId),
    ]);
    return { ...refunded, username: user?.username ?? '', cubes: balance.cubes, debt: balance.debt };
  });
}
