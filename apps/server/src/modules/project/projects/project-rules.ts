import {
  fileSlug,
  LIMITS,
  type Locale,
  type ProjectAccess,
  type ProjectStyle,
  type TaskMode,
  type TaskParams,
} from '@turing/contract';

/**
 * The access each call on a project needs. Viewers read; commenters also comment (the review
 * part); editors change views and versions, the style and the project's name, and generate in it;
 * only the owner deletes the project and decides who works on it.
 */
export const ACCESS_NEEDED = {
  project: 'viewer',
  projectUpdate: 'editor',
  projectDelete: 'owner',
  viewCreate: 'editor',
  viewUpdate: 'editor',
  viewDelete: 'editor',
  versions: 'viewer',
  versionAdd: 'editor',
  versionCurrent: 'editor',
  versionStar: 'editor',
  versionRemove: 'editor',
  styleSet: 'editor',
  members: 'viewer',
  memberAdd: 'owner',
  memberRole: 'owner',
  memberRemove: 'owner',
  /** A generation task made in one of the project's views. */
  generate: 'editor',
} as const satisfies Record<string, ProjectAccess>;
export type ProjectOperation = keyof typeof ACCESS_NEEDED;

/** The view a project made without any is given, in the language of the one who made it. */
export const FIRST_VIEW: Record<Locale, string> = { en: 'View 1', zh: '视图 1' };

/** What the task that made a version did to its source, as the end of the version's title. */
export function titleSuffix(task: { mode: TaskMode; upscale?: number } | null): string {
  switch (task?.mode) {
    case 'upscale':
      return `-upscaled-x${task.upscale ?? 2}`;
    case 'edit':
      return '-edited';
    case 'iterate':
      return '-varied';
    default:
      return '';
  }
}

/**
 * A version's title, which downloads and boards are named by: `<project>-<view>-v<n>` with `n` its
 * place in the view by creation order, and the suffix of the task that made it
 * (`villa-street-elevation-v4-upscaled-x4`). Names without a letter or digit fall back to plain words.
 */
export function versionTitle(
  projectName: string,
  viewName: string,
  n: number,
  task: { mode: TaskMode; upscale?: number } | null,
) {
  return `${fileSlug(projectName) || 'project'}-${fileSlug(viewName) || 'view'}-v${n}${titleSuffix(task)}`;
}

/** What the task's model does with what a style may add (from its engine's capabilities). */
export interface StyleTakes {
  /** It uses a reference image in the task's mode (`usesReference`). */
  reference: boolean;
  seed: boolean;
}

const unique = (items: string[]) => [...new Set(items)];
/** Cut at a character, never inside one (a cut surrogate pair is text the database refuses). */
const within = (text: string, max: number) => [...text].slice(0, max).join('').trim();

/**
 * The parameters a task runs with once the project's style is merged in: the style's words after
 * the user's own prompt (within the prompt's length), its style and material tags after the user's
 * (each once, within the per-category cap), its reference image for a task that has none when its
 * model uses one in the task's mode (text to image too), and with a fixed seed policy its seed when
 * the user gave none and the model keeps seeds. An upscale follows no prompt, so it keeps its
 * parameters as they are.
 */
export function mergeStyle(params: TaskParams, style: ProjectStyle, takes: StyleTakes): TaskParams {
  if (params.mode === 'upscale') return params;
  const words = style.words.trim();
  const prompt = words
    ? within([params.prompt.trim(), words].filter(Boolean).join(', '), LIMITS.promptMax)
    : params.prompt;
  const cap = LIMITS.tagsPerCategoryMax;
  const tags = {
    ...params.tags,
    style: unique([...params.tags.style, ...style.styleTags]).slice(0, cap),
    material: unique([...params.tags.material, ...style.materialTags]).slice(0, cap),
  };
  const reference =
    takes.reference && !params.referenceImageId && style.referenceImageId
      ? { referenceImageId: style.referenceImageId }
      : {};
  const seed =
    style.seedPolicy === 'fixed' && style.seed !== null && params.seed === undefined && takes.seed
      ? { seed: style.seed }
      : {};
  return { ...params, prompt, tags, ...reference, ...seed };
}
