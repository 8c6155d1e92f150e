import { EngineError, type EngineRunContext, type EngineTask } from '../../engine.ts';
import { ComfyConnectionError, ComfyHttpError, describePromptError } from './comfy-http.ts';
import { uploadInputs } from './dispatch.ts';
import type { FleetServer } from './fleet-server.ts';
import { PromptRun, type PromptRunOptions } from './prompt-run.ts';
import { buildWorkflow, inputsFor, promptIdFor, type ComfyModels } from './workflow-mapping.ts';
import type { Templates } from './workflow-templates.ts';

export interface SubmitDeps {
  templates: Templates;
  models: ComfyModels;
  clientId: string;
  runOptions(server: FleetServer): PromptRunOptions;
  log: { warn(msg: string): void };
}

/** How long a first task waits for the server's socket, so it does not miss its own messages. */
const SOCKET_WAIT_MS = 2_000;

/**
 * Uploads the inputs and posts the filled template on one server; undefined when that server
 * cannot be reached or answers oddly (the caller tries the next one). A 400 is the graph's fault
 * and fails the task as `invalid` wherever it is sent.
 */
export async function submit(
  deps: SubmitDeps,
  server: FleetServer,
  task: EngineTask,
  ctx: EngineRunContext,
): Promise<{ run: PromptRun; acceptedId: string } | undefined> {
  const promptId = promptIdFor(task);
  server.dispatching++;
  try {
    const names = await uploadInputs(server.http, inputsFor(task), promptId);
    const graph = buildWorkflow(deps.templates, task, deps.models, names, promptId);
    if (ctx.signal.aborted) throw new EngineError('interrupted', `task ${task.id} cancelled before ComfyUI took it`);
    await server.socket.waitOpen(SOCKET_WAIT_MS);
    const run = new PromptRun(deps.runOptions(server), promptId, graph, task.mode === 'upscale' ? 1 : task.count, ctx);
    try {
      return { run, acceptedId: await server.http.postPrompt(graph, deps.clientId, promptId) };
    } catch (err) {
      run.dispose();
      // A timed-out POST may still have been queued: take it back before trying elsewhere.
      if (err instanceof ComfyConnectionError) {
        server.http.deleteFromQueue(promptId).catch(() => server.abandon(promptId));
      }
      throw err;
    }
  } catch (err) {
    if (err instanceof ComfyHttpError && err.status === 400) {
      throw new EngineError('invalid', `ComfyUI refused the prompt: ${describePromptError(err.body)}`, {
        server: server.url,
        cause: err,
      });
    }
    if (err instanceof ComfyConnectionError || err instanceof ComfyHttpError) {
      deps.log.warn(`ComfyUI ${server.url} did not take task ${task.id}: ${err.message}`);
      // Whether it is down is the probe's to say, now rather than at its next turn.
      server.probeSoon();
      return undefined;
    }
    throw err;
  } finally {
    server.dispatching--;
  }
}
