import { randomInt } from 'node:crypto';
import type {
  CostPreview,
  EngineCapabilities,
  InsufficientDetails,
  Locale,
  Task,
  TaskParams,
  TaskState,
} from '@turing/contract';
import { FINISHED_STATES, usesReference } from '@turing/contract';
import {
  needsTranslation,
  type GenerationSettings,
  type TaskLifecycle,
  type Translator,
} from '../../generation/index.ts';
import { AppError } from '../../shared/app-error.ts';
import type { LedgerService } from '../billing/index.ts';
import type { UploadRow } from '../../db/schema/index.ts';
import type { GeneratedImages, UploadService } from '../upload/index.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { checkModel, defaultAspect } from './model-check.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { extractLineArt } from './line-art.ts';
import type { TaskPayloads } from './task-payload.ts';
import type { TaskRepository } from './task.repository.ts';

/**
 * Engines that read English only get Chinese prompts translated; one whose capabilities list
 * Chinese (Wan, OpenAI) reads the prompt as typed. The preview stands in for the English-only
 * fleet, so it shows what the fleet would be sent.
 */
const translatesFor = (engine: string, caps: EngineCapabilities | null) =>
  engine === 'preview' || !(caps?.languages ?? []).includes('zh');
const FINISHED: readonly string[] = FINISHED_STATES;

export interface TaskServiceDeps {
  /** Reads of the owner's tasks; every change goes through the lifecycle. */
  tasks: Pick<TaskRepository, 'findOwned' | 'listOwned'>;
  settings: GenerationSettings;
  ledger: Pick<LedgerService, 'balance'>;
  catalogue: Pick<CatalogueService, 'tagPrompts' | 'packagesFor'>;
  uploads: Pick<UploadService, 'getOwnedAny'>;
  images: Pick<GeneratedImages, 'read' | 'save' | 'resultsOf'>;
  payloads: TaskPayloads;
  lifecycle: TaskLifecycle;
  translator: Translator | null;
  /** Whether the engine of a model can stop a running task. */
  canCancelRunning(engine: string): boolean;
  /** Whether the engine has a server that may take work now (false: the whole fleet is down). */
  engineAvailable(engine: string): Promise<boolean>;
  /** Tells the process running a task to stop it. */
  cancelRunning(taskId: string): Promise<void>;
  /** Refuses a folder that is not the user's. */
  assertFolder(userId: string, folderId: string): Promise<void>;
  /** Tasks made in a project's view (the project module): who may, in which view, with its style. */
  projects?: ProjectTaskInputs;
}

/**
 * Checks a task made in a project and gives the parameters it runs with (the project's style merged
 * in) and the project's images it may use besides the caller's own, by id. `takes`: what the task's
 * model does with a reference image and a seed.
 */
export interface ProjectTaskInputs {
  prepare(
    userId: string,
    params: TaskParams,
    takes: { reference: boolean; seed: boolean },
  ): Promise<{ params: TaskParams; images: Map<string, UploadRow> }>;
}

