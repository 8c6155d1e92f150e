import type { PageRequest } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AuditWrite } from '../../shared/audit.ts';
import type { LedgerKind, LedgerRepository } from './ledger.repository.ts';

export interface LedgerServiceDeps {
  ledger: Scoped<LedgerRepository>;
  transaction: Transactor;
  welcomeCubes: number;
  activeCap: number;
  now?: () => Date;
}

/**
 * The usage ledger as other modules use it. Methods taking `tx` run inside the caller's
 * transaction, so a charge, a task row and its event commit (or vanish) together.
 */
export function createLedgerService(deps: LedgerServiceDeps) {
  const repo = deps.ledger.pool;
  const now = deps.now ?? (() => new Date());
  return {
    ensureAccount: (userId: string) => repo.ensureAccount(userId, deps.welcomeCubes),

    /**
     * What the user may spend (`cubes`, never below zero) and what they owe from refunded orders:
     * `debt` cubes (the balance below zero) and `planDebtSeconds` of plan time.
     */
    async balance(userId: string) {
      await repo.ensureAccount(userId, deps.welcomeCubes);
      const row = await repo.get(userId);
      const planUntil = row?.planUntil && row.planUntil > now() ? row.planUntil.toISOString() : null;
      const sum = row?.cubes ?? 0;
      return {
        cubes: Math.max(0, sum),
        debt: Math.max(0, -sum),
        planDebtSeconds: row?.planDebtSeconds ?? 0,
        activeTasks: row?.activeTasks ?? 0,
        planUntil,
      };
    },

    /**
     * Takes the price and a task slot and records the charge of task `taskId` (one statement), or
     * says why not (insufficient balance / too many tasks). A user without an account yet has it
     * opened here (welcome grant and all), in the same transaction, and is charged on it: callers
     * need not open it first.
     */
    async charge(tx: Db, input: { userId: string; cubes: number; taskId: string }) {
      const r = deps.ledger.in(tx);
      const take = () => r.charge({ ...input, activeCap: deps.activeCap });
      const paid = await take();
      if (paid) return paid;
      // A user's first task finds no account (or one opened by a concurrent first task after the
      // charge looked): open it if need be, then try once more before saying why not.
      await r.ensureAccount(input.userId, deps.welcomeCubes);
      const opened = await take();
      if (opened) return opened;
      const row = await r.get(input.userId);
      if (row && row.activeTasks >= deps.activeCap)
        throw new AppError('TOO_MANY_TASKS', { params: { max: deps.activeCap } });
      const have = Math.max(0, row?.cubes ?? 0);
      throw new AppError('INSUFFICIENT_BALANCE', {
        params: { need: input.cubes, have },
        details: { need: input.cubes, have, fits: null },
      });
    },

    releaseSlot: (tx: Db, userId: string) => deps.ledger.in(tx).releaseSlot(userId),

    /** Gives a task's cubes back; the key makes a second refund of the same task a no-op. */
    refund: (tx: Db, e: { userId: string; taskId: string; cubes: number }) =>
      deps.ledger.in(tx).apply({
        userId: e.userId,
        kind: 'refund',
        cubes: e.cubes,
        idempotencyKey: `refund:${e.taskId}`,
        taskId: e.taskId,
      }),

    /**
     * Gives back the price of the images a completed task did not deliver: a refund row naming the
     * task, once per task (its own key, apart from a whole task's refund).
     */
    refundUndelivered: (tx: Db, e: { userId: string; taskId: string; cubes: number }) =>
      deps.ledger.in(tx).apply({
        userId: e.userId,
        kind: 'refund',
        cubes: e.cubes,
        idempotencyKey: `refund-undelivered:${e.taskId}`,
        taskId: e.taskId,
      }),

    /**
     * Operator grants and later purchases, redemptions, invitations: once per idempotency key. An
     * operator's grant is audited in its own transaction: the balance before and after, or, when the
     * key was used before, that nothing was applied.
     */
    async grant(
      e: {
        userId: string;
        kind: LedgerKind;
        cubes: number;
        planSeconds?: number;
        idempotencyKey: string;
        note?: string;
      },
      operator?: { audit: AuditWrite; username: string },
    ) {
      await repo.ensureAccount(e.userId, deps.welcomeCubes);
      try {
        return await deps.transaction(async (tx) => {
          const r = deps.ledger.in(tx);
          const applied = await r.apply(e);
          if (!operator) return applied;
          const target = { targetType: 'user', targetId: e.userId, targetLabel: operator.username };
          if (!applied) {
            await operator.audit(tx, { ...target, after: { applied: false, key: e.idempotencyKey } });
            return applied;
          }
          // Read back under the row lock the change took: before is exactly after less the change.
          const after = (await r.get(e.userId))?.cubes ?? 0;
          await operator.audit(tx, {
            ...target,
            before: { cubes: after - e.cubes },
            after: { cubes: after, ...(e.note ? { note: e.note } : {}) },
          });
          return applied;
        });
      } catch (err) {
        if (err instanceof Error && err.message.startsWith('ledger change refused'))
          throw new AppError('BALANCE_TOO_LOW');
        throw err;
      }
    },

    sumOf: (userId: string) => repo.sumOf(userId),
    history: (userId: string, limit?: number) => repo.history(userId, limit),
    /** Opens the account first: a new user's first page (or export) already holds the welcome grant. */
    async historyPage(userId: string, page: PageRequest) {
      await repo.ensureAccount(userId, deps.welcomeCubes);
      return repo.historyPage(userId, page);
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
