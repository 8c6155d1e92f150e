import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { billingAdminRoutes } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';
import { defineAdminDownload, defineAdminRoute } from '../../shared/define-admin-route.ts';
import { localeFrom } from '../../shared/locale.ts';
import type { UserService } from '../user/index.ts';
import type { ProductCatalogue } from './catalogue.service.ts';
import type { LedgerService } from './ledger.service.ts';
import type { OrderService } from './orders.service.ts';

/** Operator grants through the ledger, orders and refunds, catalogue edits; each change audited. */
export async function billingAdminModule(
  app: FastifyInstance,
  opts: { ledger: LedgerService; users: UserService; products: ProductCatalogue; orders: OrderService },
) {
  const { users } = opts;
  const userNamed = async (text: string) => {
    const user = await users.findForOperator(text);
    if (!user) throw new AppError('USER_NOT_FOUND');
    return user;
  };

  defineAdminRoute(app, billingAdminRoutes.catalogue, async () => opts.products.adminList());

  defineAdminRoute(app, billingAdminRoutes.catalogueUpdate, async (req) => {
    const { id, ...patch } = req.body;
    return opts.products.adminUpdate(id, patch, req.audit);
  });

  defineAdminRoute(app, billingAdminRoutes.grant, async (req) => {
    const user = await userNamed(req.body.user);
    const applied = await opts.ledger.grant(
      {
        userId: user.id,
        kind: 'grant',
        cubes: req.body.cubes,
        idempotencyKey: `grant:${req.body.key ?? randomUUID()}`,
        note: req.body.note,
      },
      { audit: req.audit, username: user.username },
    );
    const balance = await opts.ledger.balance(user.id);
    return { userId: user.id, username: user.username, applied, cubes: balance.cubes };
  });

  defineAdminRoute(app, billingAdminRoutes.orders, async (req) => {
    const { user: named, ...page } = req.query;
    const user = await userNamed(named);
    return { userId: user.id, username: user.username, ...(await opts.orders.list(user.id, page)) };
  });

  /** The contract's filter with the account it names found (USER_NOT_FOUND when none matches). */
  const filterOf = async <Q extends { user?: string }>({ user, ...rest }: Q) => ({
    ...rest,
    userId: user ? (await userNamed(user)).id : undefined,
  });

  defineAdminRoute(app, billingAdminRoutes.ordersSearch, async (req) => {
    const { cursor, limit, ...filter } = req.query;
    return opts.orders.search(await filterOf(filter), { cursor, limit });
  });

  defineAdminDownload(app, billingAdminRoutes.ordersExport, async (req) => ({
    filename: `orders-${new Date().toISOString().slice(0, 10)}.csv`,
    type: 'text/csv; charset=utf-8',
    body: await opts.orders.exportCsv(await filterOf(req.query), localeFrom(req.headers['accept-language'])),
  }));

  defineAdminRoute(app, billingAdminRoutes.orderRefund, async (req) => {
    const refunded = await opts.orders.refund(req.body.orderId, req.audit);
    const [user, balance] = await Promise.all([
      users.findForOperator(refunded.userId),
      opts.ledger.balance(refunded.userId),
    ]);
    return { ...refunded, username: user?.username ?? '', cubes: balance.cubes, debt: balance.debt };
  });
}
