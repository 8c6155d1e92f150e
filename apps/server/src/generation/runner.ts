import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { TaskRow } from '../db/schema/index.ts';
import { EngineError, type Engine, type EngineEvent, type EngineResult, type EngineRunContext } from './engine.ts';
import { prepareEngineTask, type LoadImage } from './engine-task.ts';
import type { TaskLifecycle } from './lifecycle/index.ts';
import { pasteBack } from './paste-back.ts';
import { createProgressWriter } from './progress-writer.ts';
import type { GenerationSettings } from './settings.ts';

export const CANCEL_CHANNEL = 'task_cancel';
const PROGRESS_MS = 300;
/** While no generation server is available, a queued task asks again this often. */
const WAIT_RETRY_SECONDS = 5;

/** What the runner needs of storage and the workspace (the modules above wire them in). */
export interface ResultSink {
  savePreview(taskId: string, image: Buffer): Promise<string>;
  dropPreview(key: string): Promise<void>;
  saveResult(userId: string, taskId: string, png: Buffer): Promise<unknown>;
  /** Files the task's results into the user's workspace; may fail without failing the task. */
  fileResults(userId: string, taskId: string, folderId: string | null): Promise<unknown>;
}

export interface RunnerDeps {
  database: Database;
  lifecycle: TaskLifecycle;
  findTask(id: string): Promise<TaskRow | null>;
  loadImage: LoadImage;
  sink: ResultSink;
  settings: GenerationSettings;
  engine(name: string): Promise<Engine>;
  /** Hands the task to the workers again after `seconds`. */
  enqueueLater(taskId: string, seconds: number): Promise<void>;
  log: FastifyBaseLogger;
  /** `<nodeId>:<pid>:<random>`: a restarted node recognises its earlier processes by the prefix. */
  workerId: string;
  nodeId: string;
  signal: AbortSignal;
  /** Told when a task of the user completes (first-generation achievement); never fails the task. */
  onComplete?(userId: string): Promise<void>;
}

type Start = (engine: Engine, job: Parameters<Engine['run']>[0], ctx: EngineRunContext) => Promise<EngineResult>;

/**
 * Runs tasks handed over by the queue: claims one (exactly one process wins), feeds the engine,
 * reports what it does to the task lifecycle, stores every result before the task completes, and
 * turns engine faults into the lifecycle's events (the lifecycle decides state, refund and retry).
 */
