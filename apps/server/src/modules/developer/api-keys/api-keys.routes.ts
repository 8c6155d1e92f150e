import type { FastifyInstance, FastifyRequest } from 'fastify';
import { developerRoutes } from '@turing/contract';
import { defineRoute } from '../../../shared/define-route.ts';
import type { ApiKeyService } from './api-keys.types.ts';

/** Creating keys is rare for a person; a script minting them in a loop is stopped here. */
const CREATES_PER_HOUR = 20;

/**
 * The profile page's API keys. Signed-in sessions only: these routes sit outside /v1, where a key
 * is accepted, so no key can list, make or revoke keys.
 */
export async function apiKeysRoutes(app: FastifyInstance, opts: { apiKeys: ApiKeyService }) {
  const { apiKeys } = opts;

  defineRoute(app, developerRoutes.apiKeys, async (req) => ({ items: await apiKeys.list(req.user!.id) }));

  defineRoute(
    app,
    developerRoutes.apiKeyCreate,
    async (req, reply) => {
      // The answer holds the key's only copy: no cache along the way may keep it.
      reply.header('cache-control', 'no-store');
      return apiKeys.create(req.user!.id, req.body);
    },
    {
      rateLimit: {
        max: CREATES_PER_HOUR,
        timeWindow: '1 hour',
        keyGenerator: (req: FastifyRequest) => `api-key-create:${req.user?.id ?? req.ip}`,
      },
    },
  );

  defineRoute(app, developerRoutes.apiKeyRevoke, async (req) => {
    await apiKeys.revoke(req.user!.id, req.body.id);
    return null;
  });
}
