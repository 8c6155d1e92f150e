import { z } from 'zod';
import {
  DESIGN_TYPES,
  MODELS,
  QUALITIES,
  RENDER_MODES,
  SIZE_PRESETS,
  TASK_MODES,
  TASK_NOTICES,
  TASK_STATES,
} from './design.constants.ts';
import { INVALID_CHAR, isStorableText, textField } from './fields.ts';
import { LIMITS, SLUG_PATTERN } from './limits.ts';
import { thumbSet } from './upload.ts';

// Generation tasks: what one is made with, how it is shown, what it costs.

const imageId = z.uuid('UPLOAD_NOT_FOUND');
const weight = z.number().min(0, 'VALIDATION').max(1, 'VALIDATION');
const tagSlugs = z.array(z.string().regex(SLUG_PATTERN, 'VALIDATION')).max(LIMITS.tagsPerCategoryMax, 'VALIDATION');

/** Everything a generation is made with; kept on the task and on each result for "copy parameters". */
export const taskParams = z
  .object({
    mode: z.enum(TASK_MODES),
    type: z.enum(DESIGN_TYPES).default('architectural'),
    model: z.enum(MODELS).default('architecture'),
    /**
     * Aspect of the results. Left out: text takes 4:3; iterate and edit keep the base image's own
     * ratio at the quality's long edge. A preset on iterate crops the base to it (centred).
     */
    size: z.enum(SIZE_PRESETS).optional(),
    count: z.number().int().min(1, 'VALIDATION').max(LIMITS.taskCountMax, 'VALIDATION').default(1),
    quality: z.enum(QUALITIES).default('SD'),
    prompt: textField(LIMITS.promptMax).default(''),
    negativePrompt: textField(LIMITS.promptMax).default(''),
    wordPackageIds: z.array(z.uuid('VALIDATION')).max(LIMITS.wordPackagesPerTaskMax, 'VALIDATION').default([]),
    tags: z
      .object({ style: tagSlugs.default([]), material: tagSlugs.default([]), function: tagSlugs.default([]) })
      .default({ style: [], material: [], function: [] }),
    baseImageId: imageId.optional(),
    referenceImageId: imageId.optional(),
    depthImageId: imageId.optional(),
    lineArtImageId: imageId.optional(),
    maskImageId: imageId.optional(),
    imageWeight: weight.default(0.5),
    textWeight: weight.default(0.7),
    controlStrength: weight.default(0.6),
    seed: z.number().int().min(0, 'VALIDATION').max(LIMITS.seedMax, 'VALIDATION').optional(),
    upscale: z.union([z.literal(2), z.literal(4)]).optional(),
    /** iterate: neural render (keeps the geometry), image to image (free restyle) or plain iteration. */
    renderMode: z.enum(RENDER_MODES).optional(),
    folderId: z.uuid('VALIDATION').optional(),
    /** The project and view the task is made in (editors and the owner); its results join the view. */
    projectId: z.uuid('PROJECT_NOT_FOUND').optional(),
    viewId: z.uuid('VIEW_NOT_FOUND').optional(),
    /** Whether the project's style applies to this task (on unless turned off). */
    projectStyle: z.boolean().optional(),
    /** A community work whose parameters were copied ("based on"). */
    basedOnId: z.uuid('VALIDATION').optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    const need = (ok: boolean, code: string, path: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', message: code, path: [path] });
    };
    if (p.mode === 'text')
      need(
        Boolean(
          p.prompt.trim() ||
          p.wordPackageIds.length ||
          p.tags.style.length ||
          p.tags.material.length ||
          p.tags.function.length,
        ),
        'PROMPT_REQUIRED',
        'prompt',
      );
    if (p.mode !== 'text') need(Boolean(p.baseImageId), 'BASE_IMAGE_REQUIRED', 'baseImageId');
    if (p.mode === 'edit') need(Boolean(p.maskImageId), 'EDIT_REGION_REQUIRED', 'maskImageId');
    if (p.mode === 'upscale') need(Boolean(p.upscale), 'VALIDATION', 'upscale');
  });
