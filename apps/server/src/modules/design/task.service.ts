import { randomInt } from 'node:crypto';
import type { CostPreview, ErrorCode, Locale, Task, TaskParams } from '@turing/contract';
import { errorMessage } from '@turing/contract';
import type { Database, Db } from '../../db/client.ts';
import type { TaskRow, UploadRow } from '../../db/schema/index.ts';
import type { GenerationSettings } from '../../generation/settings.ts';
import type { Translator } from '../../generation/translator.ts';
import { needsTranslation } from '../../generation/translator.ts';
import { AppError } from '../../shared/app-error.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { GeneratedImages } from '../upload/generated-images.ts';
import type { UploadService } from '../upload/upload.service.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import type { TaskEventPayload, TaskEvents } from './task-events.ts';
import { createTaskRepository } from './task.repository.ts';

/** Engines that read English only get Chinese prompts translated. */
const ENGLISH_ONLY = new Set(['comfyui', 'preview']);
const FINISHED = ['complete', 'cancelled', 'timed_out', 'lost'];

export interface TaskQueue {
  /** Hands a queued task to the workers (after its row committed). */
  enqueue(taskId: string): Promise<void>;
  /** Tells the process running a task to stop it. */
  cancelRunning(taskId: string): Promise<void>;
}

export interface TaskServiceDeps {
  database: Database;
  settings: GenerationSettings;
  ledger: LedgerService;
  catalogue: CatalogueService;
  uploads: UploadService;
  images: GeneratedImages;
  events: TaskEvents;
  translator: Translator | null;
  /** Whether the engine of a model can stop a running task. */
  canCancelRunning(engine: string): boolean;
  queue: () => TaskQueue;
}

