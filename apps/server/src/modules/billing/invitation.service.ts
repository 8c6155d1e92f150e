import type { Database, Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createInvitationRepository } from './invitation.repository.ts';

/** Invitation codes are stored upper-case; people may type them with spaces or dashes. */
const normalise = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/**
 * Invitations: every user has a code; a user may enter someone else's once (at registration or
 * later), and both receive the bonus through the ledger, once per invitee.
 */
export function createInvitationService(deps: {
  database: Database;
  publicUrl: string;
  bonusCubes: number;
  welcomeCubes: number;
}) {
  const repo = createInvitationRepository(deps.database.db);

  /** The inviter behind a code, or why there is none. */
  async function inviterFor(code: string, userId: string | null) {
    const normalised = normalise(code);
    const inviter = normalised ? await repo.inviterByCode(normalised) : null;
    if (!inviter) throw new AppError('INVITE_CODE_NOT_FOUND');
    if (inviter.id === userId) throw new AppError('INVITE_CODE_SELF');
    return inviter;
  }

  /** Inside the caller's transaction: the link and both bonuses commit together or not at all. */
  async function bindIn(tx: Db, userId: string, inviterId: string) {
    if (!(await createInvitationRepository(tx).setInviter(userId, inviterId)))
      throw new AppError('INVITE_CODE_ALREADY_SET');
    if (deps.bonusCubes <= 0) return;
    const ledger = createLedgerRepository(tx);
    // Keys name the invitee for both sides: one bonus each per invitation, however often it is retried.
    for (const [who, key] of [
      [userId, `invite:invitee:${userId}`],
      [inviterId, `invite:inviter:${userId}`],
    ] as const) {
      await ledger.ensureAccount(who, deps.welcomeCubes);
      await ledger.apply({ userId: who, kind: 'invitation', cubes: deps.bonusCubes, idempotencyKey: key });
    }
  }

  async function status(userId: string) {
    const row = await repo.status(userId);
    if (!row) throw new AppError('USER_NOT_FOUND');
    return {
      code: row.code,
      // The login page opens its registration form on tab=register and keeps the code for it.
      link: `${deps.publicUrl}/#/login?tab=register&invite=${encodeURIComponent(row.code)}`,
      invitedBy: row.invitedBy,
      invitedCount: row.invitedCount,
      bonusCubes: deps.bonusCubes,
    };
  }

  return {
    status,

    async bind(userId: string, code: string) {
      const inviter = await inviterFor(code, userId);
      await deps.database.transaction((tx) => bindIn(tx, userId, inviter.id));
      return status(userId);
    },

    /** Checked before an account is made, so a mistyped code refuses the registration, not the bonus. */
    inviterForRegistration: (code: string) => inviterFor(code, null),

    /** Binds a just-created account in the transaction that creates it. */
    bindNewAccount: (tx: Db, userId: string, inviterId: string) => bindIn(tx, userId, inviterId),
  };
}
export type InvitationService = ReturnType<typeof createInvitationService>;
