// The design vocabulary as plain values, apart from the schemas: a page that only lists the options
// (the studio's form) then loads no zod and none of the other modules' field rules.
export const TASK_MODES = ['text', 'iterate', 'edit', 'upscale'] as const;
export const DESIGN_TYPES = ['architectural', 'interior'] as const;
/**
 * The models a user picks. The first two are the product's own (they run on the server's default
 * engine); the others are hosted providers' models, each made for its engine.
 */
export const MODELS = [
  'architecture',
  'architecture-beta',
  'stable-image-core',
  'stable-image-ultra',
  'flux-pro',
  'wan',
] as const;
export const QUALITIES = ['SD', 'HD', 'FHD'] as const;
/** Aspect presets; pixel sizes follow from the quality (server config). */
export const SIZE_PRESETS = ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3'] as const;
export const TAG_CATEGORIES = ['style', 'material', 'function'] as const;
/**
 * How an iterate task treats its base: `iterate` as before (the user's own weights and guides),
 * `neural` keeps the base's geometry (line art extracted from it, strong control), `img2img`
 * restyles freely (no guides, most of the base repainted).
 */
export const RENDER_MODES = ['iterate', 'neural', 'img2img'] as const;
export const TASK_STATES = [
  'submitting',
  'queued',
  'generating',
  'complete',
  'cancelled',
  'timed_out',
  'lost',
] as const;
export const FINISHED_STATES = ['complete', 'cancelled', 'timed_out', 'lost'] as const;
export const TASK_NOTICES = ['waiting_for_server', 'moved'] as const;

export type TaskState = (typeof TASK_STATES)[number];
export type FinishedState = (typeof FINISHED_STATES)[number];
export type TaskNotice = (typeof TASK_NOTICES)[number];
export type TaskMode = (typeof TASK_MODES)[number];
export type DesignType = (typeof DESIGN_TYPES)[number];
export type Quality = (typeof QUALITIES)[number];
export type Model = (typeof MODELS)[number];
export type SizePreset = (typeof SIZE_PRESETS)[number];
export type TagCategory = (typeof TAG_CATEGORIES)[number];
export type RenderMode = (typeof RENDER_MODES)[number];

/** A task in one of these states changes no more: no progress, no events, its cubes settled. */
export const isFinished = (state: TaskState): state is FinishedState =>
  (FINISHED_STATES as readonly TaskState[]).includes(state);
