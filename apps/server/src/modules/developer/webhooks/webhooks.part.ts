import type { FastifyPluginAsync } from 'fastify';
import type { WebhookCreateBody, WebhookEndpoint } from '@turing/contract';
import type { Db } from '../../../db/database.ts';

export interface WebhookService {
  list(userId: string): Promise<WebhookEndpoint[]>;
  create(userId: string, body: WebhookCreateBody): Promise<{ endpoint: WebhookEndpoint; secret: string }>;
  remove(userId: string, id: string): Promise<void>;
  /**
   * The endpoint a task's own `webhook.url` is delivered to (checked as every webhook address is,
   * refused with WEBHOOK_URL_*), signed with the user's first endpoint's secret; `secret` is set
   * only when one had to be made for it (the caller shows it once).
   */
  forTask(userId: string, url: string): Promise<{ endpointId: string; secret: string | null }>;
}

export function createWebhooksPart(_deps: { db: Db }): { webhooks: WebhookService; routes: FastifyPluginAsync } {
  const missing = () => Promise.reject(new Error('not built yet'));
  return {
    webhooks: new Proxy({} as never, { get: () => missing }),
    routes: async () => {},
  };
}
