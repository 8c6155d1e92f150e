import type { FastifyInstance } from 'fastify';
import { billingAdminRoutes } from '@turing/contract';
import { defineAdminRoute } from '../../shared/define-admin-route.ts';
import type { RedemptionService } from './redemption.service.ts';

/** Redemption codes for operators; minting and revoking are audited. */
export async function codesAdminModule(app: FastifyInstance, opts: { redemption: RedemptionService }) {
  const { redemption } = opts;

  defineAdminRoute(app, billingAdminRoutes.codesMint, async (req) => redemption.mint(req.body, req.audit));

  defineAdminRoute(app, billingAdminRoutes.codes, async (req) => redemption.list(req.query));

  defineAdminRoute(app, billingAdminRoutes.codesRevoke, async (req) => redemption.revoke(req.body, req.audit));
}
