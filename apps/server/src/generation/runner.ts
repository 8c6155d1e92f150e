import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import type { TaskRow, UploadRow } from '../db/schema/index.ts';
import type { Engine, EngineEvent, EngineResult, EngineRunContext } from './engine.ts';
import { prepareEngineTask, type LoadImage, type SourceOf } from './engine-task.ts';
import type { TaskLifecycle } from './lifecycle/index.ts';
import { checkDelivered, completeWithResults } from './completion.ts';
import { pasteBack } from './paste-back.ts';
import { createProgressWriter } from './progress-writer.ts';
import { recoverOrphans } from './recover.ts';
import { backInLine, settleFailure, WAIT_RETRY_SECONDS } from './settle-failure.ts';
import { TASK_QUEUED_CHANNEL, type LocalSlot } from './queue.ts';
import type { GenerationSettings } from './settings.ts';

export const CANCEL_CHANNEL = 'task_cancel';
const PROGRESS_MS = 300;

/**
 * What the runner needs of storage and the workspace (the modules above wire them in). `Stored`:
 * a result whose files are written and whose row is not yet.
 */
export interface ResultSink<Stored> {
  savePreview(taskId: string, image: Buffer): Promise<string>;
  dropPreview(key: string): Promise<void>;
  /** Writes a result's files. `createdAt` orders a task's results as the engine made them (image i holds seed + i). */
  storeResult(userId: string, taskId: string, png: Buffer, createdAt: Date): Promise<Stored>;
  /** Writes the stored results' rows in `tx`. */
  recordResults(tx: Db, stored: Stored[]): Promise<UploadRow[]>;
  /**
   * Files the task's results into the user's workspace in `tx` (one statement); false when that
   * has to be done by `fileResults` after all.
   */
  fileResultsIn(tx: Db, userId: string, taskId: string, folderId: string | null): Promise<boolean>;
  /** Told once the rows are committed (their thumbnails follow). */
  recorded(rows: UploadRow[], stored: Stored[]): void;
  /** Files the task's results into the user's workspace; may fail without failing the task. */
  fileResults(userId: string, taskId: string, folderId: string | null): Promise<unknown>;
}

export interface RunnerDeps<Stored = unknown> {
  database: Database;
  lifecycle: TaskLifecycle;
  findTask(id: string): Promise<TaskRow | null>;
  loadImage: LoadImage;
  /** Where an upscale's base image came from (the "Preview" mark follows it); absent: unknown. */
  sourceOf?: SourceOf;
  sink: ResultSink<Stored>;
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
  /** Engines whose tasks this process claims from the queue as they arrive. */
  engineNames: readonly string[];
  /** Queued tasks of an engine, oldest first (for the ones whose engine has no server now). */
  queued(engine: string): Promise<TaskRow[]>;
}

/** A notification can be missed (a reconnect, a task of a node that died): the queue is read this often anyway. */
const SWEEP_MS = 2_000;

export type Start = (engine: Engine, job: Parameters<Engine['run']>[0], ctx: EngineRunContext) => Promise<EngineResult>;

/**
 * Runs tasks handed over by the queue: claims one (exactly one process wins), feeds the engine,
 * reports what it does to the task lifecycle, stores every result before the task completes, and
 * turns engine faults into the lifecycle's events (the lifecycle decides state, refund and retry).
 */
