export { createMessagingModule, type MessagingModule } from './messaging.module.ts';
export type { Logger, MessagingService, QueuedMessage } from './messaging.service.ts';
export type { OutboxLine } from './outbox.ts';
