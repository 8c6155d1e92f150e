export { createMessagingModule } from './messaging.module.ts';
export type { Logger, MessagingService } from './messaging.service.ts';
