import type { FastifyInstance, FastifyRequest } from 'fastify';
import { supportAdminRoutes, supportRoutes } from '@turing/contract';
import { defineAdminRoute } from '../../shared/define-admin-route.ts';
import { defineRoute } from '../../shared/define-route.ts';
import type { SupportService } from './support.service.ts';

// Generous for people, tight enough that one account cannot flood the support inbox.
const perUser = (max: number) => ({
  rateLimit: { max, timeWindow: '1 hour', keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip },
});

export async function supportModule(app: FastifyInstance, opts: { support: SupportService }) {
  const { support } = opts;

  defineRoute(app, supportRoutes.create, async (req) => support.create(req.user!, req.body, req.locale), perUser(20));

  defineRoute(app, supportRoutes.list, async (req) => support.list(req.user!.id, req.query));

  defineRoute(app, supportRoutes.detail, async (req) => support.detail(req.user!.id, req.query.id));

  defineRoute(app, supportRoutes.markRead, async (req) => support.markRead(req.user!.id, req.body.ticketId));

  defineRoute(
    app,
    supportRoutes.reply,
    async (req) => support.reply(req.user!.id, req.body.ticketId, req.body.message, req.locale),
    perUser(120),
  );
}

/**
 * The operator's API under /admin: the admin scope checks the token or the operator's role, and
 * every change writes its audit row in its own transaction.
 */
export async function supportAdminModule(app: FastifyInstance, opts: { support: SupportService }) {
  const { support } = opts;

  defineAdminRoute(app, supportAdminRoutes.list, async (req) => support.adminList(req.query.status, req.query));

  defineAdminRoute(app, supportAdminRoutes.counts, async () => support.adminCounts());

  defineAdminRoute(app, supportAdminRoutes.detail, async (req) => support.adminDetail(req.query.id));

  defineAdminRoute(app, supportAdminRoutes.reply, async (req) =>
    support.staffReply(req.body.ticketId, req.body.message, req.audit),
  );

  defineAdminRoute(app, supportAdminRoutes.close, async (req) => support.close(req.body.ticketId, req.audit));
}