/** The rules of a task's life that callers see: submit, read, list, cancel, cost. */
export function createTaskService(deps: TaskServiceDeps) {
  const { database, settings } = deps;
  const repo = createTaskRepository(database.db);

  const resultDto = (row: UploadRow) => ({
    id: row.id,
    url: deps.uploads.url(row.key),
    thumbUrl: deps.uploads.url(row.thumbKey ?? row.key),
    width: row.width,
    height: row.height,
  });

  type ImageUrls = Awaited<ReturnType<UploadService['ownedImageUrls']>>;
  const baseIdOf = (row: TaskRow) => (typeof row.params.baseImageId === 'string' ? row.params.baseImageId : null);
  /** Base images of the owner's tasks only: an id naming someone else's image yields nothing. */
  const baseImagesOf = (userId: string, rows: TaskRow[], db: Db = database.db) =>
    deps.uploads.ownedImageUrls(
      userId,
      rows.map(baseIdOf).filter((id): id is string => id !== null),
      db,
    );

  /** The event/answer shape of a task; position and wait only while it is queued. */
  async function payloadOf(
    row: TaskRow,
    db: Db = database.db,
    known?: { results: UploadRow[]; bases: ImageUrls },
  ): Promise<TaskEventPayload> {
    const results = row.state !== 'complete' ? [] : (known?.results ?? (await deps.images.resultsOf([row.id], db)));
    const baseId = baseIdOf(row);
    const bases = !baseId ? null : (known?.bases ?? (await baseImagesOf(row.userId, [row], db)));
    let position: number | null = null;
    let wait: number | null = null;
    if (row.state === 'queued') {
      const r = createTaskRepository(db);
      position = await r.queuePosition(row);
      const avg = (await r.averageSeconds(row.mode, row.engine, String(row.params.quality ?? 'SD'))) ?? 8;
      wait = Math.round(((position + 1) / Math.max(1, settings.concurrency)) * avg);
    }
    return {
      id: row.id,
      state: row.state as Task['state'],
      seq: row.seq,
      params: row.params,
      mode: row.mode as Task['mode'],
      engine: row.engine,
      promptOriginal: row.promptOriginal,
      promptSent: row.promptSent,
      translation: row.translation as Task['translation'],
      position,
      estimatedWaitSeconds: wait,
      progress: row.state === 'complete' ? 100 : row.progress,
      previewUrl: row.state === 'generating' && row.previewKey ? deps.uploads.url(row.previewKey) : null,
      notice: row.notice ?? null,
      results: results.map(resultDto),
      baseImage: (baseId && bases?.get(baseId)) || null,
      cost: { cubes: row.costCubes, coveredByPlan: row.coveredByPlan, refunded: row.refunded },
      error: row.errorCode ? { code: row.errorCode } : null,
      createdAt: row.createdAt.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }

  const localise = (p: TaskEventPayload, locale: Locale): Task => ({
    ...p,
    error: p.error ? { code: p.error.code, msg: errorMessage(p.error.code as ErrorCode, locale) } : null,
  });

  /** Checks every image the parameters name belongs to the caller; returns them by role. */
  async function ownedImages(userId: string, p: TaskParams) {
    const get = (id: string | undefined) => (id ? deps.uploads.getOwnedAny(id, userId) : Promise.resolve(null));
    const [base, reference, depth, lineArt, mask] = await Promise.all([
      get(p.baseImageId),
      get(p.referenceImageId),
      get(p.depthImageId),
      get(p.lineArtImageId),
      get(p.maskImageId),
    ]);
    return { base, reference, depth, lineArt, mask };
  }

  /** The English prompt the engine reads: tags, word packages, then the user's own words. */
  async function composePrompt(userId: string, p: TaskParams, engine: string) {
    const tagParts = await deps.catalogue.tagPrompts(p.tags);
    const packages = await deps.catalogue.packagesFor(userId, p.wordPackageIds);
    let text = p.prompt;
    let translation: Task['translation'] = 'not_needed';
    if (text && ENGLISH_ONLY.has(engine) && needsTranslation(text)) {
      if (deps.translator) {
        try {
          text = await deps.translator.translate(text);
          translation = 'translated';
        } catch {
          translation = 'unavailable';
        }
      } else translation = 'unavailable';
    }
    const negatives = [p.negativePrompt, ...packages.map((w) => w.negative)].filter(Boolean);
    const prompt = [text, ...tagParts, ...packages.map((w) => w.positive)].filter(Boolean).join(', ');
    return { prompt, negative: negatives.join(', '), translation };
  }

  return {
    payloadOf,
    localise,

    async submit(userId: string, params: TaskParams, locale: Locale): Promise<Task> {
      const engine = settings.engineFor(params.model);
      await ownedImages(userId, params);
      const composed = await composePrompt(userId, params, engine);
      const cubes = settings.cost(params);
      const stored: TaskParams = { ...params, seed: params.seed ?? randomInt(0, 2 ** 31) };
      await deps.ledger.ensureAccount(userId);
      const row = await database.transaction(async (tx) => {
        const paid = await deps.ledger.charge(tx, { userId, cubes });
        const task = await createTaskRepository(tx).insert({
          userId,
          mode: params.mode,
          params: stored as unknown as Record<string, unknown>,
          promptOriginal: params.prompt,
          promptSent: composed.prompt,
          translation: composed.translation,
          engine,
          state: 'queued',
          costCubes: paid.coveredByPlan ? 0 : cubes,
          coveredByPlan: paid.coveredByPlan,
          folderId: params.folderId ?? null,
        });
        await deps.ledger.recordCharge(tx, {
          userId,
          taskId: task.id,
          cubes: task.costCubes,
          coveredByPlan: paid.coveredByPlan,
        });
        await deps.events.publish(tx, userId, await payloadOf(task, tx));
        return task;
      });
      await deps.queue().enqueue(row.id);
      return localise(await payloadOf(row), locale);
    },

    async get(userId: string, id: string, locale: Locale) {
      const row = await repo.findOwned(id, userId);
      if (!row) throw new AppError('TASK_NOT_FOUND');
      return localise(await payloadOf(row), locale);
    },

    async list(userId: string, query: { cursor?: string; limit: number }, locale: Locale) {
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await repo.listOwned(userId, query.limit + 1, after);
      const page = rows.slice(0, query.limit);
      const [results, bases] = await Promise.all([
        deps.images.resultsOf(page.filter((r) => r.state === 'complete').map((r) => r.id)),
        baseImagesOf(userId, page),
      ]);
      const items = await Promise.all(
        page.map(async (row) =>
          localise(
            await payloadOf(row, database.db, { results: results.filter((r) => r.taskId === row.id), bases }),
            locale,
          ),
        ),
      );
      const last = page.at(-1);
      return { items, nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null };
    },

    async cost(userId: string, params: TaskParams): Promise<CostPreview> {
      await deps.ledger.ensureAccount(userId);
      const cubes = settings.cost(params);
      const balance = await deps.ledger.balance(userId);
      const coveredByPlan = balance.planUntil !== null && new Date(balance.planUntil) > new Date();
      return {
        cubes: coveredByPlan ? 0 : cubes,
        coveredByPlan,
        balance: balance.cubes,
        planUntil: balance.planUntil,
        enough: coveredByPlan || balance.cubes >= cubes,
      };
    },

    /** A queued task ends at once (refunded); a running one is stopped through its engine. */
    async cancel(userId: string, id: string, locale: Locale): Promise<Task> {
      const row = await repo.findOwned(id, userId);
      if (!row) throw new AppError('TASK_NOT_FOUND');
      if (FINISHED.includes(row.state)) return localise(await payloadOf(row), locale);
      if (row.state === 'queued') {
        const ended = await this.end(id, ['queued'], 'cancelled', null);
        if (ended) return localise(await payloadOf(ended), locale);
        // It left the queue meanwhile: treat it as running.
      }
      if (!deps.canCancelRunning(row.engine)) throw new AppError('CANNOT_CANCEL');
      const marked = await database.transaction(async (tx) => {
        const moved = await createTaskRepository(tx).requestCancel(id);
        if (moved) await deps.events.publish(tx, userId, await payloadOf(moved, tx));
        return moved;
      });
      if (marked) await deps.queue().cancelRunning(id);
      const current = await repo.findOwned(id, userId);
      return localise(await payloadOf(current!), locale);
    },

    /**
     * Ends a task from one of `from` in one transaction: the state change, the refund when the
     * user got nothing (at most once), the freed slot and the event. Null when another process
     * ended it first.
     */
    async end(
      id: string,
      from: string[],
      state: 'complete' | 'cancelled' | 'timed_out' | 'lost',
      errorCode: ErrorCode | null,
      extra: { server?: string; engineMs?: number } = {},
    ) {
      return database.transaction(async (tx) => {
        const r = createTaskRepository(tx);
        let row = await r.finish(id, from, {
          state,
          errorCode,
          server: extra.server ?? null,
          engineMs: extra.engineMs ?? null,
        });
        if (!row) return null;
        await deps.ledger.releaseSlot(tx, row.userId);
        if (state === 'complete' && row.startedAt && row.finishedAt) {
          const seconds = (row.finishedAt.getTime() - row.startedAt.getTime()) / 1000;
          await r.recordDuration(row.mode, row.engine, String(row.params.quality ?? 'SD'), seconds);
        }
        if (state !== 'complete' && row.costCubes > 0 && (await r.takeRefund(id))) {
          await deps.ledger.refund(tx, { userId: row.userId, taskId: id, cubes: row.costCubes });
          row = { ...row, refunded: true };
        }
        await deps.events.publish(tx, row.userId, await payloadOf(row, tx));
        return row;
      });
    },

    /** Publishes a change made by the worker (claim, progress, re-queue). */
    async announce(row: TaskRow) {
      await database.transaction(async (tx) => deps.events.publish(tx, row.userId, await payloadOf(row, tx)));
    },
  };
}
export type TaskService = ReturnType<typeof createTaskService>;
