import { createHash, randomInt } from 'node:crypto';
import { LIMITS } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { createVerificationCodeRepository, type CodeRow } from './verification-code.repository.ts';

const hashCode = (target: string, code: string) => createHash('sha256').update(`${target}:${code}`).digest('hex');

/** Six-digit codes: valid 10 minutes, one per minute per target, five wrong tries, used once. */
export function createVerificationCodeService(db: Db, now: () => Date = () => new Date()) {
  const repo = createVerificationCodeRepository(db);
  return {
    async issue(input: { channel: 'phone' | 'email'; target: string; purpose: string }) {
      const current = now();
      const last = await repo.latest(input.target, input.purpose);
      if (last) {
        const waitMs = last.createdAt.getTime() + LIMITS.verCodeCooldownSeconds * 1000 - current.getTime();
        if (waitMs > 0) throw new AppError('CODE_COOLDOWN', { params: { seconds: Math.ceil(waitMs / 1000) } });
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repo.retireOpen(input.target, input.purpose, current);
      const row = await repo.insert({
        channel: input.channel,
        target: input.target,
        purpose: input.purpose,
        codeHash: hashCode(input.target, code),
        expiresAt: new Date(current.getTime() + LIMITS.verCodeTtlMinutes * 60_000),
        createdAt: current,
      });
      return { code, id: row.id };
    },

    /** Undo an issue whose message could not be delivered, so the cooldown does not apply. */
    withdraw: (id: string) => repo.delete(id),

    /** Checks a code without using it up; a wrong guess counts against the code. */
    async check(input: { target: string; purpose: string; code: string }): Promise<CodeRow> {
      const row = await repo.latest(input.target, input.purpose);
      if (!row || row.consumedAt || row.expiresAt <= now()) throw new AppError('CODE_EXPIRED');
      if (row.attempts >= LIMITS.verCodeMaxWrongTries) throw new AppError('CODE_TOO_MANY_TRIES');
      if (row.codeHash !== hashCode(input.target, input.code.trim())) {
        const attempts = await repo.addAttempt(row.id);
        throw new AppError(attempts >= LIMITS.verCodeMaxWrongTries ? 'CODE_TOO_MANY_TRIES' : 'CODE_WRONG');
      }
      return row;
    },

    /** Uses a checked code up inside the caller's transaction. */
    async consume(tx: Db, id: string) {
      const ok = await createVerificationCodeRepository(tx).consume(id, now());
      if (!ok) throw new AppError('CODE_EXPIRED');
    },
  };
}
export type VerificationCodeService = ReturnType<typeof createVerificationCodeService>;
