import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { moduleParts } from '../../shared/module-parts.ts';
import { createApiKeysPart } from './api-keys/api-keys.part.ts';
import { createWebhooksPart } from './webhooks/webhooks.part.ts';

export interface DeveloperModuleDeps {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * Programs' way in: personal API keys, signed webhooks of task events, and the public API under
 * /turing/v1, which acts as a key's user through the same services as the studio.
 */
export function createDeveloperModule(deps: DeveloperModuleDeps) {
  const { db } = deps.database;
  const keys = createApiKeysPart({ db });
  const hooks = createWebhooksPart({ db });
  return moduleParts({ apiKeys: keys.apiKeys, webhooks: hooks.webhooks }, { public: [keys.routes, hooks.routes] });
}
