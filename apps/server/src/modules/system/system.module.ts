import type { Transactor } from '../../db/scoped.ts';
import { createEngineDrainsService, type EngineDrainStore } from './engine-drains.service.ts';
import { createFleetService, type FleetDeps } from './fleet.service.ts';

/** Health, readiness, the operator's view of the generation engines, and draining their servers. */
export function createSystemModule(deps: FleetDeps & { drains: EngineDrainStore; transaction: Transactor }) {
  const fleet = createFleetService(deps);
  const drains = createEngineDrainsService({ drains: deps.drains.store, transaction: deps.transaction, fleet });
  // One fleet for every caller: its list (inspect) names who drained each server and since when.
  return { fleet: { ...fleet, ...drains } };
}
export type SystemModule = ReturnType<typeof createSystemModule>;
