import { randomBytes } from 'node:crypto';
import type { AdminCode } from '@turing/contract';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AuditWrite } from '../../shared/audit.ts';
import type { RateCounterService } from '../identity/index.ts';
import type { LedgerRepository } from './ledger.repository.ts';
import { displayCode, newRedemptionCode, normaliseCode } from './redemption.code.ts';
import type { CodeStatus, RedemptionRepository } from './redemption.repository.ts';

/** Attempts one user may make without a success in between: guessing 60-bit codes stays hopeless. */
export const REDEEM_LIMIT = { max: 10, windowMs: 10 * 60_000 };
const DAY_SECONDS = 86_400;
const INSERT_CHUNK = 1000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Redemption codes: users redeem them for cubes and plan days through the ledger, operators mint,
 * list and revoke them.
 */
export interface RedemptionServiceDeps {
  codes: Scoped<RedemptionRepository>;
  /** A code is taken and credited in one transaction. */
  ledger: Scoped<LedgerRepository>;
  transaction: Transactor;
  /** Counts each user's attempts (the identity module's rate counters). */
  limits: Pick<RateCounterService, 'consume' | 'clear'>;
  welcomeCubes: number;
  now?: () => Date;
  /** A fresh code in stored form (random; tests pass their own). */
  newCode?: () => string;
}

export function createRedemptionService(deps: RedemptionServiceDeps) {
  const repo = deps.codes.pool;
  const now = deps.now ?? (() => new Date());
  const newCode = deps.newCode ?? newRedemptionCode;

  /** Says why a code could not be taken. A revoked code answers as nonexistent: it was withdrawn. */
  async function refusal(code: string, userId: string): Promise<AppError> {
    const row = await repo.find(code);
    if (!row) return new AppError('REDEEM_CODE_NOT_FOUND');
    if (row.usedAt) return new AppError(row.usedBy === userId ? 'REDEEM_CODE_REDEEMED_BY_YOU' : 'REDEEM_CODE_USED');
    if (row.revokedAt) return new AppError('REDEEM_CODE_NOT_FOUND');
    if (row.expired) return new AppError('REDEEM_CODE_EXPIRED');
    // Unreachable unless the code changed between the two statements; it cannot become unused again.
    return new AppError('REDEEM_CODE_USED');
  }

  return {
    /**
     * Every attempt counts against the user's limit before the code is looked at, in one atomic
     * statement, so parallel guesses cannot all slip under it; a success starts the count afresh.
     * Taking the code and crediting the ledger commit together or not at all.
     */
    async redeem(userId: string, input: string) {
      const limitKey = `redeem:user:${userId}`;
      await deps.limits.consume(limitKey, REDEEM_LIMIT.max, REDEEM_LIMIT.windowMs);
      const code = normaliseCode(input);
      if (!code) throw new AppError('REDEEM_CODE_NOT_FOUND');
      const granted = await deps.transaction(async (tx) => {
        const ledger = deps.ledger.in(tx);
        await ledger.ensureAccount(userId, deps.welcomeCubes);
        const taken = await deps.codes.in(tx).take(code, userId);
        if (!taken) return null;
        const applied = await ledger.apply({
          userId,
          kind: 'redemption',
          cubes: taken.cubes,
          planSeconds: taken.planDays * DAY_SECONDS,
          idempotencyKey: `redeem:${code}`,
          note: displayCode(code),
        });
        // A code is taken once, so its key cannot have been used; if it was, nothing may commit.
        if (!applied) throw new Error(`redemption ${code} already in the ledger`);
        return taken;
      });
      if (!granted) throw await refusal(code, userId);
      await deps.limits.clear(limitKey);
      return { cubes: granted.cubes, planDays: granted.planDays };
    },

    /**
     * Mints `count` fresh codes in one transaction: a failure leaves no half batch behind. An
     * operator's batch is audited in it (what the batch is worth and its note, never the codes).
     */
    async mint(
      input: { count: number; cubes: number; planDays: number; expiresAt?: string; batch?: string; note?: string },
      audit?: AuditWrite,
    ) {
      const batch = input.batch ?? `batch-${now().toISOString().slice(0, 10)}-${randomBytes(3).toString('hex')}`;
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      const note = input.note ?? '';
      const codes = await deps.transaction(async (tx) => {
        const r = deps.codes.in(tx);
        const out: string[] = [];
        // A collision with an existing code (one in 2^60 per pair) is skipped and made up for.
        while (out.length < input.count) {
          const want = Math.min(INSERT_CHUNK, input.count - out.length);
          const fresh = [...new Set(Array.from({ length: want }, () => newCode()))];
          out.push(
            ...(await r.insert(
              fresh.map((code) => ({ code, batch, cubes: input.cubes, planDays: input.planDays, expiresAt, note })),
            )),
          );
        }
        await audit?.(tx, {
          targetType: 'batch',
          targetId: batch,
          after: { count: out.length, cubes: input.cubes, planDays: input.planDays, expiresAt: iso(expiresAt), note },
        });
        return out;
      });
      return {
        batch,
        cubes: input.cubes,
        planDays: input.planDays,
        expiresAt: iso(expiresAt),
        note,
        codes: codes.map(displayCode),
      };
    },

    async list(filter: { batch?: string; status: CodeStatus | 'all'; limit: number }) {
      const { items, total } = await repo.list(filter);
      const notes: Record<string, string> = {};
      for (const r of items) if (r.note) notes[r.batch] = r.note;
      return {
        total,
        notes,
        items: items.map((r): AdminCode => ({
          code: displayCode(r.code),
          batch: r.batch,
          cubes: r.cubes,
          planDays: r.planDays,
          status: r.status,
          expiresAt: iso(r.expiresAt),
          usedBy: r.usedById && r.usedByName ? { id: r.usedById, username: r.usedByName } : null,
          usedAt: iso(r.usedAt),
          revokedAt: iso(r.revokedAt),
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    /** One code or a whole batch; used codes stay used. Audited with what matched and what was withdrawn. */
    async revoke(target: { code?: string; batch?: string }, audit?: AuditWrite) {
      const code = target.batch ? null : normaliseCode(target.code ?? '');
      return deps.transaction(async (tx) => {
        const r = deps.codes.in(tx);
        const counts = target.batch
          ? await r.revoke({ batch: target.batch })
          : code
            ? await r.revoke({ code })
            : { matched: 0, revoked: 0 };
        await audit?.(tx, {
          targetType: target.batch ? 'batch' : 'code',
          targetId: target.batch ?? (code ? displayCode(code) : (target.code ?? '')),
          after: counts,
        });
        return counts;
      });
    },
  };
}
export type RedemptionService = ReturnType<typeof createRedemptionService>;
