export { createDeveloperModule } from './developer.module.ts';
export type { ApiKeyPrincipal, ApiKeyService } from './api-keys/api-keys.part.ts';
export type { WebhookService } from './webhooks/webhooks.part.ts';
