import { z } from 'zod';
import { draftEndpoints } from './project.endpoints.ts';
import { route } from './route.ts';

/** The studio pages that keep a draft. */
export const DRAFT_MODES = ['text', 'iterate', 'edit'] as const;
/** A draft's JSON, at most: a form with its slots' image references is a few kilobytes (and a body is at most 64 KB). */
export const DRAFT_MAX_BYTES = 32 * 1024;

const mode = z.enum(DRAFT_MODES, 'VALIDATION');
const projectId = z.uuid('PROJECT_NOT_FOUND').optional();

export const studioDraft = z.object({
  data: z.record(z.string(), z.unknown()),
  /** Grows with every save. */
  rev: z.number().int(),
  /** When it was edited, by the browser that saved it. */
  editedAt: z.iso.datetime(),
});
export type StudioDraftData = z.infer<typeof studioDraft>;

export const draftRoutes = {
  draft: route({
    ...draftEndpoints.draft,
    query: z.object({ mode, projectId }),
    response: z.object({ draft: studioDraft.nullable() }),
    summary: 'The caller’s draft of a studio page (in a project, or outside any), or null',
  }),
  draftSave: route({
    ...draftEndpoints.draftSave,
    body: z
      .object({
        mode,
        projectId,
        data: z
          .record(z.string(), z.unknown())
          .refine((d) => JSON.stringify(d).length <= DRAFT_MAX_BYTES, 'DRAFT_TOO_LARGE'),
        /** The rev this browser last saw (0: none). */
        baseRev: z.number().int().min(0),
        editedAt: z.iso.datetime(),
      })
      .strict(),
    response: z.object({
      /** False when another tab or computer saved a newer draft since `baseRev`: `draft` is that one, kept. */
      saved: z.boolean(),
      draft: studioDraft,
    }),
    summary: 'Saves a studio page’s draft; of two conflicting saves the newer edit is kept and the other told',
  }),
  draftClear: route({
    ...draftEndpoints.draftClear,
    body: z.object({ mode: mode.optional(), projectId }).strict(),
    response: z.object({ ok: z.literal(true) }),
    summary: 'Clears the caller’s draft of one page, or all their drafts',
  }),
};
