export { createAdminModule, type AdminModule, type AdminModuleDeps } from './admin.module.ts';
export { adminConsoleModule } from './admin.routes.ts';
export { TOKEN_ACTOR, type AdminAccess } from './admin-access.ts';
export type { AuditService } from './audit.service.ts';
export type { OperatorsService } from './operators.service.ts';
export { adminDashboardModule } from './dashboard.routes.ts';
export { adminUsersModule } from './users.routes.ts';
