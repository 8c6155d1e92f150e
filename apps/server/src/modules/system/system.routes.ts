import type { FastifyInstance } from 'fastify';
import { systemRoutes } from '@turing/contract';
import type { Database } from '../../db/client.ts';
import { defineRoute } from '../../shared/define-route.ts';

const startedAt = Date.now();

export async function systemModule(
  app: FastifyInstance,
  opts: { database: Database; version: string; ipCountryLookupUrl: string | null },
) {
  defineRoute(app, systemRoutes.clientConfig, async () => ({ ipCountryLookupUrl: opts.ipCountryLookupUrl }));

  defineRoute(app, systemRoutes.health, async () => {
    await opts.database.ping();
    return {
      ok: true as const,
      version: opts.version,
      database: opts.database.kind,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
  });
}
