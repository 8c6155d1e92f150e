import type { ClientConfig } from '@turing/contract';
import type { Database, Db } from '../../db/client.ts';
import { scoped } from '../../db/scoped.ts';
import type { DrainMark, DrainSource } from '../../generation/index.ts';
import type { Lifecycle } from '../../platform/lifecycle.ts';
import { bindRoutes, moduleParts } from '../../shared/module-parts.ts';
import { bflWebhookModule, ENGINE_WAKE_CHANNEL } from './bfl-webhook.routes.ts';
import { createEngineDrainsRepository } from './engine-drains.repository.ts';
import { createEngineDrainsService } from './engine-drains.service.ts';
import { enginesAdminModule } from './engines.admin.routes.ts';
import { createFleetService, type FleetDeps } from './fleet.service.ts';
import { systemModule } from './system.routes.ts';

/**
 * The drains table as the engines read it (every node, at each dispatch and health check), built
 * before the engines; the module's drain service is given the same repository.
 */
export function createEngineDrainStore(db: Db) {
  const store = scoped(db, createEngineDrainsRepository);
  const marks: DrainSource = async () =>
    new Map(
      (await store.pool.list()).map((row): [string, DrainMark] => [row.url, { by: row.drainedBy, at: row.drainedAt }]),
    );
  return { store, marks };
}
type EngineDrainStore = ReturnType<typeof createEngineDrainStore>;

export interface SystemModuleDeps extends FleetDeps {
  drains: EngineDrainStore;
  database: Database;
  /** The process's: readiness fails while it drains. */
  lifecycle: Lifecycle;
  version: string;
  /** The process's fault counters, shown by readiness. */
  faults: { readonly unhandledRejections: number };
  /** The public settings GET /config answers (also written into index.html for the first paint). */
  clientConfig: ClientConfig;
  /** BFL_WEBHOOK_SECRET when BFL is told to call back (with PUBLIC_URL): only then is its webhook served. */
  bflWebhookSecret: string | null;
}

/** Health, readiness, the operator's view of the generation engines, and draining their servers. */
export function createSystemModule(deps: SystemModuleDeps) {
  const { database, clientConfig } = deps;
  const inspected = createFleetService(deps);
  const drains = createEngineDrainsService({
    drains: deps.drains.store,
    transaction: (work) => database.transaction(work),
    fleet: inspected,
  });
  // One fleet for every caller: its list (inspect) names who drained each server and since when.
  const fleet = { ...inspected, ...drains };
  const secret = deps.bflWebhookSecret;
  return moduleParts(
    { fleet, clientConfig },
    {
      everywhere: [
        bindRoutes(systemModule, {
          database,
          lifecycle: deps.lifecycle,
          version: deps.version,
          ipCountryLookupUrl: clientConfig.ipCountryLookupUrl,
          fleet,
          faults: deps.faults,
          testPayments: clientConfig.testPayments,
        }),
      ],
      // FLUX's signed callback wakes the poll waiting for its job, on whichever node runs it.
      public: secret
        ? [bindRoutes(bflWebhookModule, { secret, wake: (key) => database.notify(ENGINE_WAKE_CHANNEL, key) })]
        : [],
      admin: [bindRoutes(enginesAdminModule, { fleet })],
    },
  );
}
