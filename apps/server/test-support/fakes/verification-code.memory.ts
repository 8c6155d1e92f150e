import { randomUUID } from 'node:crypto';
import type { CodeRow, VerificationCodeRepository } from '../../src/modules/identity/verification-code.repository.ts';
import { unscoped, type MemoryStore } from './memory-store.ts';

/**
 * The verification codes (verification-code.repository.ts) over in-memory rows: the newest code of
 * a target and purpose is the one read, a try is counted only on an open code with tries left, and
 * a code is used once.
 */
export function createMemoryVerificationCodes(store: MemoryStore) {
  const rows = store.table<CodeRow>();
  const of = (target: string, purpose: string) =>
    [...rows.values()].filter((r) => r.target === target && r.purpose === purpose);

  const repository: VerificationCodeRepository = {
    async latest(target, purpose) {
      const newest = of(target, purpose).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      return newest ? { ...newest } : null;
    },
    async insert(values) {
      const row: CodeRow = {
        id: randomUUID(),
        attempts: 0,
        consumedAt: null,
        createdAt: store.now(),
        ...values,
      } as CodeRow;
      rows.set(row.id, row);
      return { ...row };
    },
    async retireOpen(target, purpose, at) {
      for (const row of of(target, purpose)) if (!row.consumedAt) row.consumedAt = at;
    },
    async claimTry(id, maxTries, at) {
      const row = rows.get(id);
      if (!row || row.attempts >= maxTries || row.consumedAt || row.expiresAt <= at) return null;
      row.attempts += 1;
      return { attempts: row.attempts, codeHash: row.codeHash };
    },
    async consume(id, at) {
      const row = rows.get(id);
      if (!row || row.consumedAt) return false;
      row.consumedAt = at;
      return true;
    },
    async delete(id) {
      rows.delete(id);
    },
  };
  return { repository, scoped: unscoped(repository), rows };
}
