export { createSupportModule, type SupportModule } from './support.module.ts';
export { supportAdminModule, supportModule } from './support.routes.ts';
export type { AdminGuard } from './admin-guard.ts';
export type { SupportService } from './support.service.ts';
