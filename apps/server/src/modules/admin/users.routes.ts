import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { LedgerService, OrderService } from '../billing/index.ts';
import type { UserService } from '../user/index.ts';

/** The console's users: search, and one user's account, ledger, orders, tasks, works and reports. */
export async function adminUsersModule(
  _app: FastifyInstance,
  _opts: { database: Database; users: UserService; ledger: LedgerService; orders: OrderService },
) {}
