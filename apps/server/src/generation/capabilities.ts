import type { EngineCapabilities } from '@turing/contract';
import { ENGINES, findEngine, type EngineList, type KnownEngineName } from './engines/index.ts';

/**
 * What each engine does, from its descriptor (its provider's documentation). Known without making
 * the engine, so a node that never runs an engine still describes it (the studio's model list,
 * submit checks). Looked up by any name: one the server does not know gives undefined.
 */
export const ENGINE_CAPABILITIES = Object.fromEntries(ENGINES.map((e) => [e.name, e.capabilities])) as Record<
  KnownEngineName,
  EngineCapabilities
> &
  Partial<Record<string, EngineCapabilities>>;

/** An engine's capabilities in a list of engines (the server's own by default), or null for a name it lacks. */
export function engineCapabilities(name: string, engines: EngineList = ENGINES): EngineCapabilities | null {
  return findEngine(name, engines)?.capabilities ?? null;
}
