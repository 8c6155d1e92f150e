import type { FastifyInstance } from 'fastify';
import { communityAdminRoutes } from '@turing/contract';
import { defineAdminRoute, operatorOf } from '../../shared/define-admin-route.ts';
import type { ModerationService } from './moderation.service.ts';

/** Moderation under /admin; the admin scope around it checks the caller and the role. */
export async function communityAdminModule(app: FastifyInstance, opts: { moderation: ModerationService }) {
  const { moderation } = opts;

  defineAdminRoute(app, communityAdminRoutes.reports, async (req) => moderation.reports(req.query.status, req.query));

  defineAdminRoute(app, communityAdminRoutes.queue, async (req) => moderation.queue(req.query));

  defineAdminRoute(app, communityAdminRoutes.hidden, async (req) => moderation.hidden(req.query));

  defineAdminRoute(app, communityAdminRoutes.hideWork, async (req) =>
    moderation.hide(req.body.id, req.body.reason, operatorOf(req).name, req.audit),
  );

  defineAdminRoute(app, communityAdminRoutes.restoreWork, async (req) => moderation.restore(req.body.id, req.audit));

  defineAdminRoute(app, communityAdminRoutes.dismissReports, async (req) =>
    moderation.dismiss(req.body.workId, req.body.note, req.audit),
  );

  defineAdminRoute(app, communityAdminRoutes.suspendUser, async (req) =>
    moderation.suspend(req.body.user, req.audit, operatorOf(req).role === 'owner'),
  );

  defineAdminRoute(app, communityAdminRoutes.unsuspendUser, async (req) =>
    moderation.unsuspend(req.body.user, req.audit),
  );
}
