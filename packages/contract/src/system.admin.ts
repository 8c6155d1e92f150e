import { z } from 'zod';
import { INVALID_CHAR, isStorableText } from './fields.ts';
import { route } from './route.ts';
import { systemAdminEndpoints } from './system.endpoints.ts';

/**
 * An engine's name. The contract does not list the engines: the server does (its engines'
 * descriptors, apps/server/src/generation/engines/index.ts), so adding an engine leaves the contract
 * and the web app alone. The server refuses a name it does not know in its settings, and the models
 * endpoint names the engine of each model.
 */
export const engineName = z.string().min(1);
export const ENGINE_SERVER_STATES = ['up', 'draining', 'down'] as const;

/** One generation server of a fleet (ComfyUI) as its engine last saw it. */
export const engineServer = z.object({
  url: z.string(),
  /** up: takes work; draining: finishes its work but takes none (lacks nodes or models, or drained by an operator); down: unreachable or hung. */
  state: z.enum(ENGINE_SERVER_STATES),
  ok: z.boolean(),
  /** Prompts running and waiting there (every client's), and ours finished there since this process started. */
  running: z.number().int(),
  pending: z.number().int(),
  done: z.number().int(),
  lastError: z.string().optional(),
  /** When the server entered its current state. */
  since: z.iso.datetime({ offset: true }),
  detail: z.string().optional(),
  /** Set while an operator has it drained (engines/drain): who, and since when. */
  drainedBy: z.string().optional(),
  drainedAt: z.iso.datetime({ offset: true }).optional(),
});
export type EngineServer = z.infer<typeof engineServer>;

/** A configured engine and its health, checked when asked. */
export const adminEngine = z.object({
  /** The engine's name (see engineName). */
  name: engineName,
  /** The models sent to it (MODEL_ENGINES); the default engine (GENERATION_ENGINE) may serve none. */
  models: z.array(z.string()),
  /** Whether it is the default engine (GENERATION_ENGINE). */
  isDefault: z.boolean(),
  /** Whether it can take work: for a fleet, at least one server is up. */
  ok: z.boolean(),
  /** What is wrong, or what it is (missing nodes or models, servers down, missing API key). */
  detail: z.string().nullable(),
  /** Its servers; empty for engines without a fleet (preview, openai). */
  servers: z.array(engineServer),
  checkedAt: z.iso.datetime(),
});
export type AdminEngine = z.infer<typeof adminEngine>;

/** A server's address as the engines list names it (a trailing slash is ignored). */
export const engineServerBody = z
  .object({
    url: z
      .string({ error: 'ENGINE_SERVER_NOT_FOUND' })
      .trim()
      .min(1, 'ENGINE_SERVER_NOT_FOUND')
      .max(2048, 'ENGINE_SERVER_NOT_FOUND')
      .refine(isStorableText, INVALID_CHAR),
  })
  .strict();
export type EngineServerBody = z.input<typeof engineServerBody>;

export const systemAdminRoutes = {
  engines: route({
    ...systemAdminEndpoints.engines,
    response: z.array(adminEngine),
    summary: 'Every configured generation engine, checked now, with the state and queue of each of its servers',
  }),
  drain: route({
    ...systemAdminEndpoints.drain,
    body: engineServerBody,
    response: engineServer,
    summary:
      'Takes a server out of rotation on every node: it finishes the work it has and gets no new work until resumed (audited)',
  }),
  resume: route({
    ...systemAdminEndpoints.resume,
    body: engineServerBody,
    response: engineServer,
    summary: 'Puts a drained server back into rotation: it takes work again (audited)',
  }),
};