export function createTaskRunner<Stored>(deps: RunnerDeps<Stored>) {
  const { lifecycle, log } = deps;
  const running = new Map<string, AbortController>();
  /** Places held for tasks being submitted in this process (see `localSlot`), counted as running. */
  let held = 0;
  let stopListening: (() => Promise<void>) | null = null;
  let beat: NodeJS.Timeout | null = null;
  let sweep: NodeJS.Timeout | null = null;
  let stopQueued: (() => Promise<void>) | null = null;

  /** `taken`: the task was taken up from an earlier process (which may have stored results of its own). */
  async function follow(claimed: TaskRow, engine: Engine, start: Start, taken = false) {
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
    // Whether the task is shown waiting in a server's queue: from its claim from the line (next
    // there) until the engine says it started. `started` changes nothing otherwise and is not written; a
    // place in a server's queue that the start overtook before it was written is not written either.
    let shownAtServer = claimed.serverAhead !== null;
    // A server holds the task under a recorded reference (taken up, or accepted in this run).
    let accepted = Boolean(claimed.engineRef);
    let startedSeen = false;
    const progress = createProgressWriter(PROGRESS_MS, (e) =>
      inOrder('progress', async () => {
        const key = e.preview ? await deps.sink.savePreview(taskId, e.preview) : null;
        await lifecycle.progress(taskId, Math.min(99, Math.round(e.percent)), key);
        shownAtServer = false;
        // Only the latest preview is ever shown: the one before it goes.
        if (key && previewKey) await deps.sink.dropPreview(previewKey);
        if (key) previewKey = key;
      }).then(() => undefined),
    );
    const onEvent = (e: EngineEvent) => {
      // A report of nothing done yet says nothing: a task still waiting at its server stays shown there.
      if (e.type === 'progress') return e.percent > 0 || e.preview ? progress.report(e) : undefined;
      // inOrder() catches and logs: these never reject.
      else if (e.type === 'accepted') {
        accepted = true;
        inOrder('accepted', () => lifecycle.accepted(taskId, e.server, e.ref)).catch(() => {});
      } else if (e.type === 'queued')
        inOrder('server queue', async () => {
          if (startedSeen) return;
          if (await lifecycle.serverQueued(taskId, e.ahead)) shownAtServer = true;
        }).catch(() => {});
      else {
        startedSeen = true;
        inOrder('start', async () => {
          if (!shownAtServer) return;
          await lifecycle.started(taskId);
          shownAtServer = false;
        }).catch(() => {});
      }
    };
    try {
      const prepared = await prepareEngineTask(claimed, deps.settings, deps.loadImage, deps.sourceOf);
      const job = prepared.task;
      const engineStarted = performance.now();
      const result = await start(engine, job, {
        signal: controller.signal,
        onEvent,
        avoidServers: claimed.failedServers,
      });
      const engineMs = Math.round(performance.now() - engineStarted);
      checkDelivered(engine.name, taskId, job.count, result.images.length, log);
      // A report under way finishes while the results are stored, before the task completes (its
      // events keep their order); one still waiting is dropped, as the results replace it. The
      // reports never reject.
      const reported = progress.close().then(() => chain);
      const stored = (async () => {
        let images = result.images;
        if (prepared.original && prepared.mask) {
          // Scaled back to the original and laid in through the mask: outside it, the original's pixels stay exactly.
          const { original, mask } = prepared;
          images = await Promise.all(images.map((img) => pasteBack(original, img, mask)));
        }
        const at = Date.now();
        return Promise.all(
          images.map((png, i) => deps.sink.storeResult(claimed.userId, taskId, png, new Date(at + i))),
        );
      })();
      const [, saved] = await Promise.all([reported, stored]);
      const run = { claimed, taken, server: result.server, engineMs, saved, asked: job.count };
      const done = await completeWithResults(deps, run);
      log.debug({ taskId, engineMs, totalMs: Math.round(performance.now() - claimedAt) }, 'task complete');
      if (!done) log.warn({ taskId }, 'task ended elsewhere while generating; its results are kept');
      else await deps.onComplete?.(claimed.userId).catch(() => {});
    } catch (err) {
      await progress.close();
      await chain;
      await settleFailure(
        deps,
        claimed.id,
        err,
        controller.signal.reason as string | undefined,
        accepted && !!engine.resume,
      );
    } finally {
      if (previewKey) deps.sink.dropPreview(previewKey).catch(() => {});
      clearTimeout(timeout);
      deps.signal.removeEventListener('abort', stopOnShutdown);
      running.delete(taskId);
      // A slot is free: the next task in line, if the last pass left some for want of room (a task
      // queued since then announces itself).
      if (backlog) pump();
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

  /**
   * The engines whose tasks can be claimed now (those whose servers may queue a task noted in
   * `queueing`). Queued tasks of an engine without a server are told so once (their own job asks
   * again later, and times them out), as a task handed over by id is.
   */
  const queueing = new Set<string>();
  async function claimable() {
    const names: string[] = [];
    for (const name of deps.engineNames) {
      const engine = await deps.engine(name).catch(() => null);
      if (!engine) continue;
      if (!engine.available()) {
        for (const row of await deps.queued(name)) if (row.notice !== 'waiting_for_server') await run(row.id);
        continue;
      }
      names.push(name);
      if (engine.queuesAtServer) queueing.add(name);
    }
    return names;
  }

  let pumping: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  let backlog = false;
  /**
   * Tasks announced since a claim last found the queue empty. A pass woken only by announcements
   * claims that many (it stops early when one finds nothing); a sweep, a freed slot or the start
   * reads the queue to its end. So a task announced on its own costs one claim, not a second one
   * that finds the queue empty.
   */
  let announced = 0;
  let readAll = false;
  /** Claims queued tasks while this process has room; one pass at a time, another if asked meanwhile. */
  function pump(reason: 'announced' | 'all' = 'all') {
    if (stopped || deps.signal.aborted) return;
    if (reason === 'announced') announced += 1;
    else readAll = true;
    if (pumping) {
      again = true;
      return;
    }
    pumping = (async () => {
      do {
        again = false;
        const toEnd = readAll;
        readAll = false;
        const engines = await claimable();
        backlog = false;
        for (;;) {
          if (stopped || deps.signal.aborted) break;
          if (running.size + held >= deps.settings.concurrency) {
            backlog = true;
            break;
          }
          if (!toEnd && announced <= 0) break;
          const claimed = await lifecycle.claimNext(deps.workerId, engines, [...queueing]);
          if (!claimed) {
            announced = 0;
            break;
          }
          announced = Math.max(0, announced - 1);
          const engine = await deps.engine(claimed.engine);
          follow(claimed, engine, (e, job, ctx) => e.run(job, ctx)).catch((err: unknown) =>
            log.error({ err, taskId: claimed.id }, 'task failed'),
          );
        }
      } while (again && !stopped);
    })()
      .catch((err: unknown) => log.error({ err }, 'claiming queued tasks failed'))
      .finally(() => {
        pumping = null;
      });
  }

  async function run(taskId: string) {
    if (deps.signal.aborted) return;
    const row = await deps.findTask(taskId);
    if (!row || row.state !== 'queued') return;
    const engine = await deps.engine(row.engine);
    if (await waitsForServer(row, engine)) return;
    if (row.notice === 'waiting_for_server') return backInLine(deps, row);
    // The task at the head of its engine's line, which may be an older one than this.
    const claimed = await lifecycle.claimNext(deps.workerId, [row.engine], engine.queuesAtServer ? [row.engine] : []);
    if (!claimed) return; // cancelled, or other workers have them
    await follow(claimed, engine, (e, job, ctx) => e.run(job, ctx));
  }

  /** Takes back tasks whose process died (see recover.ts). */
  const recover = (staleBefore: Date) =>
    recoverOrphans(
      {
        ...deps,
        running: (id: string) => running.has(id),
        follow: (row, engine, start) => follow(row, engine, start, true),
      },
      staleBefore,
    );

  /**
   * Holds a place for a task of `engine` submitted in this process, when there is room and the
   * engine has a server: the submit claims the task for it and hands it over here, without the
   * queue's notification and claim. Null when this process would not take the task now.
   */
  async function localSlot(engineName: string): Promise<LocalSlot | null> {
    if (stopped || deps.signal.aborted || !deps.engineNames.includes(engineName)) return null;
    if (running.size + held >= deps.settings.concurrency) return null;
    held += 1;
    let open = true;
    const close = () => {
      if (!open) return false;
      open = false;
      held -= 1;
      return true;
    };
    const engine = await deps.engine(engineName).catch(() => null);
    if (!engine?.available()) {
      close();
      return null;
    }
    return {
      workerId: deps.workerId,
      atServer: engine.queuesAtServer === true,
      async start(row) {
        if (!close()) return;
        if (stopped || deps.signal.aborted) {
          // Stopping meanwhile: the task waits in the queue for the next process, as a running one would.
          lifecycle.handBack(row.id).catch((err: unknown) => log.error({ err, taskId: row.id }, 'handing back failed'));
          return;
        }
        follow(row, engine, (e, job, ctx) => e.run(job, ctx)).catch((err: unknown) =>
          log.error({ err, taskId: row.id }, 'task failed'),
        );
        await new Promise((resolve) => setImmediate(resolve));
      },
      release() {
        // Its place may be what a task in line was waiting for.
        if (close() && backlog) pump();
      },
    };
  }

  return {
    run,
    recover,
    localSlot,
    running: () => running.size,
    /** Starts claiming queued tasks: at once, on every announcement, and every SWEEP_MS. */
    async dispatch() {
      stopped = false;
      stopQueued = await deps.database.listen(TASK_QUEUED_CHANNEL, () => pump('announced'));
      sweep = setInterval(() => pump(), SWEEP_MS).unref();
      pump();
    },
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
      stopped = true;
      if (beat) clearInterval(beat);
      if (sweep) clearInterval(sweep);
      await stopQueued?.();
      await pumping;
      await stopListening?.();
    },
  };
}
export type TaskRunner = ReturnType<typeof createTaskRunner>;
