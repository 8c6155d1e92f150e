import { AUDIT_EXPORT_MAX } from '@turing/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { scoped } from '../../db/scoped.ts';
import { bindRoutes, moduleParts } from '../../shared/module-parts.ts';
import type { LedgerService } from '../billing/index.ts';
import type { RateCounterService } from '../identity/index.ts';
import type { FleetService } from '../system/index.ts';
import { maskEmail, maskPhone, type UserService } from '../user/index.ts';
import { createAdminAccess } from './admin-access.ts';
import { createAdminGuard } from './admin-guard.ts';
import { adminConsoleModule } from './admin.routes.ts';
import { ensureAdminToken } from './admin-token.ts';
import { createAuditRepository } from './audit.repository.ts';
import { createAuditService } from './audit.service.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { adminDashboardModule } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';
import { createOperatorsRepository } from './operators.repository.ts';
import { createOperatorsService } from './operators.service.ts';
import { createAdminUsersRepository } from './users.repository.ts';
import { adminUsersModule } from './users.routes.ts';
import { createAdminUsersService } from './users.service.ts';

export interface AdminModuleDeps {
  database: Database;
  config: Pick<Config, 'DATA_DIR' | 'ADMIN_TOKEN'>;
  limits: RateCounterService;
  users: UserService;
  /** The console's view of one user's balance and ledger. */
  ledger: LedgerService;
  /** The dashboard's engines, as the operator's engines list shows them. */
  fleet: Pick<FleetService, 'inspect'>;
  /** Every operator must pass a second factor (OPERATOR_TOTP; on in production). */
  secondFactorRequired: boolean;
  onRoleChanged: (userId: string) => void;
}

/**
 * Operators with roles and a second factor, the operator's token and the guard that checks it, the
 * access check of every admin call, the audit trail; and the console's own pages (the operator's
 * account, the dashboard, the users).
 */
export async function createAdminModule(deps: AdminModuleDeps) {
  const { database, config } = deps;
  const adminToken = await ensureAdminToken({ dataDir: config.DATA_DIR, configured: config.ADMIN_TOKEN });
  const audit = createAuditService({ audit: scoped(database.db, createAuditRepository), exportMax: AUDIT_EXPORT_MAX });
  const operators = createOperatorsService({
    operators: scoped(database.db, createOperatorsRepository),
    transaction: (work) => database.transaction(work),
    limits: deps.limits,
    findUser: (text) => deps.users.findForOperator(text),
    contactOf: (u) => (u.email ? maskEmail(u.email) : u.phone ? maskPhone(u.phone) : null),
    secondFactorRequired: deps.secondFactorRequired,
    onRoleChanged: deps.onRoleChanged,
  });
  const guard = createAdminGuard({ token: adminToken, limits: deps.limits });
  const dashboardRows = createDashboardRepository(database.db);
  const dashboard = createDashboardService({ dashboard: dashboardRows, fleet: deps.fleet });
  const accounts = createAdminUsersService({
    users: createAdminUsersRepository(database.db),
    findUser: (text) => deps.users.findForOperator(text),
    balance: (userId) => deps.ledger.balance(userId),
    ledgerPage: (userId, page) => deps.ledger.historyPage(userId, page),
  });
  return moduleParts(
    {
      operators,
      audit,
      adminToken,
      adminAccess: createAdminAccess({ guard, operators, trail: audit.trail }),
      /** Tasks queued and generating now, by engine: the dashboard's query, read by the metrics too. */
      queueDepth: () => dashboardRows.queues(),
    },
    {
      admin: [
        bindRoutes(adminConsoleModule, { operators, audit }),
        bindRoutes(adminDashboardModule, { dashboard }),
        bindRoutes(adminUsersModule, { users: accounts }),
      ],
    },
  );
}
