import { createFleetService, type FleetDeps } from './fleet.service.ts';

/** Health, readiness and the operator's view of the generation engines. */
export function createSystemModule(deps: FleetDeps) {
  return { fleet: createFleetService(deps) };
}
export type SystemModule = ReturnType<typeof createSystemModule>;
