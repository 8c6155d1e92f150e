import type { FastifyInstance } from 'fastify';
import { systemRoutes } from '@turing/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { defineRoute } from '../../shared/define-route.ts';
import type { Lifecycle } from '../../platform/lifecycle.ts';
import type { FleetService } from './fleet.service.ts';

const startedAt = Date.now();
const uptimeSeconds = () => Math.round((Date.now() - startedAt) / 1000);

export async function systemModule(
  app: FastifyInstance,
  opts: {
    database: Database;
    lifecycle: Lifecycle;
    version: string;
    ipCountryLookupUrl: string | null;
    fleet: Pick<FleetService, 'readiness'>;
    faults: { readonly unhandledRejections: number };
    testPayments: boolean;
  },
) {
  defineRoute(app, systemRoutes.clientConfig, async () => ({
    ipCountryLookupUrl: opts.ipCountryLookupUrl,
    testPayments: opts.testPayments,
  }));

  const check = async () => {
    await opts.database.ping();
    return { ok: true as const, version: opts.version, database: opts.database.kind, uptimeSeconds: uptimeSeconds() };
  };

  defineRoute(app, systemRoutes.health, check);

  defineRoute(app, systemRoutes.live, async () => ({ ok: true as const, uptimeSeconds: uptimeSeconds() }));

  // A load balancer stops sending traffic once this fails: while draining, or without the database.
  // Engines only show here: with a GPU server down the API still serves everything else.
  defineRoute(app, systemRoutes.ready, async () => {
    if (opts.lifecycle.draining) throw new AppError('UNAVAILABLE');
    let health;
    try {
      health = await check();
    } catch {
      throw new AppError('UNAVAILABLE');
    }
    return {
      ...health,
      unhandledRejections: opts.faults.unhandledRejections,
      engines: opts.fleet.readiness(),
    };
  });
}
