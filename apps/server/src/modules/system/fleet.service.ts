import type { AdminEngine, ReadyEngine } from '@turing/contract';
import { ENGINE_NAMES, type Engine, type EngineHealth, type EngineName } from '../../generation/index.ts';

/**
 * Readiness asks an engine again, in the background, once its last check is this old. Cheap: a
 * fleet answers from the state it tracks (sockets and probes), not by calling its servers.
 */
export const HEALTH_MAX_AGE_MS = 10_000;
/**
 * A check that takes longer counts as failed: a hung ComfyUI server holds its HTTP call for 30 s,
 * and the operator's command gives up after 15.
 */
const HEALTH_TIMEOUT_MS = 10_000;

export interface FleetDeps {
  engines: { get(name: EngineName): Promise<Engine>; loaded(): Engine[] };
  /** The engine a model's tasks go to (MODEL_ENGINES, else the model's own engine or the default). */
  engineFor(model: string): EngineName;
  /** The models whose engines this server runs (set up here, or routed by the operator). */
  models: () => readonly string[];
  /** GENERATION_ENGINE. */
  defaultEngine: EngineName;
  now?: () => number;
  timeoutMs?: number;
}

interface Checked {
  health: EngineHealth;
  at: number;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The generation engines as an operator sees them. `inspect` checks every configured engine now
 * (making it if this process had not yet); `readiness` answers from the last check without any I/O,
 * so a load balancer's probe never reaches a GPU server.
 */
export function createFleetService(deps: FleetDeps) {
  const now = deps.now ?? Date.now;
  const timeoutMs = deps.timeoutMs ?? HEALTH_TIMEOUT_MS;
  const last = new Map<EngineName, Checked>();
  const checking = new Map<EngineName, Promise<Checked>>();

  /** One check per engine at a time; it never rejects: a failed check is an unhealthy answer. */
  function check(engine: Engine): Promise<Checked> {
    let pending = checking.get(engine.name);
    if (pending) return pending;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<EngineHealth>((resolve) => {
      timer = setTimeout(
        () => resolve({ ok: false, detail: `no answer to the health check within ${timeoutMs / 1000} s` }),
        timeoutMs,
      );
    });
    pending = Promise.race([engine.health(), timeout])
      .catch((err: unknown): EngineHealth => ({ ok: false, detail: `health check failed: ${message(err)}` }))
      .then((health) => {
        const checked = { health, at: now() };
        last.set(engine.name, checked);
        return checked;
      })
      .finally(() => {
        clearTimeout(timer);
        checking.delete(engine.name);
      });
    checking.set(engine.name, pending);
    return pending;
  }

  /** The default engine first, then the ones models are sent to, each with its models. */
  function configured(): { name: EngineName; models: string[] }[] {
    const models = deps.models();
    const names = [deps.defaultEngine, ...models.map((m) => deps.engineFor(m))];
    return [...new Set(names)].map((name) => ({
      name,
      models: models.filter((m) => deps.engineFor(m) === name),
    }));
  }

  return {
    async inspect(): Promise<AdminEngine[]> {
      return Promise.all(
        configured().map(async ({ name, models }): Promise<AdminEngine> => {
          const base = { name, models, isDefault: name === deps.defaultEngine };
          if (!(ENGINE_NAMES as readonly string[]).includes(name)) {
            const detail = `unknown engine "${name}" in MODEL_ENGINES (${ENGINE_NAMES.join(', ')})`;
            return { ...base, ok: false, detail, servers: [], checkedAt: new Date(now()).toISOString() };
          }
          let engine: Engine;
          try {
            engine = await deps.engines.get(name);
          } catch (err) {
            // A misconfigured engine (no API key, no server URL) cannot be made at all.
            const checkedAt = new Date(now()).toISOString();
            return { ...base, ok: false, detail: `not started: ${message(err)}`, servers: [], checkedAt };
          }
          const { health, at } = await check(engine);
          return {
            ...base,
            ok: health.ok,
            detail: health.detail ?? null,
            servers: health.servers ?? [],
            checkedAt: new Date(at).toISOString(),
          };
        }),
      );
    },

    readiness(): ReadyEngine[] {
      return deps.engines.loaded().map((engine) => {
        const seen = last.get(engine.name);
        if (!seen || now() - seen.at > HEALTH_MAX_AGE_MS) check(engine).catch(() => {});
        const servers = { up: 0, draining: 0, down: 0 };
        for (const server of seen?.health.servers ?? []) servers[server.state] += 1;
        return {
          name: engine.name,
          ok: seen ? seen.health.ok : engine.available(),
          servers,
          checkedAt: seen ? new Date(seen.at).toISOString() : null,
        };
      });
    },
  };
}
export type FleetService = ReturnType<typeof createFleetService>;
