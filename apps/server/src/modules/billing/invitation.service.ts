import type { Db } from '../../db/client.ts';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import type { InvitationRepository } from './invitation.repository.ts';
import type { LedgerRepository } from './ledger.repository.ts';

/** Invitation codes are stored upper-case; people may type them with spaces or dashes. */
const normalise = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/**
 * Invitations: every user has a code; a user may enter someone else's once (at registration or
 * later), and both receive the bonus through the ledger, once per invitee. A pair of accounts
 * earns one bonus, whichever way round they invite each other, and an inviter at most `maxBonuses`;
 * past either, the code still links the accounts but pays nothing.
 */
export interface InvitationServiceDeps {
  invitations: Scoped<InvitationRepository>;
  /** Both bonuses are credited within the transaction that links the accounts. */
  ledger: Scoped<LedgerRepository>;
  transaction: Transactor;
  publicUrl: string;
  bonusCubes: number;
  welcomeCubes: number;
  /** Bonus-paying invitations per inviter (INVITE_BONUS_MAX). */
  maxBonuses: number;
}

export function createInvitationService(deps: InvitationServiceDeps) {
  const repo = deps.invitations.pool;

  /** The inviter behind a code, or why there is none. */
  async function inviterFor(code: string, userId: string | null) {
    const normalised = normalise(code);
    const inviter = normalised ? await repo.inviterByCode(normalised) : null;
    if (!inviter) throw new AppError('INVITE_CODE_NOT_FOUND');
    if (inviter.id === userId) throw new AppError('INVITE_CODE_SELF');
    return inviter;
  }

  /**
   * Inside the caller's transaction: the link and both bonuses commit together or not at all.
   * True when the bonus was paid; false when the accounts were only linked.
   */
  async function bindIn(tx: Db, userId: string, inviterId: string): Promise<boolean> {
    const invitations = deps.invitations.in(tx);
    if (!(await invitations.setInviter(userId, inviterId))) throw new AppError('INVITE_CODE_ALREADY_SET');
    if (deps.bonusCubes <= 0) return false;
    const ledger = deps.ledger.in(tx);
    // In id order, like every lock below: two new accounts opened the other way round would deadlock.
    for (const who of [userId, inviterId].sort()) await ledger.ensureAccount(who, deps.welcomeCubes);
    // The pair first, before any account is locked: the other direction's claim waits on this one.
    if (!(await invitations.claimPair(inviterId, userId))) return false;
    await invitations.lockAccounts([userId, inviterId]);
    if (!(await invitations.takeBonusSlot(inviterId, deps.maxBonuses))) {
      await invitations.releasePair(inviterId, userId);
      return false;
    }
    // Keys name the invitee for both sides: one bonus each per invitation, however often it is retried.
    for (const [who, key] of [
      [userId, `invite:invitee:${userId}`],
      [inviterId, `invite:inviter:${userId}`],
    ] as const) {
      await ledger.apply({ userId: who, kind: 'invitation', cubes: deps.bonusCubes, idempotencyKey: key });
    }
    return true;
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
      const bonusPaid = await deps.transaction((tx) => bindIn(tx, userId, inviter.id));
      return { ...(await status(userId)), bonusPaid };
    },

    /** Checked before an account is made, so a mistyped code refuses the registration, not the bonus. */
    inviterForRegistration: (code: string) => inviterFor(code, null),

    /** Binds a just-created account in the transaction that creates it. */
    bindNewAccount: (tx: Db, userId: string, inviterId: string) => bindIn(tx, userId, inviterId),
  };
}
export type InvitationService = ReturnType<typeof createInvitationService>;
