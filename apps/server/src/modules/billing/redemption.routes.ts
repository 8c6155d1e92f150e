import type { FastifyInstance, FastifyRequest } from 'fastify';
import { billingRoutes } from '@turing/contract';
import { defineRoute } from '../../shared/define-route.ts';
import type { InvitationService } from './invitation.service.ts';
import type { RedemptionService } from './redemption.service.ts';

// Redemption counts its own failures per user; this only bounds how fast one account may try codes.
const perUser = (max: number) => ({
  rateLimit: { max, timeWindow: '1 hour', keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip },
});

/** Redemption codes and invitations in the user centre. */
export async function redemptionModule(
  app: FastifyInstance,
  opts: { redemption: RedemptionService; invitations: InvitationService },
) {
  const { redemption, invitations } = opts;

  defineRoute(app, billingRoutes.exchange, async (req) => redemption.redeem(req.user!.id, req.query.code));

  defineRoute(app, billingRoutes.invitation, async (req) => invitations.status(req.user!.id));

  defineRoute(
    app,
    billingRoutes.invitationBind,
    async (req) => invitations.bind(req.user!.id, req.body.code),
    perUser(30),
  );
}
