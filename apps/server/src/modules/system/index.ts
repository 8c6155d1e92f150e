export { createSystemModule, type SystemModule } from './system.module.ts';
export { createEngineDrainStore, type EngineDrainStore } from './engine-drains.service.ts';
export { systemModule } from './system.routes.ts';
export { enginesAdminModule } from './engines.admin.routes.ts';
export type { FleetService } from './fleet.service.ts';
export { BFL_WEBHOOK_LIMIT, bflWebhookModule, ENGINE_WAKE_CHANNEL } from './bfl-webhook.routes.ts';
