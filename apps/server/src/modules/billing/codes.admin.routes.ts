import type { FastifyInstance } from 'fastify';
import { billingAdminRoutes } from '@turing/contract';
import { defineRoute } from '../../shared/define-route.ts';
import type { RedemptionService } from './redemption.service.ts';

/** Redemption codes for operators; the admin scope around it checks the token. */
export async function codesAdminModule(app: FastifyInstance, opts: { redemption: RedemptionService }) {
  const { redemption } = opts;

  defineRoute(app, billingAdminRoutes.codesMint, async (req) => redemption.mint(req.body));

  defineRoute(app, billingAdminRoutes.codes, async (req) => redemption.list(req.query));

  defineRoute(app, billingAdminRoutes.codesRevoke, async (req) => redemption.revoke(req.body));
}