/** The rules of a task's life that callers see: submit, read, list, cancel, cost. */
export function createTaskService(deps: TaskServiceDeps) {
  const { settings, payloads, lifecycle } = deps;
  const repo = deps.tasks;
  const { payloadOf, localise } = payloads;

  /**
   * Checks every image the parameters name belongs to the caller, or to the project the task is
   * made in (`project`: its images the parameters name); returns them by role.
   */
  async function ownedImages(userId: string, p: TaskParams, project?: Map<string, UploadRow>) {
    const get = (id: string | undefined) =>
      id ? Promise.resolve(project?.get(id) ?? deps.uploads.getOwnedAny(id, userId)) : Promise.resolve(null);
    const [base, reference, depth, lineArt, mask] = await Promise.all([
      get(p.baseImageId),
      get(p.referenceImageId),
      get(p.depthImageId),
      get(p.lineArtImageId),
      get(p.maskImageId),
    ]);
    return { base, reference, depth, lineArt, mask };
  }

  /** An upscale's target must stay within what the engines make: refused before anything is charged. */
  function checkUpscale(p: TaskParams, base: { width: number; height: number } | null) {
    if (p.mode !== 'upscale' || !base) return;
    const factor = p.upscale ?? 2;
    const [width, height] = [base.width * factor, base.height * factor];
    const max = settings.upscaleMaxSide;
    if (width > max || height > max) throw new AppError('UPSCALE_TOO_LARGE', { params: { width, height, max } });
  }

  /** The English prompt the engine reads: tags, word packages, then the user's own words. */
  async function composePrompt(userId: string, p: TaskParams, engine: string) {
    const tagParts = await deps.catalogue.tagPrompts(p.tags);
    const packages = await deps.catalogue.packagesFor(userId, p.wordPackageIds);
    let text = p.prompt;
    let translation: Task['translation'] = 'not_needed';
    if (text && translatesFor(engine, settings.capabilities(engine)) && needsTranslation(text)) {
      if (deps.translator) {
        try {
          text = await deps.translator.translate(text);
          translation = 'translated';
        } catch {
          translation = 'unavailable';
        }
      } else translation = 'unavailable';
    }
    // A model that cannot use a negative prompt is sent none: the user's own was refused at
    // submit (checkModel), and a word package's negatives are left out rather than held against it.
    const takesNegative = settings.capabilities(engine)?.negativePrompt !== false;
    const negatives = takesNegative ? [p.negativePrompt, ...packages.map((w) => w.negative)].filter(Boolean) : [];
    const prompt = [text, ...tagParts, ...packages.map((w) => w.positive)].filter(Boolean).join(', ');
    return { prompt, negative: negatives.join(', '), translation };
  }

  /**
   * What an iterate task's render mode implies: a neural render follows line art drawn from its
   * base (extracted here when the caller sent none) and an image-to-image restyle follows no
   * guides at all. Other modes carry no render mode.
   */
  async function applyRenderMode(userId: string, params: TaskParams, base: UploadRow | null): Promise<TaskParams> {
    const { renderMode, ...rest } = params;
    if (params.mode !== 'iterate' || !renderMode) return rest;
    if (renderMode === 'img2img') {
      const { lineArtImageId: _l, depthImageId: _d, ...free } = rest;
      return { ...free, renderMode };
    }
    if (renderMode === 'neural' && !params.lineArtImageId && base) {
      const bytes = await deps.images.read(base);
      if (!bytes) throw new AppError('IMAGE_DATA_FAILED');
      const lines = await deps.images.save({ userId, kind: 'line-art', png: await extractLineArt(bytes) });
      return { ...rest, renderMode, lineArtImageId: lines.id };
    }
    return { ...rest, renderMode };
  }

  /** A task made in a project, as the project module checks and styles it; null for any other. */
  async function inProject(userId: string, p: TaskParams) {
    if (!p.projectId && !p.viewId) return null;
    if (!deps.projects) throw new AppError('PROJECT_NOT_FOUND');
    const caps = settings.capabilities(settings.engineFor(p.model));
    return deps.projects.prepare(userId, p, {
      reference: !!caps && usesReference(caps, p.mode),
      seed: caps?.seed ?? false,
    });
  }

  /** Out of cubes: the error names what the task needs, what is left and the largest variant that fits. */
  function insufficient(err: unknown, params: TaskParams) {
    if (!(err instanceof AppError) || err.code !== 'INSUFFICIENT_BALANCE') return err;
    const need = Number(err.params.need ?? settings.cost(params));
    const have = Number(err.params.have ?? 0);
    const details: InsufficientDetails = { need, have, fits: settings.largestFitting(params, have) };
    return new AppError('INSUFFICIENT_BALANCE', { params: { need, have }, details });
  }

  return {
    /** `via.webhookEndpointId`: the endpoint of the task's own webhook (public API), told of its events. */
    async submit(
      userId: string,
      asked: TaskParams,
      locale: Locale,
      via: { webhookEndpointId?: string } = {},
    ): Promise<Task> {
      // What the model cannot do is refused first: nothing is read, made or charged for it.
      checkModel(asked, settings);
      // Made in a project: its access, view and style are checked and merged with the other inputs.
      const project = await inProject(userId, asked);
      const submitted = project?.params ?? asked;
      const engine = settings.engineForTask(submitted);
      const images = await ownedImages(userId, submitted, project?.images);
      if (submitted.folderId) await deps.assertFolder(userId, submitted.folderId);
      checkUpscale(submitted, images.base);
      if (!(await deps.engineAvailable(engine))) throw new AppError('ENGINE_UNAVAILABLE');
      // Only after every check: a neural render's line art is a new image of the caller's.
      const params = await applyRenderMode(userId, submitted, images.base);
      const composed = await composePrompt(userId, params, engine);
      const cubes = settings.cost(params);
      // Kept as it ran: a text task's default aspect is written down, an iterate or edit without
      // one keeps "the base image's own"; the seed is always recorded, so any result can be made again.
      const stored: TaskParams = {
        ...params,
        ...(params.mode === 'text' && {
          size: params.size ?? defaultAspect(settings.capabilities(settings.engineFor(params.model))),
        }),
        seed: params.seed ?? randomInt(0, 2 ** 31),
      };
      // The charge opens the account of a user who has none yet.
      const row = await lifecycle
        .create(
          {
            userId,
            mode: params.mode,
            params: stored,
            promptOriginal: params.prompt,
            promptSent: composed.prompt,
            negativeSent: composed.negative,
            translation: composed.translation,
            engine,
            folderId: params.folderId ?? null,
            projectId: params.projectId ?? null,
            viewId: params.viewId ?? null,
            webhookEndpointId: via.webhookEndpointId ?? null,
          },
          cubes,
        )
        .catch((err: unknown) => {
          throw insufficient(err, params);
        });
      return localise(await payloadOf(row), locale);
    },

    async get(userId: string, id: string, locale: Locale) {
      const row = await repo.findOwned(id, userId);
      if (!row) throw new AppError('TASK_NOT_FOUND');
      return localise(await payloadOf(row), locale);
    },

    async list(userId: string, query: { cursor?: string; limit: number; state?: TaskState }, locale: Locale) {
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await repo.listOwned(userId, query.limit + 1, after, query.state);
      const page = rows.slice(0, query.limit);
      const [results, bases] = await Promise.all([
        deps.images.resultsOf(page.filter((r) => r.state === 'complete').map((r) => r.id)),
        payloads.baseImagesOf(userId, page),
      ]);
      const items = await Promise.all(
        page.map(async (row) =>
          localise(
            await payloadOf(row, undefined, { results: results.filter((r) => r.taskId === row.id), bases }),
            locale,
          ),
        ),
      );
      const last = page.at(-1);
      return { items, nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null };
    },

    async cost(userId: string, params: TaskParams): Promise<CostPreview> {
      // The balance opens the account when it is the user's first look.
      const cubes = settings.cost(params);
      const balance = await deps.ledger.balance(userId);
      const coveredByPlan = balance.planUntil !== null && new Date(balance.planUntil) > new Date();
      const enough = coveredByPlan || balance.cubes >= cubes;
      return {
        cubes: coveredByPlan ? 0 : cubes,
        coveredByPlan,
        balance: balance.cubes,
        planUntil: balance.planUntil,
        enough,
        fits: enough ? null : settings.largestFitting(params, balance.cubes),
      };
    },

    /** A queued task ends at once (refunded); a running one is stopped through its engine. */
    async cancel(userId: string, id: string, locale: Locale): Promise<Task> {
      const row = await repo.findOwned(id, userId);
      if (!row) throw new AppError('TASK_NOT_FOUND');
      if (FINISHED.includes(row.state)) return localise(await payloadOf(row), locale);
      if (row.state === 'queued') {
        const ended = await lifecycle.cancelQueued(id);
        if (ended) return localise(await payloadOf(ended), locale);
        // It left the queue meanwhile: treat it as running.
      }
      if (!deps.canCancelRunning(row.engine)) throw new AppError('CANNOT_CANCEL');
      if (await lifecycle.requestCancel(id)) await deps.cancelRunning(id);
      const current = await repo.findOwned(id, userId);
      return localise(await payloadOf(current!), locale);
    },
  };
}
export type TaskService = ReturnType<typeof createTaskService>;
