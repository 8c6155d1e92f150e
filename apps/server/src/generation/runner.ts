import type { FastifyBaseLogger } from 'fastify';
import type { ErrorCode, TaskParams } from '@turing/contract';
import type { Database } from '../db/client.ts';
import type { TaskRow } from '../db/schema/index.ts';
import { createTaskRepository } from '../modules/design/task.repository.ts';
import type { TaskService } from '../modules/design/task.service.ts';
import type { GeneratedImages } from '../modules/upload/generated-images.ts';
import type { UploadService } from '../modules/upload/upload.service.ts';
import type { WorkspaceService } from '../modules/workspace/workspace.service.ts';
import { EngineError, type Engine, type EngineEvent, type EngineTask } from './engine.ts';
import { pasteBack } from './paste-back.ts';
import type { GenerationSettings } from './settings.ts';

export const CANCEL_CHANNEL = 'task_cancel';
/** A task gets one retry after an engine fault that was not its own (server down or restarted). */
const MAX_ATTEMPTS = 2;
const PROGRESS_MS = 300;

export interface RunnerDeps {
  database: Database;
  tasks: TaskService;
  uploads: UploadService;
  images: GeneratedImages;
  workspace: Pick<WorkspaceService, 'fileResults'>;
  settings: GenerationSettings;
  engine(name: string): Promise<Engine>;
  enqueue(taskId: string): Promise<void>;
  log: FastifyBaseLogger;
  workerId: string;
  signal: AbortSignal;
  /** Told when a task of the user completes (first-generation achievement); never fails the task. */
  achievements?: { refresh(userId: string): Promise<void> };
}

/**
 * Runs tasks handed over by the queue: claims one (exactly one process wins), feeds the engine,
 * stores every result before marking the task complete, and turns engine faults into the task's
 * end state with its refund, or a retry on another server.
 */
