import { z } from 'zod';
import { DESIGN_TYPES, MODELS, QUALITIES, SIZE_PRESETS, TAG_CATEGORIES, TASK_MODES } from './design.constants.ts';
import { textField } from './fields.ts';
import { LIMITS } from './limits.ts';
import { engineName } from './system.admin.ts';

// What the studio offers before anything is submitted: tags, models and word packages.

export const tag = z.object({
  slug: z.string(),
  category: z.enum(TAG_CATEGORIES),
  label: z.object({ en: z.string(), zh: z.string() }),
  /** The words the tag adds, in both languages (the engines read the English). */
  prompt: z.object({ en: z.string(), zh: z.string() }),
  /** A thumbnail that shows the look (styles and materials); null when there is none. */
  image: z.string().nullable(),
});
export type Tag = z.infer<typeof tag>;
export const tagsQuery = z.object({ type: z.enum(DESIGN_TYPES).default('architectural') });
export const tagList = z.object({ style: z.array(tag), material: z.array(tag), function: z.array(tag) });

const cubes = z.number().int().min(0);
const factor = z.union([z.literal(2), z.literal(4)]);

/** What a model's engine can do (see EngineCapabilities). */
export const modelCapabilities = z.object({
  modes: z.array(z.enum(TASK_MODES)),
  maxCount: z.number().int(),
  aspects: z.union([z.array(z.enum(SIZE_PRESETS)), z.literal('any')]),
  qualities: z.array(z.enum(QUALITIES)),
  mask: z.boolean(),
  reference: z.boolean(),
  referenceModes: z.array(z.enum(TASK_MODES)).readonly().optional(),
  depth: z.boolean(),
  lineArt: z.boolean(),
  /** Absent from a server that predates it: not offered, as for an engine that ignores the weight. */
  imageWeight: z.boolean().default(false),
  seed: z.boolean(),
  negativePrompt: z.boolean(),
  upscale: z.array(factor),
  languages: z.array(z.enum(['en', 'zh'])),
});

/** One model of the catalogue as the studio shows it before anything is submitted. */
export const modelInfo = z.object({
  id: z.enum(MODELS),
  name: z.object({ en: z.string(), zh: z.string() }),
  engine: engineName,
  /** Cubes per image at each quality, and for one upscale by factor. */
  price: z.object({
    SD: cubes,
    HD: cubes,
    FHD: cubes,
    upscale: z.object({ '2': cubes, '4': cubes }),
  }),
  capabilities: modelCapabilities,
  /** Upscale factors offered: the engine's own, and the built-in upscaler's for the rest. */
  upscaleFactors: z.array(factor),
  /** Whether this server can run it now; `unavailable` says why not (`not_set_up`: its engine has no key or server here). */
  available: z.boolean(),
  unavailable: z.enum(['not_set_up']).nullable(),
});
export type ModelInfo = z.infer<typeof modelInfo>;
export type ModelCapabilities = z.infer<typeof modelCapabilities>;
export const modelList = z.object({ items: z.array(modelInfo) });

export const wordPackage = z.object({
  id: z.string(),
  name: z.string(),
  positive: z.string(),
  negative: z.string(),
  recommended: z.boolean(),
});
export type WordPackage = z.infer<typeof wordPackage>;
export const wordPackageBody = z
  .object({
    name: textField(LIMITS.wordPackageNameMax, 'WORD_PACKAGE_NAME_REQUIRED').pipe(
      z.string().min(1, 'WORD_PACKAGE_NAME_REQUIRED'),
    ),
    positive: textField(LIMITS.promptMax).default(''),
    negative: textField(LIMITS.promptMax).default(''),
  })
  .strict();
export type WordPackageBody = z.input<typeof wordPackageBody>;
export const wordPackageUpdateBody = wordPackageBody.extend({ id: z.uuid('WORD_PACKAGE_NOT_FOUND') });
export const wordPackageIdBody = z.object({ id: z.uuid('WORD_PACKAGE_NOT_FOUND') }).strict();
