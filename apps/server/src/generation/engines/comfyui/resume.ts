import { EngineError, type EngineResult, type EngineRunContext, type EngineTask } from '../../engine.ts';
import type { Graph, HistoryEntry, QueueInfo } from './comfy-types.ts';
import type { FleetServer } from './fleet-server.ts';
import type { PromptRun } from './prompt-run.ts';

export interface ResumeDeps {
  clientId: string;
  makeRun(server: FleetServer, promptId: string, graph: Graph, expected: number): PromptRun;
}

/**
 * Takes up a prompt a previous process handed to `server` under `ref`, without posting it again:
 * its history entry when it finished while we were away (images or failure), else its place in
 * the queue, followed to the end. Unknown there (restart, history deleted), or the server cannot
 * be asked: `lost`, and the caller sends it again. Progress and previews reach us only when the
 * prompt was queued under this engine's client id (`clientId` option kept across restarts);
 * otherwise the watchdog's polls follow it, and a silence is not taken for a hang.
 */
export async function resumePrompt(
  server: FleetServer | undefined,
  at: { server: string; ref: string },
  task: EngineTask,
  ctx: EngineRunContext,
  deps: ResumeDeps,
): Promise<EngineResult> {
  if (!server) throw new EngineError('lost', `ComfyUI ${at.server} is not in the fleet`, { server: at.server });
  const lost = (why: string, cause?: unknown) =>
    new EngineError('lost', `ComfyUI prompt ${at.ref} ${why}`, { server: server.url, cause });
  if (server.state === 'down') {
    // If it still holds the prompt when it is back, it is taken off: it is being sent elsewhere.
    server.abandon(at.ref);
    throw lost('cannot be asked for: the server is down');
  }
  let entry: HistoryEntry | undefined;
  let queue: QueueInfo | undefined;
  try {
    entry = await server.http.history(at.ref);
    if (!entry) queue = await server.http.queue();
  } catch (err) {
    server.abandon(at.ref);
    server.probeSoon();
    throw lost('cannot be asked for: the server does not answer', err);
  }
  const item = queue && [...queue.queue_running, ...queue.queue_pending].find((i) => i[1] === at.ref);
  const stored = entry?.prompt ?? item;
  const graph = stored?.[2] as Graph | undefined;
  if (!stored || !graph) throw lost('is unknown there (restarted, or its history was deleted)');
  const clientId = (stored[3] as { client_id?: unknown } | undefined)?.client_id;
  const run = deps.makeRun(server, at.ref, graph, task.mode === 'upscale' ? 1 : task.count);
  return run.resume({ entry, queue, deaf: clientId !== deps.clientId });
}
