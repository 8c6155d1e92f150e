export { createEngineDrainStore, createSystemModule } from './system.module.ts';
export type { FleetService } from './fleet.service.ts';
export { BFL_WEBHOOK_LIMIT, ENGINE_WAKE_CHANNEL } from './bfl-webhook.routes.ts';
