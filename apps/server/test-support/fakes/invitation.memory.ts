import type { InvitationRepository } from '../../src/modules/billing/invitation.repository.ts';
import type { createMemoryLedger } from './ledger.memory.ts';
import { unscoped, type MemoryStore } from './memory-store.ts';

/** The columns of a user the invitation statements read and write. */
export interface MemoryInvitee {
  id: string;
  nickname: string;
  inviteCode: string;
  invitedBy: string | null;
  suspendedAt: Date | null;
}

/**
 * The invitation repository (invitation.repository.ts) over in-memory rows: the inviter is
 * recorded once and never for oneself, a pair of accounts is claimed once whichever of the two
 * invited the other, and an inviter's bonus slots are counted on their account (the ledger's
 * accounts, as in the database) while under the cap.
 */
export function createMemoryInvitations(store: MemoryStore, ledger: ReturnType<typeof createMemoryLedger>) {
  const users = store.table<MemoryInvitee>();
  /** By the pair, lower id first: the primary key of invitation_bonuses. */
  const pairs = store.table<{ userLow: string; userHigh: string; inviterId: string }>();
  const pairKey = (a: string, b: string) => [a, b].sort().join(' ');

  const repository: InvitationRepository = {
    async inviterByCode(code) {
      const row = [...users.values()].find((u) => u.inviteCode === code && u.suspendedAt === null);
      return row ? { id: row.id } : null;
    },

    async status(userId) {
      const row = users.get(userId);
      if (!row) return null;
      return {
        code: row.inviteCode,
        invitedBy: row.invitedBy ? (users.get(row.invitedBy)?.nickname ?? null) : null,
        invitedCount: [...users.values()].filter((u) => u.invitedBy === userId).length,
      };
    },

    async setInviter(userId, inviterId) {
      const row = users.get(userId);
      if (!row || row.invitedBy !== null || userId === inviterId) return false;
      row.invitedBy = inviterId;
      return true;
    },

    // One connection: there is nobody to wait for.
    async lockAccounts() {},

    async claimPair(inviterId, inviteeId) {
      const key = pairKey(inviterId, inviteeId);
      if (pairs.has(key)) return false;
      const [low, high] = [inviterId, inviteeId].sort();
      pairs.set(key, { userLow: low!, userHigh: high!, inviterId });
      return true;
    },

    async releasePair(inviterId, inviteeId) {
      pairs.delete(pairKey(inviterId, inviteeId));
    },

    async takeBonusSlot(inviterId, max) {
      const account = ledger.accounts.get(inviterId);
      if (!account || account.inviteBonuses >= max) return false;
      account.inviteBonuses += 1;
      return true;
    },
  };

  /** A user as registration leaves them: their own code, nobody recorded as their inviter. */
  function addUser(user: Pick<MemoryInvitee, 'id' | 'inviteCode'> & Partial<MemoryInvitee>) {
    const row: MemoryInvitee = { nickname: user.id, invitedBy: null, suspendedAt: null, ...user };
    users.set(row.id, row);
    return row;
  }

  return { repository, scoped: unscoped(repository), users, pairs, addUser };
}
