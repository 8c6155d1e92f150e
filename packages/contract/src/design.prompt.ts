import { z } from 'zod';
import { DESIGN_TYPES, MODELS, TASK_MODES } from './design.constants.ts';
import { designEndpoints } from './design.endpoints.ts';
import { INVALID_CHAR, isStorableText } from './fields.ts';
import { LIMITS, SLUG_PATTERN } from './limits.ts';
import { route } from './route.ts';

// "Improve prompt": a few words in, a full prompt out, for the user to read and edit before generating.

/** A few words to a short paragraph: the help writes the rest (PROMPT_HELP_TEXT_TOO_LONG names it). */
export const PROMPT_HELP_TEXT_MAX = 500;
/** The language of the answer: `auto` answers in the language the text is typed in. */
export const PROMPT_HELP_LANGS = ['auto', 'en', 'zh'] as const;
/** Who wrote the answer: a language model (OpenAI, or Qwen on DashScope), or the offline composition. */
export const PROMPT_HELP_SOURCES = ['openai', 'qwen', 'offline'] as const;
/**
 * What the user should know about an answer: `model_failed` — the language model did not answer in
 * time, so the offline composition stands in; `partly_translated` — offline, the English version
 * has only the words it recognised; `not_translated` — no English version could be made.
 */
export const PROMPT_HELP_NOTES = ['model_failed', 'partly_translated', 'not_translated'] as const;

export type PromptHelpLang = (typeof PROMPT_HELP_LANGS)[number];
export type PromptHelpSource = (typeof PROMPT_HELP_SOURCES)[number];
export type PromptHelpNote = (typeof PROMPT_HELP_NOTES)[number];

const tagSlugs = z.array(z.string().regex(SLUG_PATTERN, 'VALIDATION')).max(LIMITS.tagsPerCategoryMax, 'VALIDATION');

export const improvePromptBody = z
  .object({
    text: z
      .string({ error: 'PROMPT_HELP_TEXT_REQUIRED' })
      .trim()
      .min(1, 'PROMPT_HELP_TEXT_REQUIRED')
      .max(PROMPT_HELP_TEXT_MAX, 'PROMPT_HELP_TEXT_TOO_LONG')
      .refine(isStorableText, INVALID_CHAR),
    mode: z.enum(TASK_MODES).default('text'),
    type: z.enum(DESIGN_TYPES).default('architectural'),
    /** The model chosen in the form: an English version comes with a Chinese answer only when it reads English only. */
    model: z.enum(MODELS).optional(),
    /** Tags chosen in the form, woven into the prompt. */
    tags: z
      .object({ style: tagSlugs.default([]), material: tagSlugs.default([]), function: tagSlugs.default([]) })
      .strict()
      .default({ style: [], material: [], function: [] }),
    lang: z.enum(PROMPT_HELP_LANGS).default('auto'),
  })
  .strict();
export type ImprovePromptBody = z.output<typeof improvePromptBody>;

export const improvedPrompt = z.object({
  /** The full prompt, in the language asked for; the user edits it before it replaces theirs. */
  prompt: z.string().max(LIMITS.promptMax),
  /** The same prompt in English, when the prompt is Chinese and the chosen model reads English only. */
  promptEn: z.string().max(LIMITS.promptMax).optional(),
  source: z.enum(PROMPT_HELP_SOURCES),
  notes: z.array(z.enum(PROMPT_HELP_NOTES)).optional(),
});
export type ImprovedPrompt = z.infer<typeof improvedPrompt>;

export const improvePromptRoute = route({
  ...designEndpoints.improvePrompt,
  body: improvePromptBody,
  response: improvedPrompt,
  summary:
    'Turns a few words into a full prompt (by the configured language model, else composed from tags and word packages); free of charge',
});
