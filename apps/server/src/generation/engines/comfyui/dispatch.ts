import { EngineError, type EngineResult, type EngineRunContext, type EngineTask } from '../../engine.ts';
import { ComfyConnectionError, ComfyHttpError } from './comfy-http.ts';
import type { FleetServer } from './fleet-server.ts';
import { cancelledBeforeTaken } from './submit.ts';

/**
 * Runs a task on the least busy server that takes it, trying the next one when a server cannot be
 * reached or answers oddly; `unavailable` when none took it.
 */
export async function dispatch(servers: FleetServer[], task: EngineTask, ctx: EngineRunContext): Promise<EngineResult> {
  const ranked = await rankServers(servers, ctx.avoidServers ?? []);
  for (const server of ranked) {
    if (ctx.signal.aborted) throw cancelledBeforeTaken(task);
    if (server.state !== 'up') continue;
    const result = await server.run(task, ctx);
    if (result) return result;
  }
  throw new EngineError('unavailable', `no ComfyUI server took task ${task.id}`);
}

/**
 * The servers able to take a prompt now, least busy first (running + pending as the server last
 * broadcast it on our socket, or from GET /prompt, plus our own prompts on their way). Servers this
 * task already failed on come last, used only when no other one answers. A server known down gets
 * no request at all (its own probes tell when it is back), nor does one an operator drained; one
 * lacking nodes or models is left out.
 */
async function rankServers(servers: FleetServer[], avoid: string[]): Promise<FleetServer[]> {
  const loads = await Promise.all(
    servers.map(async (server, index) => {
      // Drained by an operator: no request at all, whatever its load.
      if (server.state === 'down' || server.drained) return undefined;
      try {
        const load = await server.load();
        if (load === undefined) return undefined;
        await server.check();
        if (server.state !== 'up') return undefined;
        return { server, index, load, avoided: avoid.includes(server.url) ? 1 : 0 };
      } catch (err) {
        if (err instanceof ComfyConnectionError || err instanceof ComfyHttpError) return undefined;
        throw err;
      }
    }),
  );
  return loads
    .filter((entry) => entry !== undefined)
    .sort((a, b) => a.avoided - b.avoided || a.load - b.load || a.index - b.index)
    .map((entry) => entry.server);
}
