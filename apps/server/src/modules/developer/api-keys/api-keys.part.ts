import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { bindRoutes } from '../../../shared/module-parts.ts';
import { createApiKeysRepository } from './api-keys.repository.ts';
import { apiKeysRoutes } from './api-keys.routes.ts';
import { createApiKeyService } from './api-keys.service.ts';
import type { ApiKeyService } from './api-keys.types.ts';

export type { ApiKeyPrincipal, ApiKeyService } from './api-keys.types.ts';

/** Personal API keys: the service the public API authenticates with, and the profile page's routes. */
export function createApiKeysPart(deps: { db: Db; log: FastifyBaseLogger }): {
  apiKeys: ApiKeyService;
  routes: FastifyPluginAsync;
} {
  const apiKeys = createApiKeyService({
    keys: createApiKeysRepository(deps.db),
    now: () => new Date(),
    log: deps.log,
  });
  return { apiKeys, routes: bindRoutes(apiKeysRoutes, { apiKeys }) };
}
