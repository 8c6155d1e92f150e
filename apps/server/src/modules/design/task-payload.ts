import type { ErrorCode, Locale, Task } from '@turing/contract';
import { errorMessage } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import type { TaskRow, UploadRow } from '../../db/schema/index.ts';
import type { Scoped } from '../../db/scoped.ts';
import { resultSeed, type GenerationSettings } from '../../generation/index.ts';
import { thumbSources, type GeneratedImages, type UploadService } from '../upload/index.ts';
import type { TaskEventPayload } from './task-events.ts';
import type { TaskRepository } from './task.repository.ts';

export interface TaskPayloadDeps {
  /** Reads of tasks: a task's place in line is worked out from them. */
  tasks: Scoped<TaskRepository>;
  settings: Pick<GenerationSettings, 'concurrency'>;
  uploads: Pick<UploadService, 'url' | 'ownedImageUrls'>;
  images: Pick<GeneratedImages, 'resultsOf'>;
  /** Tasks an engine runs at once across its servers; undefined: as many as the workers run. */
  capacity(engine: string): Promise<number | undefined>;
}

/** A completed task that delivered fewer images than its run was asked for, and what went back for them. */
function shortfallOf(row: TaskRow): Task['shortfall'] {
  if (row.state !== 'complete' || row.delivered === null) return null;
  const asked = row.params.mode === 'upscale' ? 1 : row.params.count;
  if (row.delivered >= asked) return null;
  return { asked, delivered: row.delivered, refundedCubes: row.refundedCubes };
}

/** Seconds assumed for a kind of task before the first one finished. */
const FIRST_GUESS_SECONDS = 8;

/** A task as its owner sees it (answers and events): results, base image, place in line and wait. */
export function createTaskPayloads(deps: TaskPayloadDeps) {
  const { tasks, settings } = deps;

  const resultDto = (row: UploadRow, index: number, task: TaskRow) => ({
    id: row.id,
    url: deps.uploads.url(row.key),
    thumbUrl: deps.uploads.url(row.thumbKey ?? row.key),
    thumbs: thumbSources(row, deps.uploads.url),
    width: row.width,
    height: row.height,
    seed: resultSeed(task.engine, task.params, index),
  });

  type ImageUrls = Awaited<ReturnType<UploadService['ownedImageUrls']>>;
  type Line = Awaited<ReturnType<TaskRepository['lineOf']>>;
  type Known = { results?: UploadRow[]; bases?: ImageUrls; line?: Line };
  const baseIdOf = (row: TaskRow) => row.params.baseImageId ?? null;
  /**
   * Base images of the owner's tasks only: an id naming someone else's image yields nothing. `db`:
   * a transaction to read in (else the pool), as for the functions below.
   */
  const baseImagesOf = (userId: string, rows: TaskRow[], db?: Db) =>
    deps.uploads.ownedImageUrls(
      userId,
      rows.map(baseIdOf).filter((id): id is string => id !== null),
      db,
    );

  /**
   * Place in line (1 = next to start) and estimated wait. In our queue: the tasks of its engine
   * ahead of it, and rounds of the engine's capacity until it starts given what runs now; at a
   * server: the prompts ahead of it there, one at a time.
   */
  async function placeInLine(row: TaskRow, db: Db | undefined, known?: Line) {
    const r = db ? tasks.in(db) : tasks.pool;
    if (row.state === 'generating') {
      const avg = (await r.averageSeconds(row.mode, row.engine, row.params.quality)) ?? FIRST_GUESS_SECONDS;
      const ahead = row.serverAhead ?? 0;
      return { position: ahead + 1, wait: Math.round((ahead + 1) * avg) };
    }
    const [line, engineCapacity] = await Promise.all([known ?? r.lineOf(row), deps.capacity(row.engine)]);
    const { ahead, busy } = line;
    const avg = line.avg ?? FIRST_GUESS_SECONDS;
    if (row.notice === 'waiting_for_server') return { position: ahead + 1, wait: null };
    const capacity = engineCapacity ?? settings.concurrency;
    if (capacity <= 0) return { position: ahead + 1, wait: null };
    const rounds = Math.ceil(Math.max(0, busy + ahead + 1 - capacity) / capacity);
    return { position: ahead + 1, wait: Math.round(rounds * avg) };
  }

  /**
   * Payloads already made from a row read: a submit publishes its new task's event inside the
   * transaction and answers with the same row, which needs no second round of queries.
   */
  const made = new WeakMap<TaskRow, TaskEventPayload>();

  /**
   * The event/answer shape of a task; position and wait only while it is queued (here or at a
   * server). `known`: its results (all of them), base images or place in line already at hand,
   * not read again.
   */
  async function payloadOf(row: TaskRow, db?: Db, known?: Known): Promise<TaskEventPayload> {
    const earlier = made.get(row);
    if (earlier) return earlier;
    const payload = await buildPayload(row, db, known);
    if (!known) made.set(row, payload);
    return payload;
  }

  async function buildPayload(row: TaskRow, db: Db | undefined, known?: Known): Promise<TaskEventPayload> {
    const results = row.state !== 'complete' ? [] : (known?.results ?? (await deps.images.resultsOf([row.id], db)));
    const baseId = baseIdOf(row);
    const bases = !baseId ? null : (known?.bases ?? (await baseImagesOf(row.userId, [row], db)));
    // Sent to a server that has not started it yet: still in line, there.
    const atServer = row.state === 'generating' && row.serverAhead !== null;
    const state = atServer ? 'queued' : row.state;
    const line = state === 'queued' ? await placeInLine(row, db, known?.line) : null;
    return {
      id: row.id,
      state,
      seq: row.seq,
      params: row.params,
      mode: row.params.mode,
      engine: row.engine,
      promptOriginal: row.promptOriginal,
      promptSent: row.promptSent,
      translation: row.translation as Task['translation'],
      position: line?.position ?? null,
      estimatedWaitSeconds: line?.wait ?? null,
      progress: row.state === 'complete' ? 100 : row.progress,
      previewUrl: state === 'generating' && row.previewKey ? deps.uploads.url(row.previewKey) : null,
      notice: row.notice ?? null,
      results: results.map((r, i) => resultDto(r, i, row)),
      baseImage: (baseId && bases?.get(baseId)) || null,
      cost: { cubes: row.costCubes, coveredByPlan: row.coveredByPlan, refunded: row.refunded },
      shortfall: shortfallOf(row),
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

  return { payloadOf, localise, baseImagesOf };
}
export type TaskPayloads = ReturnType<typeof createTaskPayloads>;
