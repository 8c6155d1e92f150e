import { randomUUID } from 'node:crypto';
import type { accounts, ledger } from '../../src/db/schema/index.ts';
import type { LedgerKind, LedgerRepository } from '../../src/modules/billing/ledger.repository.ts';
import { unscoped, type MemoryStore } from './memory-store.ts';

type AccountRow = typeof accounts.$inferSelect;
type LedgerRow = typeof ledger.$inferSelect;

/**
 * The ledger repository's statements (ledger.repository.ts) over in-memory rows: the same
 * conditions, the same idempotency keys and the same refusal when a removal would go below zero.
 */
export function createMemoryLedger(store: MemoryStore) {
  const accountRows = store.table<AccountRow>();
  /** By idempotency key, which is unique. */
  const entries = store.table<LedgerRow>();
  const { now } = store;
  const planRuns = (row: AccountRow) => row.planUntil !== null && row.planUntil > now();

  function insertEntry(e: {
    userId: string;
    kind: LedgerKind;
    cubes: number;
    planSeconds?: number;
    idempotencyKey: string;
    taskId?: string | null;
    note?: string;
  }) {
    if (entries.has(e.idempotencyKey)) return null;
    const row: LedgerRow = {
      id: randomUUID(),
      userId: e.userId,
      kind: e.kind,
      cubes: e.cubes,
      planSeconds: e.planSeconds ?? 0,
      idempotencyKey: e.idempotencyKey,
      taskId: e.taskId ?? null,
      note: e.note ?? '',
      createdAt: now(),
    };
    entries.set(e.idempotencyKey, row);
    return row;
  }

  const repository: LedgerRepository = {
    async ensureAccount(userId, welcomeCubes) {
      if (accountRows.has(userId)) return;
      accountRows.set(userId, {
        userId,
        cubes: welcomeCubes,
        planUntil: null,
        planDebtSeconds: 0,
        servedAt: null,
        activeTasks: 0,
        inviteBonuses: 0,
        updatedAt: now(),
      });
      if (welcomeCubes > 0)
        insertEntry({ userId, kind: 'welcome', cubes: welcomeCubes, idempotencyKey: `welcome:${userId}` });
    },

    async get(userId) {
      const row = accountRows.get(userId);
      return row ? { ...row } : null;
    },

    async charge({ userId, cubes, activeCap, taskId }) {
      const row = accountRows.get(userId);
      if (!row || row.activeTasks >= activeCap || !(planRuns(row) || row.cubes >= cubes)) return null;
      const key = `charge:${taskId}`;
      if (entries.has(key)) throw new Error(`duplicate key value violates unique constraint (${key})`);
      const coveredByPlan = planRuns(row);
      row.cubes -= coveredByPlan ? 0 : cubes;
      row.activeTasks += 1;
      row.updatedAt = now();
      insertEntry({
        userId,
        kind: 'charge',
        cubes: coveredByPlan ? 0 : -cubes,
        idempotencyKey: key,
        taskId,
        note: coveredByPlan ? 'time plan' : '',
      });
      return { cubes: row.cubes, coveredByPlan };
    },

    async releaseSlot(userId) {
      const row = accountRows.get(userId);
      if (row) row.activeTasks = Math.max(row.activeTasks - 1, 0);
    },

    async apply(entry) {
      if (entries.has(entry.idempotencyKey)) return false;
      const row = accountRows.get(entry.userId);
      // The real statement inserts the row first and throws, which rolls the insert back.
      if (!row || (entry.cubes < 0 && row.cubes + entry.cubes < 0))
        throw new Error(`ledger change refused for ${entry.userId}: balance would go negative`);
      insertEntry(entry);
      const seconds = entry.planSeconds ?? 0;
      row.cubes += entry.cubes;
      if (seconds > 0) {
        const from = Math.max(row.planUntil?.getTime() ?? now().getTime(), now().getTime());
        row.planUntil = new Date(from + Math.max(0, seconds - row.planDebtSeconds) * 1000);
        row.planDebtSeconds = Math.max(0, row.planDebtSeconds - seconds);
      }
      row.updatedAt = now();
      return true;
    },

    async reverse(entry) {
      const claim = insertEntry({ ...entry, kind: 'reversal', cubes: 0 });
      if (!claim) return null;
      const row = accountRows.get(entry.userId);
      if (!row) throw new Error(`ledger reversal found no account for ${entry.userId}`);
      const cubesTaken = Math.min(Math.max(row.cubes, 0), entry.cubes);
      const secondsTaken = planRuns(row)
        ? Math.min(entry.planSeconds, Math.round((row.planUntil!.getTime() - now().getTime()) / 1000))
        : 0;
      row.cubes -= entry.cubes;
      if (secondsTaken > 0)
        row.planUntil = new Date(Math.max(now().getTime(), row.planUntil!.getTime() - secondsTaken * 1000));
      row.planDebtSeconds += entry.planSeconds - secondsTaken;
      row.updatedAt = now();
      claim.cubes = -entry.cubes;
      claim.planSeconds = -entry.planSeconds;
      const taken = { cubes: cubesTaken, planSeconds: secondsTaken };
      return {
        taken,
        owed: { cubes: entry.cubes - taken.cubes, planSeconds: entry.planSeconds - taken.planSeconds },
      };
    },

    sumOf: async (userId) => [...entries.values()].filter((e) => e.userId === userId).reduce((s, e) => s + e.cubes, 0),

    history: async (userId, limit = 50) =>
      [...entries.values()]
        .filter((e) => e.userId === userId)
        .reverse()
        .slice(0, limit),

    historyPage: () => Promise.reject(new Error('keyset pages are not modelled by the in-memory ledger')),
  };

  return { repository, scoped: unscoped(repository), accounts: accountRows, entries };
}
