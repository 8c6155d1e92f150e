import type { FastifyInstance } from 'fastify';
import { billingAdminRoutes } from '@turing/contract';
import { defineAdminRoute } from '../../shared/define-admin-route.ts';
import type { AuditService } from '../admin/index.ts';
import type { RedemptionService } from './redemption.service.ts';

/** Mint records read for one listing's notes: the newest, as the listing shows the newest batches first. */
const RECENT_MINTS = 100;

/** Redemption codes for operators; minting and revoking are audited. */
export async function codesAdminModule(
  app: FastifyInstance,
  opts: { redemption: RedemptionService; audit: AuditService },
) {
  const { redemption } = opts;

  /**
   * A batch's note lives in its audit record (the record of who minted it, with what), so the
   * listing reads it from there, in one query: the mints of the batch asked for, or the newest
   * mints. A batch minted twice shows the newer note.
   */
  async function notesOf(batches: Set<string>, only?: string) {
    const mints = await opts.audit.list({
      action: 'codes/mint',
      ...(only ? { target: only } : {}),
      limit: only ? 10 : RECENT_MINTS,
    });
    const notes: Record<string, string> = {};
    for (const entry of mints.items) {
      const note = (entry.after as { note?: unknown } | null)?.note;
      const batch = entry.target.id;
      if (entry.target.type !== 'batch' || !batches.has(batch) || batch in notes) continue;
      if (typeof note === 'string' && note !== '') notes[batch] = note;
    }
    return notes;
  }

  defineAdminRoute(app, billingAdminRoutes.codesMint, async (req) => redemption.mint(req.body, req.audit));

  defineAdminRoute(app, billingAdminRoutes.codes, async (req) => {
    const listed = await redemption.list(req.query);
    const batches = new Set(listed.items.map((c) => c.batch));
    return { ...listed, notes: batches.size ? await notesOf(batches, req.query.batch) : {} };
  });

  defineAdminRoute(app, billingAdminRoutes.codesRevoke, async (req) => redemption.revoke(req.body, req.audit));
}