export function createTaskRunner(deps: RunnerDeps) {
  const { lifecycle, log } = deps;
  const running = new Map<string, AbortController>();
  let stopListening: (() => Promise<void>) | null = null;
  let beat: NodeJS.Timeout | null = null;

  async function follow(claimed: TaskRow, engine: Engine, start: Start) {
    const taskId = claimed.id;
    const claimedAt = performance.now();
    const controller = new AbortController();
    running.set(taskId, controller);
    const timeout = setTimeout(() => controller.abort('timeout'), deps.settings.timeoutMs);
    const stopOnShutdown = () => controller.abort('shutdown');
    deps.signal.addEventListener('abort', stopOnShutdown, { once: true });
    let previewKey: string | null = null;
    // Reports are written in the order the engine made them; a failed write is logged, never thrown.
    let chain: Promise<unknown> = Promise.resolve();
    const inOrder = (what: string, fn: () => Promise<unknown>) => {
      chain = chain.then(fn).catch((err: unknown) => log.warn({ err, taskId }, `${what} not recorded`));
      return chain;
    };
    const progress = createProgressWriter(PROGRESS_MS, (e) =>
      inOrder('progress', async () => {
        const key = e.preview ? await deps.sink.savePreview(taskId, e.preview) : null;
        await lifecycle.progress(taskId, Math.min(99, Math.round(e.percent)), key);
        // Only the latest preview is ever shown: the one before it goes.
        if (key && previewKey) await deps.sink.dropPreview(previewKey);
        if (key) previewKey = key;
      }).then(() => undefined),
    );
    const onEvent = (e: EngineEvent) => {
      if (e.type === 'progress') progress.report(e);
      // inOrder() catches and logs: these never reject.
      else if (e.type === 'accepted')
        inOrder('accepted', () => lifecycle.accepted(taskId, e.server, e.ref)).catch(() => {});
      else if (e.type === 'queued')
        inOrder('server queue', () => lifecycle.serverQueued(taskId, e.ahead)).catch(() => {});
      else inOrder('start', () => lifecycle.started(taskId)).catch(() => {});
    };
    try {
      const prepared = await prepareEngineTask(claimed, deps.settings, deps.loadImage);
      const job = prepared.task;
      const engineStarted = performance.now();
      const result = await start(engine, job, {
        signal: controller.signal,
        onEvent,
        avoidServers: claimed.failedServers,
      });
      const engineMs = Math.round(performance.now() - engineStarted);
      await progress.close(true);
      await chain;
      let images = result.images;
      if (prepared.original && prepared.mask) {
        // Scaled back to the original and laid in through the mask: outside it, the original's pixels stay exactly.
        const { original, mask } = prepared;
        images = await Promise.all(images.map((img) => pasteBack(original, img, mask)));
      }
      await Promise.all(images.map((png) => deps.sink.saveResult(claimed.userId, taskId, png)));
      // Filed by task, so a run that stored results before dying has them filed by its retry. The
      // results stand without it (the task history shows them), so a failure here fails nothing.
      await deps.sink
        .fileResults(claimed.userId, taskId, claimed.folderId)
        .catch((err: unknown) => log.error({ err, taskId }, 'filing results into the workspace failed'));
      const done = await lifecycle.complete(taskId, { server: result.server, engineMs });
      log.debug({ taskId, engineMs, totalMs: Math.round(performance.now() - claimedAt) }, 'task complete');
      if (!done) log.warn({ taskId }, 'task ended elsewhere while generating; its results are kept');
      else await deps.onComplete?.(claimed.userId).catch(() => {});
    } catch (err) {
      await progress.close(false);
      await chain;
      await settleFailure(claimed, err, controller.signal.reason as string | undefined);
    } finally {
      if (previewKey) deps.sink.dropPreview(previewKey).catch(() => {});
      clearTimeout(timeout);
      deps.signal.removeEventListener('abort', stopOnShutdown);
      running.delete(taskId);
    }
  }

  async function settleFailure(row: TaskRow, err: unknown, reason: string | undefined) {
    const id = row.id;
    const e = err instanceof EngineError ? err : null;
    if (reason === 'shutdown') {
      // This process is stopping: another one takes the task from the queue.
      await lifecycle.handBack(id);
    } else if (reason === 'timeout' || e?.kind === 'stalled') {
      await lifecycle.timedOut(id, e?.server);
    } else if (reason === 'cancel' || e?.kind === 'interrupted') {
      await lifecycle.interrupted(id);
    } else if (e?.kind === 'unavailable') {
      // Nothing ran anywhere: it waits for a server as if it had never left the queue.
      if (await lifecycle.notTaken(id)) await deps.enqueueLater(id, WAIT_RETRY_SECONDS);
    } else if (e?.kind === 'lost') {
      log.warn({ taskId: id, kind: e.kind, server: e.server, msg: e.message }, 'engine fault: moving the task');
      await lifecycle.fault(id, e.server);
    } else if (e?.kind === 'invalid') {
      log.warn({ taskId: id, msg: e.message }, 'engine refused the task');
      await lifecycle.refused(id, e.server);
    } else {
      log.error({ err, taskId: id }, 'task failed');
      await lifecycle.lost(id);
    }
  }

  /** Whether the task should wait: its engine has no server to take it (the fleet is down). */
  async function waitsForServer(row: TaskRow, engine: Engine) {
    if (engine.available()) return false;
    if (Date.now() - row.createdAt.getTime() >= deps.settings.timeoutMs) await lifecycle.timedOut(row.id);
    else {
      await lifecycle.waitForServer(row.id);
      await deps.enqueueLater(row.id, WAIT_RETRY_SECONDS);
    }
    return true;
  }

  async function run(taskId: string) {
    if (deps.signal.aborted) return;
    const row = await deps.findTask(taskId);
    if (!row || row.state !== 'queued') return;
    const engine = await deps.engine(row.engine);
    if (await waitsForServer(row, engine)) return;
    const claimed = await lifecycle.claim(taskId, deps.workerId);
    if (!claimed) return; // cancelled, or another worker has it
    await follow(claimed, engine, (e, job, ctx) => e.run(job, ctx));
  }

  /**
   * Takes back tasks whose process died: those of this node's earlier processes at once, others
   * once silent. One a server already accepted is first asked about there (collected when done,
   * followed while running); only one the server lost is sent again.
   */
  async function recover(staleBefore: Date) {
    const orphans = await lifecycle.orphans(staleBefore, `${deps.nodeId}:`, deps.workerId);
    for (const row of orphans) {
      if (running.has(row.id)) continue;
      const engine = row.server && row.engineRef ? await deps.engine(row.engine).catch(() => null) : null;
      const adopted =
        engine?.resume && row.workerId ? await lifecycle.adopt(row.id, row.workerId, deps.workerId) : null;
      if (engine?.resume && adopted) {
        const at = { server: row.server!, ref: row.engineRef! };
        log.info({ taskId: row.id, ...at }, 'taking up a task the server already has');
        follow(adopted, engine, (e, job, ctx) =>
          e.resume!(job, at, ctx).catch((err: unknown) => {
            // The server forgot it: send it again, as a run of its own.
            if (err instanceof EngineError && err.kind === 'lost') throw new EngineError('unavailable', err.message);
            throw err;
          }),
        ).catch((err: unknown) => log.error({ err, taskId: row.id }, 'resumed task failed'));
      } else {
        await lifecycle.handBack(row.id, { orphan: true });
      }
    }
    return orphans.length;
  }

  return {
    run,
    recover,
    running: () => running.size,
    async start() {
      stopListening = await deps.database.listen(CANCEL_CHANNEL, (taskId) => running.get(taskId)?.abort('cancel'));
      beat = setInterval(
        () => {
          lifecycle.heartbeat([...running.keys()]).catch(() => {});
        },
        Math.max(500, deps.settings.staleMs / 3),
      ).unref();
    },
    async stop() {
      if (beat) clearInterval(beat);
      await stopListening?.();
    },
  };
}
export type TaskRunner = ReturnType<typeof createTaskRunner>;
