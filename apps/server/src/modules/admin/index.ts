export { createAdminModule } from './admin.module.ts';
export { type AdminAccess } from './admin-access.ts';
