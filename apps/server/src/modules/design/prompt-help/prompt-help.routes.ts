import type { FastifyInstance } from 'fastify';
import { designRoutes } from '@turing/contract';
import { defineRoute } from '../../../shared/define-route.ts';
import type { PromptHelpService } from './prompt-help.service.ts';

/** Improvements one user may ask for a minute: plenty for a person rewording, little for a script using the model. */
export const PROMPT_HELP_PER_MINUTE = 20;

export async function promptHelpRoutes(app: FastifyInstance, opts: { help: PromptHelpService }) {
  defineRoute(app, designRoutes.improvePrompt, async (req) => opts.help.improve(req.body, req.user!.id), {
    rateLimit: {
      max: PROMPT_HELP_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (r: { user?: { id: string } | null; ip: string }) => r.user?.id ?? r.ip,
    },
  });
}
