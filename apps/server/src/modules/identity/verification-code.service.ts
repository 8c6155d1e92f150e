import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import type { Scoped } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import type { CodeRow, VerificationCodeRepository } from './verification-code.repository.ts';

const hashCode = (target: string, code: string) => createHash('sha256').update(`${target}:${code}`).digest('hex');
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export interface VerificationCodeServiceDeps {
  codes: Scoped<VerificationCodeRepository>;
  now?: () => Date;
}

/** Six-digit codes: valid 10 minutes, one per minute per target, five tries, used once. */
export function createVerificationCodeService(deps: VerificationCodeServiceDeps) {
  const repo = deps.codes.pool;
  const now = deps.now ?? (() => new Date());
  return {
    /**
     * Opens a new code for a target. `deliverable: false` opens a stand-in that no code matches:
     * a target without an account gets the same cooldown and answers as one with an account.
     */
    async issue(input: { channel: 'phone' | 'email'; target: string; purpose: string; deliverable?: boolean }) {
      const current = now();
      const last = await repo.latest(input.target, input.purpose);
      if (last) {
        const waitMs = last.createdAt.getTime() + LIMITS.verCodeCooldownSeconds * 1000 - current.getTime();
        if (waitMs > 0) throw new AppError('CODE_COOLDOWN', { params: { seconds: Math.ceil(waitMs / 1000) } });
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const secret = input.deliverable === false ? randomBytes(32).toString('hex') : code;
      await repo.retireOpen(input.target, input.purpose, current);
      const row = await repo.insert({
        channel: input.channel,
        target: input.target,
        purpose: input.purpose,
        codeHash: hashCode(input.target, secret),
        expiresAt: new Date(current.getTime() + LIMITS.verCodeTtlMinutes * 60_000),
        createdAt: current,
      });
      return { code, id: row.id };
    },

    /** Undo an issue whose message could not be delivered, so the cooldown does not apply. */
    withdraw: (id: string) => repo.delete(id),

    /**
     * Checks a code without using it up. Every check spends one of the code's tries first, in one
     * statement, and only then compares: at most five guesses are ever compared, however many arrive at once.
     */
    async check(input: { target: string; purpose: string; code: string }): Promise<CodeRow> {
      const current = now();
      const row = await repo.latest(input.target, input.purpose);
      if (!row || row.consumedAt || row.expiresAt <= current) throw new AppError('CODE_EXPIRED');
      const max = LIMITS.verCodeMaxWrongTries;
      const claimed = await repo.claimTry(row.id, max, current);
      if (!claimed) {
        // Used, expired or out of tries in the meantime: say which.
        const latest = await repo.latest(input.target, input.purpose);
        const exhausted = latest?.id === row.id && !latest.consumedAt && latest.expiresAt > current;
        throw new AppError(exhausted ? 'CODE_TOO_MANY_TRIES' : 'CODE_EXPIRED');
      }
      if (!sameHash(claimed.codeHash, hashCode(input.target, input.code.trim()))) {
        throw new AppError(claimed.attempts >= max ? 'CODE_TOO_MANY_TRIES' : 'CODE_WRONG');
      }
      return row;
    },

    /** Uses a checked code up, inside the caller's transaction when given one. */
    async consume(id: string, tx?: Db) {
      const ok = await (tx ? deps.codes.in(tx) : repo).consume(id, now());
      if (!ok) throw new AppError('CODE_EXPIRED');
    },
  };
}
export type VerificationCodeService = ReturnType<typeof createVerificationCodeService>;
