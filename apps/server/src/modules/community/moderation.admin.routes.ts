import type { FastifyInstance } from 'fastify';
import { communityAdminRoutes } from '@turing/contract';
import { defineRoute } from '../../shared/define-route.ts';
import type { ModerationService } from './moderation.service.ts';

/** Moderation under /admin; the admin scope around it checks the token. */
export async function communityAdminModule(app: FastifyInstance, opts: { moderation: ModerationService }) {
  const { moderation } = opts;

  defineRoute(app, communityAdminRoutes.reports, async (req) => moderation.reports(req.query.status, req.query));

  defineRoute(app, communityAdminRoutes.hideWork, async (req) => moderation.hide(req.body.id, req.body.reason));

  defineRoute(app, communityAdminRoutes.restoreWork, async (req) => moderation.restore(req.body.id));

  defineRoute(app, communityAdminRoutes.suspendUser, async (req) => moderation.suspend(req.body.user));

  defineRoute(app, communityAdminRoutes.unsuspendUser, async (req) => moderation.unsuspend(req.body.user));
}
