import { AUDIT_EXPORT_MAX } from '@turing/contract';
import type { Database } from '../../db/client.ts';
import { scoped } from '../../db/scoped.ts';
import type { RateCounterService } from '../auth/index.ts';
import type { AdminGuard } from '../support/index.ts';
import { maskEmail, maskPhone, type UserService } from '../user/index.ts';
import { createAdminAccess } from './admin-access.ts';
import { createAuditRepository } from './audit.repository.ts';
import { createAuditService } from './audit.service.ts';
import { createOperatorsRepository } from './operators.repository.ts';
import { createOperatorsService } from './operators.service.ts';

export interface AdminModuleDeps {
  database: Database;
  limits: RateCounterService;
  users: UserService;
  adminGuard: AdminGuard;
  /** Every operator must pass a second factor (OPERATOR_TOTP; on in production). */
  secondFactorRequired: boolean;
  onRoleChanged: (userId: string) => void;
}

/** Operators with roles and a second factor, the access check of every admin call, the audit trail. */
export function createAdminModule(deps: AdminModuleDeps) {
  const { database } = deps;
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
  return {
    operators,
    audit,
    adminAccess: createAdminAccess({ guard: deps.adminGuard, operators, trail: audit.trail }),
  };
}
export type AdminModule = ReturnType<typeof createAdminModule>;