export function createTaskRunner(deps: RunnerDeps) {
  const repo = createTaskRepository(deps.database.db);
  const running = new Map<string, AbortController>();
  let stopListening: (() => Promise<void>) | null = null;
  let beat: NodeJS.Timeout | null = null;

  async function inputs(row: TaskRow, p: TaskParams) {
    const load = async (id: string | undefined) => {
      if (!id) return undefined;
      const upload = await deps.uploads.getOwnedAny(id, row.userId);
      const bytes = await deps.images.read(upload);
      if (!bytes) throw new EngineError('invalid', `image ${id} is missing from storage`);
      return bytes;
    };
    const [base, reference, depth, lineArt, mask] = await Promise.all([
      load(p.baseImageId),
      load(p.referenceImageId),
      load(p.depthImageId),
      load(p.lineArtImageId),
      load(p.maskImageId),
    ]);
    return { base, reference, depth, lineArt, mask };
  }

  async function engineTask(row: TaskRow): Promise<EngineTask> {
    const p = row.params as unknown as TaskParams;
    const images = await inputs(row, p);
    let { width, height } = deps.settings.pixels(p.size, p.quality);
    if ((p.mode === 'iterate' || p.mode === 'edit' || p.mode === 'upscale') && images.base) {
      const sharp = (await import('sharp')).default;
      const meta = await sharp(images.base).metadata();
      const factor = p.mode === 'upscale' ? (p.upscale ?? 2) : 1;
      if (p.mode !== 'iterate' && meta.width && meta.height) {
        width = meta.width * factor;
        height = meta.height * factor;
      }
    }
    return {
      id: row.id,
      attempt: row.attempt,
      mode: p.mode,
      type: p.type,
      model: p.model,
      prompt: row.promptSent,
      negativePrompt: [p.negativePrompt].filter(Boolean).join(', '),
      width,
      height,
      count: p.mode === 'upscale' ? 1 : p.count,
      quality: p.quality,
      seed: p.seed ?? 0,
      imageWeight: p.imageWeight,
      textWeight: p.textWeight,
      controlStrength: p.controlStrength,
      tags: p.tags,
      upscale: p.upscale,
      images,
    };
  }

  async function end(row: TaskRow, state: 'timed_out' | 'lost' | 'cancelled', code: ErrorCode | null, server?: string) {
    await deps.tasks.end(row.id, ['generating'], state, code, { server });
  }

  async function retryOrLose(row: TaskRow, err: EngineError) {
    if (row.attempt < MAX_ATTEMPTS) {
      const back = await repo.requeue(row.id, err.server);
      if (back) {
        await deps.tasks.announce(back);
        await deps.enqueue(row.id);
        return;
      }
    }
    await end(row, 'lost', 'TASK_LOST', err.server);
  }

  async function run(taskId: string) {
    if (deps.signal.aborted) return;
    const claimedAt = performance.now();
    const claimed = await repo.claim(taskId, deps.workerId);
    if (!claimed) return; // cancelled, or another worker has it
    await deps.tasks.announce(claimed);
    const controller = new AbortController();
    running.set(taskId, controller);
    const timeout = setTimeout(() => controller.abort('timeout'), deps.settings.timeoutMs);
    const stopOnShutdown = () => controller.abort('shutdown');
    deps.signal.addEventListener('abort', stopOnShutdown, { once: true });
    // Progress is written at most every PROGRESS_MS and not before the task has run that long, so
    // a fast engine costs no writes at all and a slow one shows steady movement.
    let lastWrite = Date.now();
    let previewKey: string | null = null;
    let pending: Promise<void> = Promise.resolve();
    const onEvent = (e: EngineEvent) => {
      if (e.type !== 'progress' || e.percent >= 100) return;
      const now = Date.now();
      if (now - lastWrite < PROGRESS_MS) return;
      lastWrite = now;
      pending = pending
        .then(async () => {
          const key = e.preview ? await deps.images.savePreview(taskId, e.preview) : null;
          const moved = await repo.progress(taskId, Math.min(99, Math.round(e.percent)), key);
          if (moved) await deps.tasks.announce(moved);
          // Only the latest preview is ever shown: the one before it goes.
          if (key && previewKey) void deps.images.dropPreview(previewKey);
          if (key) previewKey = key;
        })
        .catch((err: unknown) => deps.log.warn({ err, taskId }, 'progress update failed'));
    };
    try {
      const job = await engineTask(claimed);
      const engine = await deps.engine(claimed.engine);
      const engineStarted = performance.now();
      const result = await engine.run(job, { signal: controller.signal, onEvent, avoidServers: claimed.failedServers });
      const engineMs = Math.round(performance.now() - engineStarted);
      await pending;
      let images = result.images;
      if (job.mode === 'edit' && job.images.base && job.images.mask) {
        // Whatever the engine did outside the region, the original's pixels stay exactly.
        images = await Promise.all(images.map((img) => pasteBack(job.images.base!, img, job.images.mask!)));
      }
      const storeStarted = performance.now();
      await Promise.all(images.map((png) => deps.images.save({ userId: claimed.userId, kind: 'result', png, taskId })));
      // Filed by task, so a run that stored results before dying has them filed by its retry. The
      // results stand without it (the task history shows them), so a failure here fails nothing.
      await deps.workspace
        .fileResults(claimed.userId, taskId, claimed.folderId)
        .catch((err: unknown) => deps.log.error({ err, taskId }, 'filing results into the workspace failed'));
      const storeMs = Math.round(performance.now() - storeStarted);
      const done = await deps.tasks.end(taskId, ['generating'], 'complete', null, { server: result.server, engineMs });
      deps.log.debug(
        { taskId, engineMs, storeMs, totalMs: Math.round(performance.now() - claimedAt) },
        'task complete',
      );
      if (!done) deps.log.warn({ taskId }, 'task ended elsewhere while generating; its results are kept');
      else await deps.achievements?.refresh(claimed.userId).catch(() => {});
    } catch (err) {
      await pending;
      const reason = controller.signal.reason as string | undefined;
      if (reason === 'shutdown') {
        // This process is stopping: another one takes the task from the queue.
        const back = await repo.requeue(taskId);
        if (back) {
          await deps.tasks.announce(back);
          await deps.enqueue(taskId);
        }
      } else if (reason === 'timeout' || (err instanceof EngineError && err.kind === 'stalled')) {
        await end(claimed, 'timed_out', 'TASK_TIMED_OUT', (err as EngineError).server);
      } else if (reason === 'cancel' || (err instanceof EngineError && err.kind === 'interrupted')) {
        await end(claimed, 'cancelled', null);
      } else if (err instanceof EngineError && (err.kind === 'unavailable' || err.kind === 'lost')) {
        deps.log.warn({ taskId, kind: err.kind, server: err.server, msg: err.message }, 'engine fault, retrying once');
        await retryOrLose(claimed, err);
      } else if (err instanceof EngineError && err.kind === 'invalid') {
        deps.log.warn({ taskId, msg: err.message }, 'engine refused the task');
        await end(claimed, 'lost', 'TASK_REFUSED', err.server);
      } else {
        deps.log.error({ err, taskId }, 'task failed');
        await end(claimed, 'lost', 'TASK_LOST');
      }
    } finally {
      if (previewKey) void deps.images.dropPreview(previewKey);
      clearTimeout(timeout);
      deps.signal.removeEventListener('abort', stopOnShutdown);
      running.delete(taskId);
    }
  }

  /** Takes back tasks whose process died: re-queued once, otherwise lost with their refund. */
  async function recover(staleBefore: Date) {
    const orphans = await repo.orphans(staleBefore);
    for (const row of orphans) {
      if (running.has(row.id)) continue;
      if (row.attempt < MAX_ATTEMPTS) {
        const back = await repo.requeue(row.id);
        if (back) {
          await deps.tasks.announce(back);
          await deps.enqueue(row.id);
        }
      } else {
        await deps.tasks.end(row.id, ['generating'], 'lost', 'TASK_LOST');
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
        () => void repo.heartbeat([...running.keys()]).catch(() => {}),
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
