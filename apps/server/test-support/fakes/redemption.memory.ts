import type { CodeStatus, RedemptionRepository } from '../../src/modules/billing/redemption.repository.ts';
import { unscoped, type MemoryStore } from './memory-store.ts';

export interface MemoryCode {
  code: string;
  batch: string;
  note: string;
  cubes: number;
  planDays: number;
  expiresAt: Date | null;
  usedBy: string | null;
  usedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

/**
 * The redemption repository (redemption.repository.ts) over in-memory rows: a code is taken only
 * while unused, unrevoked and unexpired (so once), an existing code is skipped on insert, and a
 * code's state reads as the database's does: used before revoked before expired.
 * `usernameOf` stands in for the users table that the list joins.
 */
export function createMemoryRedemption(store: MemoryStore, usernameOf: (userId: string) => string | null = () => null) {
  /** By code, the primary key. */
  const rows = store.table<MemoryCode>();
  const { now } = store;
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  function statusOf(row: MemoryCode): CodeStatus {
    if (row.usedAt) return 'used';
    if (row.revokedAt) return 'revoked';
    if (row.expiresAt && row.expiresAt <= now()) return 'expired';
    return 'unused';
  }

  const repository: RedemptionRepository = {
    async take(code, userId) {
      const row = rows.get(code);
      if (!row || statusOf(row) !== 'unused') return null;
      row.usedBy = userId;
      row.usedAt = now();
      return { cubes: row.cubes, planDays: row.planDays };
    },

    async find(code) {
      const row = rows.get(code);
      if (!row) return null;
      return {
        usedBy: row.usedBy,
        usedAt: row.usedAt,
        revokedAt: row.revokedAt,
        expired: row.expiresAt !== null && row.expiresAt <= now(),
      };
    },

    async insert(batch) {
      const written: string[] = [];
      for (const values of batch) {
        if (rows.has(values.code)) continue;
        if (values.cubes < 0 || values.planDays < 0 || values.cubes + values.planDays <= 0)
          throw new Error('new row violates check constraint "redemption_codes_grants"');
        rows.set(values.code, { ...values, usedBy: null, usedAt: null, revokedAt: null, createdAt: now() });
        written.push(values.code);
      }
      return written;
    },

    async list(filter) {
      const matching = [...rows.values()].filter(
        (r) =>
          (!filter.batch || r.batch === filter.batch) && (filter.status === 'all' || statusOf(r) === filter.status),
      );
      const items = matching
        .sort(
          (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byText(a.batch, b.batch) || byText(a.code, b.code),
        )
        .slice(0, filter.limit)
        .map((r) => {
          const name = r.usedBy ? usernameOf(r.usedBy) : null;
          return {
            code: r.code,
            batch: r.batch,
            note: r.note,
            cubes: r.cubes,
            planDays: r.planDays,
            expiresAt: r.expiresAt,
            usedAt: r.usedAt,
            revokedAt: r.revokedAt,
            createdAt: r.createdAt,
            usedById: name === null ? null : r.usedBy,
            usedByName: name,
            status: statusOf(r),
          };
        });
      return { items, total: matching.length };
    },

    async revoke(target) {
      const named = [...rows.values()].filter((r) =>
        'code' in target ? r.code === target.code : r.batch === target.batch,
      );
      const open = named.filter((r) => !r.usedAt && !r.revokedAt);
      for (const row of open) row.revokedAt = now();
      return { matched: named.length, revoked: open.length };
    },
  };

  return { repository, scoped: unscoped(repository), rows, statusOf };
}
