import { EngineError, type EngineRunContext, type EngineTask } from '../../engine.ts';
import { ComfyConnectionError, ComfyHttpError, describePromptError, type ComfyHttp } from './comfy-http.ts';
import { PromptRun, type PromptRunOptions } from './prompt-run.ts';
import {
  buildWorkflow,
  imagesExpected,
  inputsFor,
  promptIdFor,
  type ComfyModels,
  type InputNames,
  type InputRole,
} from './workflow-mapping.ts';
import type { Templates } from './workflow-templates.ts';

export interface SubmitDeps {
  templates: Templates;
  models: ComfyModels;
  clientId: string;
  log: { warn(msg: string): void };
}

/** How long a first task waits for the server's socket, so it does not miss its own messages. */
const SOCKET_WAIT_MS = 2_000;

/** Sub-folder of ComfyUI's input directory for our uploads, so operators can clean it up by age. */
const UPLOAD_SUBFOLDER = 'turing';

/**
 * Uploads the task's inputs to the server and fills the template: the run, ready to be posted
 * (postRun) once whoever passes it the socket's messages knows it.
 */
export async function prepareRun(
  options: PromptRunOptions,
  deps: SubmitDeps,
  task: EngineTask,
  ctx: EngineRunContext,
): Promise<PromptRun> {
  const { link } = options;
  const promptId = promptIdFor(task);
  const names = await uploadInputs(link.http, inputsFor(task), promptId);
  const graph = buildWorkflow(deps.templates, task, deps.models, names, promptId);
  if (ctx.signal.aborted) throw cancelledBeforeTaken(task);
  await link.socket.waitOpen(SOCKET_WAIT_MS);
  return new PromptRun(options, promptId, graph, imagesExpected(task), ctx);
}

/**
 * POST /prompt: the id ComfyUI runs it under. When it fails the run is given up; a timed-out POST
 * may still have been queued, so it is taken back before the task is tried elsewhere.
 */
export async function postRun(run: PromptRun, options: PromptRunOptions, clientId: string): Promise<string> {
  const { http, record } = options.link;
  try {
    return await http.postPrompt(run.graph, clientId, run.promptId);
  } catch (err) {
    run.dispose();
    if (err instanceof ComfyConnectionError)
      http.deleteFromQueue(run.promptId).catch(() => record.abandon(run.promptId));
    throw err;
  }
}

/**
 * What a failed submission means. A 400 is the graph's fault and fails the task as `invalid`
 * wherever it is sent (thrown); an unreachable server or an odd answer means the next server is
 * tried (returns, having logged it); anything else is thrown as it is.
 */
export function skipOrThrow(err: unknown, url: string, task: EngineTask, log: SubmitDeps['log']): void {
  if (err instanceof ComfyHttpError && err.status === 400) {
    throw new EngineError('invalid', `ComfyUI refused the prompt: ${describePromptError(err.body)}`, {
      server: url,
      cause: err,
    });
  }
  if (err instanceof ComfyConnectionError || err instanceof ComfyHttpError) {
    log.warn(`ComfyUI ${url} did not take task ${task.id}: ${err.message}`);
    return;
  }
  throw err;
}

export function cancelledBeforeTaken(task: EngineTask): EngineError {
  return new EngineError('interrupted', `task ${task.id} cancelled before ComfyUI took it`);
}

/**
 * Uploads the task's images under names made from the prompt id (unique per attempt), with
 * overwrite so a repeated upload never gets a "name (1).png" the graph does not reference.
 */
async function uploadInputs(
  http: ComfyHttp,
  inputs: Partial<Record<InputRole, Buffer>>,
  promptId: string,
): Promise<InputNames> {
  const names: InputNames = {};
  for (const [role, bytes] of Object.entries(inputs) as [InputRole, Buffer][]) {
    const ext = bytes[0] === 0xff && bytes[1] === 0xd8 ? 'jpg' : 'png';
    const uploaded = await http.uploadImage(bytes, `${promptId}-${role}.${ext}`, UPLOAD_SUBFOLDER);
    names[role] = uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name;
  }
  return names;
}
