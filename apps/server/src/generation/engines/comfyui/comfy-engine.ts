import { randomUUID } from 'node:crypto';
import {
  EngineError,
  type Engine,
  type EngineHealth,
  type EngineResult,
  type EngineRunContext,
  type EngineTask,
} from '../../engine.ts';
import { ComfyConnectionError, ComfyHttp, ComfyHttpError, describePromptError } from './comfy-http.ts';
import { ComfySocket } from './comfy-socket.ts';
import { rankServers, uploadInputs, type ComfyServer } from './dispatch.ts';
import { missingOnServer } from './object-info.ts';
import { PromptRun, type PromptRunOptions } from './prompt-run.ts';
import { buildWorkflow, inputsFor, promptIdFor, type ComfyModels } from './workflow-mapping.ts';
import { loadTemplates, templateClasses } from './workflow-templates.ts';

export interface ComfyLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface ComfyEngineOptions {
  /** Base URLs of the ComfyUI servers, e.g. http://gpu-1:8188. */
  urls: string[];
  /** A directory whose txt2img/img2img/inpaint/upscale.json replace the bundled templates. */
  workflowsDir?: string;
  models: ComfyModels;
  /** No message about a prompt for this long → the watchdog polls /history and /queue. */
  stallMs?: number;
  /** No progress for this long → interrupt and fail as `stalled` (ComfyUI has no timeout of its own). */
  timeoutMs?: number;
  /** Interval of watchdog polls while the socket stays quiet. */
  pollMs?: number;
  log?: ComfyLog;
}

const REQUEST_TIMEOUT_MS = 30_000;
const silent: ComfyLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The ComfyUI fleet engine. Per server: one HTTP client and one long-lived socket under this
 * instance's client id. Each run dispatches to the least busy server that has our nodes and models,
 * uploads the inputs, posts the filled template with our prompt id and follows it (PromptRun).
 * Templates are read (and checked) once here, so a broken operator template fails at start.
 */
export function createComfyEngine(options: ComfyEngineOptions): Engine {
  if (options.urls.length === 0) throw new Error('ComfyUI engine needs at least one server URL');
  const log = options.log ?? silent;
  const templates = loadTemplates(options.workflowsDir);
  const classes = templateClasses(templates);
  const clientId = randomUUID();
  const closing = new AbortController();
  const pollMs = options.pollMs ?? 2_000;
  const runOptions = (server: ComfyServer): PromptRunOptions => ({
    http: server.http,
    socket: server.socket,
    stallMs: options.stallMs ?? 15_000,
    timeoutMs: options.timeoutMs ?? 180_000,
    pollMs,
    closing: closing.signal,
    log,
  });
  const active = new Set<PromptRun>();

  const servers: ComfyServer[] = options.urls.map((url) => {
    const http = new ComfyHttp(url, REQUEST_TIMEOUT_MS);
    const socket = new ComfySocket(http.url, clientId, log, { minDelayMs: Math.min(250, pollMs) });
    const server: ComfyServer = { url: http.url, http, socket, dispatching: 0 };
    // A reconnect may be a restart with other models installed: check again before the next dispatch.
    socket.subscribe({
      onMessage: () => undefined,
      onPreview: () => undefined,
      onOpen: () => (server.missing = undefined),
    });
    return server;
  });

  /** GET /object_info once per server (and again after a reconnect), shared by concurrent callers. */
  const check = (server: ComfyServer, force = false): Promise<void> => {
    if (server.missing && !force) return Promise.resolve();
    server.checking ??= server.http
      .objectInfo()
      .then((info) => {
        server.missing = missingOnServer(info, classes, options.models);
        if (server.missing.length > 0) log.error(`ComfyUI ${server.url} lacks ${server.missing.join('; ')}`);
      })
      .finally(() => (server.checking = undefined));
    return server.checking;
  };
  for (const server of servers) {
    check(server).catch((err: unknown) => log.warn(`ComfyUI ${server.url} not checked at start: ${String(err)}`));
  }

  /** Uploads and posts on one server; undefined when it cannot be reached (the next one is tried). */
  async function submit(
    server: ComfyServer,
    task: EngineTask,
    ctx: EngineRunContext,
  ): Promise<{ run: PromptRun; acceptedId: string } | undefined> {
    const promptId = promptIdFor(task);
    server.dispatching++;
    try {
      const names = await uploadInputs(server.http, inputsFor(task), promptId);
      const graph = buildWorkflow(templates, task, options.models, names, promptId);
      if (ctx.signal.aborted) throw new EngineError('interrupted', `task ${task.id} cancelled before ComfyUI took it`);
      await server.socket.waitOpen(2_000);
      const run = new PromptRun(runOptions(server), promptId, graph, task.mode === 'upscale' ? 1 : task.count, ctx);
      try {
        return { run, acceptedId: await server.http.postPrompt(graph, clientId, promptId) };
      } catch (err) {
        run.dispose();
        // A timed-out POST may still have been queued: take it back before trying elsewhere.
        if (err instanceof ComfyConnectionError) server.http.deleteFromQueue(promptId).catch(() => undefined);
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
        log.warn(`ComfyUI ${server.url} did not take task ${task.id}: ${err.message}`);
        return undefined;
      }
      throw err;
    } finally {
      server.dispatching--;
    }
  }

  return {
    name: 'comfyui',
    canCancelRunning: true,

    async run(task: EngineTask, ctx: EngineRunContext): Promise<EngineResult> {
      const interrupted = () => new EngineError('interrupted', `task ${task.id} cancelled before ComfyUI took it`);
      if (ctx.signal.aborted) throw interrupted();
      inputsFor(task);
      const ranked = await rankServers(servers, ctx.avoidServers ?? [], (s) => check(s));
      for (const server of ranked) {
        if (ctx.signal.aborted) throw interrupted();
        const submitted = await submit(server, task, ctx);
        if (!submitted) continue;
        const { run, acceptedId } = submitted;
        active.add(run);
        return run.follow(acceptedId).finally(() => active.delete(run));
      }
      throw new EngineError('unavailable', `no ComfyUI server took task ${task.id}`);
    },

    async health(): Promise<EngineHealth> {
      const states = await Promise.all(
        servers.map(async (server) => {
          try {
            const queue = await server.http.queue();
            await check(server, true);
            const missing = server.missing ?? [];
            const counts = { running: queue.queue_running.length, pending: queue.queue_pending.length };
            const detail = missing.length > 0 ? `missing ${missing.join('; ')}` : undefined;
            const state = missing.length === 0 ? ('up' as const) : ('draining' as const);
            const since = new Date().toISOString();
            return {
              url: server.url,
              state,
              ok: missing.length === 0,
              ...counts,
              done: 0,
              since,
              ...(detail ? { detail } : {}),
            };
          } catch (err) {
            const detail = err instanceof ComfyConnectionError ? 'unreachable' : String(err);
            const since = new Date().toISOString();
            return {
              url: server.url,
              state: 'down' as const,
              ok: false,
              running: 0,
              pending: 0,
              done: 0,
              since,
              detail,
            };
          }
        }),
      );
      const problems = states.filter((s) => !s.ok).map((s) => `${s.url}: ${s.detail}`);
      return {
        ok: states.some((s) => s.ok),
        ...(problems.length > 0 ? { detail: problems.join(' | ') } : {}),
        servers: states,
      };
    },

    available: () => true,
    capacity: () => servers.length,

    async close(): Promise<void> {
      closing.abort();
      for (const run of active) run.dispose(new EngineError('lost', 'ComfyUI engine closed'));
      for (const server of servers) server.socket.close();
    },
  };
}
