import type { FastifyInstance, FastifyRequest } from 'fastify';
import { draftRoutes } from '@turing/contract';
import { defineRoute } from '../../../shared/define-route.ts';
import type { DraftsService } from './drafts.service.ts';

/** Saves one user may make in a minute: the studio saves a second after typing stops, so a few a minute. */
const DRAFT_SAVES_PER_MINUTE = 60;

export async function draftsRoutes(app: FastifyInstance, opts: { drafts: DraftsService }) {
  const { drafts } = opts;
  defineRoute(app, draftRoutes.draft, async (req) => drafts.get(req.user!.id, req.query));
  defineRoute(app, draftRoutes.draftSave, async (req) => drafts.save(req.user!.id, req.body), {
    rateLimit: {
      max: DRAFT_SAVES_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip,
    },
  });
  defineRoute(app, draftRoutes.draftClear, async (req) => drafts.clear(req.user!.id, req.body));
}
