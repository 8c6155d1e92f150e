import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { EngineDeps } from './engine-descriptor.ts';
import type { Engine } from './engine.ts';
import { ENGINES, findEngine, type EngineList } from './engines/index.ts';
import type { JobWakeups } from './engines/async-job/wakeups.ts';
import type { DrainSource } from './engines/comfyui/operator-drains.ts';
import type { InputStager } from './input-stager.ts';

/**
 * The configured engines, loaded and made on first use (a node never loads what it never runs),
 * each by its descriptor in `engines` (the server's own list; tests give theirs).
 * `wakeups`: provider callbacks that end a waiting poll early. `stage`: puts input images where a
 * provider can fetch them by URL (given only when the server has an address reachable from outside).
 * `drains`: the GPU servers operators took out of rotation.
 */
export function createEngineRegistry(
  config: Config,
  log: FastifyBaseLogger,
  extra: { wakeups?: JobWakeups; stage?: InputStager; drains?: DrainSource; metrics?: EngineDeps['metrics'] } = {},
  engines: EngineList = ENGINES,
) {
  const made = new Map<string, Promise<Engine>>();
  const make = async (name: string): Promise<Engine> => {
    const descriptor = findEngine(name, engines)!;
    // The configuration holds every engine's own settings besides the shared ones.
    const deps: EngineDeps = { config, log, ...extra };
    if (!descriptor.isSetUp(config)) {
      throw new Error(`the ${descriptor.name} engine needs ${descriptor.needs ?? 'its settings'}`);
    }
    return descriptor.create(deps);
  };
  // The ones made successfully, for callers that must not make one by asking (readiness).
  const loaded = new Map<string, Engine>();
  return {
    /** The engine of that name, made on first use; rejects for a name the server does not know, or one not set up. */
    get(name: string): Promise<Engine> {
      let engine = made.get(name);
      if (!engine) {
        if (!findEngine(name, engines)) {
          const known = engines.map((e) => e.name).join(', ');
          return Promise.reject(new Error(`unknown engine "${name}" (this server has ${known})`));
        }
        made.set(name, (engine = make(name)));
        engine.then((e) => loaded.set(name, e)).catch(() => undefined);
      }
      return engine;
    },
    /** The engines made so far in this process (none is made by this). */
    loaded(): Engine[] {
      return [...loaded.values()];
    },
    /** Whether a running task of the engine can be stopped, from its descriptor (without making it). */
    canCancelRunning(name: string) {
      // A name the server does not know (a task of an engine since removed) is asked to stop as before.
      return findEngine(name, engines)?.canCancelRunning ?? true;
    },
    async close() {
      await Promise.all([...made.values()].map(async (e) => (await e.catch(() => null))?.close()));
    },
  };
}
export type EngineRegistry = ReturnType<typeof createEngineRegistry>;
