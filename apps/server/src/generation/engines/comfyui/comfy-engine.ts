import { randomUUID } from 'node:crypto';
import { EngineError, type Engine, type EngineHealth, type EngineResult } from '../../engine.ts';
import { dispatch } from './dispatch.ts';
import { FleetServer, type FleetTimings } from './fleet-server.ts';
import { OperatorDrains, type DrainMark, type DrainSource } from './operator-drains.ts';
import { cancelledBeforeTaken } from './submit.ts';
import { inputsFor, type ComfyModels } from './workflow-mapping.ts';
import { loadTemplates, templateClasses } from './workflow-templates.ts';

interface ComfyLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface ComfyEngineOptions extends Partial<FleetTimings> {
  /** Base URLs of the ComfyUI servers, e.g. http://gpu-1:8188. */
  urls: string[];
  /** A directory whose txt2img/img2img/inpaint/upscale.json replace the bundled templates. */
  workflowsDir?: string;
  models: ComfyModels;
  /**
   * The client id our sockets and prompts use. ComfyUI sends a prompt's messages only to the
   * socket of the client that queued it: keep it stable across restarts so a resumed prompt's
   * progress still reaches us. Default: a random one per engine.
   */
  clientId?: string;
  /** No message about a prompt for this long → the watchdog polls /history and /queue. */
  stallMs?: number;
  /** No progress for this long → interrupt and fail as `stalled` (ComfyUI has no timeout of its own). */
  timeoutMs?: number;
  /** Interval of watchdog polls while the socket stays quiet. */
  pollMs?: number;
  /** The servers operators drained (read at each dispatch and health check); none when absent. */
  drains?: DrainSource;
  log?: ComfyLog;
}

const COMFY_DEFAULTS = {
  stallMs: 15_000,
  timeoutMs: 180_000,
  pollMs: 2_000,
  probeMs: 1_000,
  idleProbeMs: 10_000,
  probeTimeoutMs: 2_000,
  downRetryMs: 1_000,
  downRetryMaxMs: 30_000,
  hungFloorMs: 90_000,
  queueRefreshMs: 1_000,
  requestTimeoutMs: 30_000,
} satisfies Required<Omit<ComfyEngineOptions, 'urls' | 'workflowsDir' | 'models' | 'clientId' | 'drains' | 'log'>>;

const silent: ComfyLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The ComfyUI fleet engine. Per server (FleetServer): one HTTP client, one long-lived socket under
 * this engine's client id, its health, and our prompts there. Each run dispatches to the least busy
 * server that is up and has our nodes and models, which uploads the inputs, posts the filled
 * template with our prompt id and follows it (PromptRun). Templates are read (and checked) once
 * here, so a broken operator template fails at start.
 */
export function createComfyEngine(options: ComfyEngineOptions): Engine {
  if (options.urls.length === 0) throw new Error('ComfyUI engine needs at least one server URL');
  const settings = { ...COMFY_DEFAULTS, ...definedOnly(options) };
  const log = options.log ?? silent;
  const templates = loadTemplates(options.workflowsDir, { ipadapter: Boolean(options.models.ipadapter) });
  const classes = templateClasses(templates);
  const clientId = options.clientId ?? randomUUID();
  const { stallMs, timeoutMs, pollMs } = settings;

  const servers = options.urls.map(
    (url) =>
      new FleetServer({
        url,
        clientId,
        timings: settings,
        watchdog: { stallMs, timeoutMs, pollMs },
        templates,
        models: options.models,
        classes,
        log,
      }),
  );
  for (const server of servers) {
    server.check().catch((err: unknown) => log.warn(`ComfyUI ${server.url} not checked at start: ${String(err)}`));
  }
  const drains = new OperatorDrains(options.drains, log);
  const applyDrains = (marks: ReadonlyMap<string, DrainMark> | undefined): void => {
    if (marks) for (const server of servers) server.setDrain(marks.get(server.url));
  };
  drains
    .refresh()
    .then(applyDrains)
    .catch(() => undefined);

  return {
    name: 'comfyui',
    canCancelRunning: true,
    queuesAtServer: true,

    async run(task, ctx): Promise<EngineResult> {
      if (ctx.signal.aborted) throw cancelledBeforeTaken(task);
      inputsFor(task);
      // A drain or resume made on any node counts from this task on.
      applyDrains(await drains.refresh());
      return dispatch(servers, task, ctx);
    },

    async resume(task, at, ctx): Promise<EngineResult> {
      const url = at.server.replace(/\/+$/, '');
      const server = servers.find((s) => s.url === url);
      if (!server) throw new EngineError('lost', `ComfyUI ${at.server} is not in the fleet`, { server: at.server });
      return server.resume(at.ref, task, ctx);
    },

    async health(): Promise<EngineHealth> {
      // The /object_info check started with the engine tells what a server lacks: worth a short wait.
      const checks: Promise<unknown>[] = servers.map((s) => s.pendingCheck).filter((c) => c !== undefined);
      checks.push(drains.refresh().then(applyDrains));
      if (checks.length > 0) await within(Promise.allSettled(checks), settings.probeTimeoutMs);
      const states = servers.map((s) => s.health());
      const problems = states
        .filter((s) => !s.ok)
        .map((s) => `${s.url}: ${s.state}${s.detail ? ` (${s.detail})` : ''}`);
      return {
        ok: states.some((s) => s.state === 'up'),
        ...(problems.length > 0 ? { detail: problems.join(' | ') } : {}),
        servers: states,
      };
    },

    available: () => servers.some((s) => s.state !== 'down'),
    capacity: () => servers.filter((s) => s.state === 'up').length,

    async close(): Promise<void> {
      for (const server of servers) server.close();
    },
  };
}

/** Options given as undefined keep their defaults. */
function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<T>;
}

async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
