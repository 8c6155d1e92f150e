import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { TaskRow } from '../db/schema/index.ts';
import { checkDelivered, completeWithResults, type ResultSink } from './completion.ts';
import type { Engine, EngineEvent, EngineResult, EngineRunContext } from './engine.ts';
import { prepareEngineTask, type LoadImage, type SourceOf } from './engine-task.ts';
import type { TaskLifecycle } from './lifecycle/index.ts';
import { pasteBack } from './paste-back.ts';
import { createProgressWriter } from './progress-writer.ts';
import { settleFailure } from './settle-failure.ts';
import type { GenerationSettings } from './settings.ts';
import { inSpan } from '../platform/tracing.ts';

const PROGRESS_MS = 300;

/** How a run reaches its engine: a first run, or a task a server already holds taken up again. */
export type Start = (engine: Engine, job: Parameters<Engine['run']>[0], ctx: EngineRunContext) => Promise<EngineResult>;

/** What running one claimed task needs; the scheduler (scheduler.ts) passes on its own dependencies. */
export interface TaskRunDeps<Stored = unknown> {
  database: Database;
  lifecycle: TaskLifecycle;
  loadImage: LoadImage;
  /** Where an upscale's base image came from (the "Preview" mark follows it); absent: unknown. */
  sourceOf?: SourceOf;
  sink: ResultSink<Stored>;
  settings: GenerationSettings;
  /** Hands the task to the workers again after `seconds`. */
  enqueueLater(taskId: string, seconds: number): Promise<void>;
  log: FastifyBaseLogger;
  /** Aborted when this process stops. */
  signal: AbortSignal;
  /** Told when a task of the user completes (first-generation achievement); never fails the task. */
  onComplete?(userId: string): Promise<void>;
}

export interface TaskRunOptions {
  /** Aborting it ends the run: `cancel` (the user), or the run's own time-out and the shutdown. */
  controller: AbortController;
  /** The task was taken up from an earlier process (which may have stored results of its own). */
  taken: boolean;
}

/** What a task's spans say of it: bounded facts, never its prompt or its owner. */
const spanFacts = (claimed: TaskRow, engine: Engine) => ({
  'turing.task.id': claimed.id,
  'turing.engine': engine.name,
  'turing.mode': claimed.mode,
  'turing.model': claimed.params.model,
  'turing.attempt': claimed.attempt,
});

/**
 * Runs one claimed task to its end: feeds the engine, reports what it does to the task lifecycle,
 * stores every result before the task completes, and turns engine faults into the lifecycle's
 * events (the lifecycle decides state, refund and retry, and is the only writer of the state).
 * With tracing on, the run is a span continuing the trace of the task's submit (carried with it),
 * on whichever node claimed it, and the engine's call a span within it.
 */
export function runTask<Stored>(
  deps: TaskRunDeps<Stored>,
  claimed: TaskRow,
  engine: Engine,
  start: Start,
  opts: TaskRunOptions,
) {
  const facts = { ...spanFacts(claimed, engine), 'turing.taken_up': opts.taken };
  return inSpan('task run', facts, () => runClaimed(deps, claimed, engine, start, opts), claimed.traceParent);
}

async function runClaimed<Stored>(
  deps: TaskRunDeps<Stored>,
  claimed: TaskRow,
  engine: Engine,
  start: Start,
  opts: TaskRunOptions,
) {
  const { lifecycle, log } = deps;
  const { controller, taken } = opts;
  const taskId = claimed.id;
  const claimedAt = performance.now();
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
    const result = await inSpan('engine run', spanFacts(claimed, engine), () =>
      start(engine, job, {
        signal: controller.signal,
        onEvent,
        avoidServers: claimed.failedServers,
      }),
    );
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
      return Promise.all(images.map((png, i) => deps.sink.storeResult(claimed.userId, taskId, png, new Date(at + i))));
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
  }
}