export type TaskParams = z.output<typeof taskParams>;
export type TaskParamsInput = z.input<typeof taskParams>;

export const taskResult = z.object({
  id: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  /** The thumbnail at each width, for a srcset. */
  thumbs: thumbSet.optional(),
  width: z.number().int(),
  height: z.number().int(),
  seed: z.number().int().nullable(),
});
export type TaskResult = z.infer<typeof taskResult>;

export const task = z.object({
  id: z.string(),
  state: z.enum(TASK_STATES),
  /** Grows with every change; a client ignores an event whose seq is not above what it has. */
  seq: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  mode: z.enum(TASK_MODES),
  engine: z.string(),
  /** The prompt as typed and as sent to the engine (translated when the engine reads English only). */
  promptOriginal: z.string(),
  promptSent: z.string(),
  translation: z.enum(['not_needed', 'translated', 'unavailable']),
  /**
   * queued: this task's place in line, 1 for the next to start (tasks ahead in our queue plus
   * prompts ahead at the generation server it was sent to), and the estimated wait.
   */
  position: z.number().int().nullable(),
  estimatedWaitSeconds: z.number().int().nullable(),
  progress: z.number().int().min(0).max(100),
  previewUrl: z.string().nullable(),
  /**
   * What the user should know about an unfinished task beyond its state: `waiting_for_server`
   * while no generation server is available, `moved` after its server failed and it was sent to
   * another one.
   */
  notice: z.enum(TASK_NOTICES).nullable(),
  results: z.array(taskResult),
  /** The image an iterate, edit or upscale task started from (the owner's own), for before/after; null for text. */
  baseImage: z.object({ url: z.string(), thumbUrl: z.string() }).nullable(),
  cost: z.object({ cubes: z.number().int(), coveredByPlan: z.boolean(), refunded: z.boolean() }),
  /**
   * A completed task whose engine delivered fewer images than asked: how many of each, and the
   * cubes given back for the rest (0 when a plan paid for it); null otherwise.
   */
  shortfall: z
    .object({ asked: z.number().int(), delivered: z.number().int(), refundedCubes: z.number().int() })
    .nullable(),
  /** Why a task ended without results, in the caller's language. */
  error: z.object({ code: z.string(), msg: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type Task = z.infer<typeof task>;

export const taskIdQuery = z.object({ id: z.uuid('TASK_NOT_FOUND') });

export const taskListQuery = z.object({
  cursor: z.string().max(200).refine(isStorableText, INVALID_CHAR).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const taskPage = z.object({ items: z.array(task), nextCursor: z.string().nullable() });

/** The largest variant of a task the balance still pays for: fewer images, a lower quality or factor. */
export const costFit = z.object({
  count: z.number().int(),
  quality: z.enum(QUALITIES),
  upscale: z.union([z.literal(2), z.literal(4)]).optional(),
  cubes: z.number().int(),
});
export type CostFit = z.infer<typeof costFit>;

export const costPreview = z.object({
  cubes: z.number().int(),
  coveredByPlan: z.boolean(),
  balance: z.number().int(),
  planUntil: z.iso.datetime().nullable(),
  enough: z.boolean(),
  /** When the balance is short: the largest variant that fits, or null when none does. */
  fits: costFit.nullable(),
});

/** `details` of an INSUFFICIENT_BALANCE error: what the task needs, what is left, and what would fit. */
export const insufficientDetails = z.object({
  need: z.number().int(),
  have: z.number().int(),
  fits: costFit.nullable(),
});
export type InsufficientDetails = z.infer<typeof insufficientDetails>;
export type CostPreview = z.infer<typeof costPreview>;

export const balance = z.object({ cubes: z.number().int(), planUntil: z.iso.datetime().nullable() });

export const lineArtBody = z.object({ imageId }).strict();
