import { decodeCursor, encodeCursor, type AuditEntry, type Locale, type Page } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import type { Scoped } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AuditTrail } from '../../shared/audit.ts';
import { csvFile } from '../../shared/csv.ts';
import type { AuditFilter, AuditRepository, AuditRow } from './audit.repository.ts';

// Audit rows are ordered by their identity, not by a uuid: the cursor's id part is a placeholder.
const NIL = '00000000-0000-0000-0000-000000000000';
const EXPORT_PAGE = 1000;

export interface AuditQueryInput {
  actor?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
}

const toEntry = (row: AuditRow): AuditEntry => ({
  id: String(row.id),
  at: row.at.toISOString(),
  actor: {
    id: row.actorId,
    name: row.actorName,
    role: row.actorRole as AuditEntry['actor']['role'],
    via: row.via as 'token' | 'session',
  },
  action: row.action,
  target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
  before: row.before,
  after: row.after,
  ip: row.ip,
});

const filterOf = (q: AuditQueryInput): AuditFilter => ({
  actor: q.actor || undefined,
  action: q.action || undefined,
  target: q.target || undefined,
  from: q.from ? new Date(q.from) : undefined,
  to: q.to ? new Date(q.to) : undefined,
});

const HEADERS = {
  en: [
    'time',
    'operator',
    'role',
    'via',
    'action',
    'target type',
    'target',
    'target name',
    'before',
    'after',
    'address',
  ],
  zh: ['时间', '操作人', '角色', '方式', '操作', '对象类型', '对象', '对象名称', '操作前', '操作后', '地址'],
};

/** The audit trail: written by every admin action in its own transaction, read by the console. */
export function createAuditService(deps: { audit: Scoped<AuditRepository>; exportMax: number }) {
  const trail: AuditTrail = {
    append: (tx: Db, actor, change) => deps.audit.in(tx).append(actor, change),
  };
  return {
    trail,

    async list(q: AuditQueryInput & { cursor?: string; limit: number }): Promise<Page<AuditEntry>> {
      let beforeId: number | undefined;
      if (q.cursor) {
        const at = decodeCursor(q.cursor);
        beforeId = at ? Number(at.sort) : NaN;
        if (!Number.isSafeInteger(beforeId)) throw new AppError('CURSOR_INVALID');
      }
      const rows = await deps.audit.pool.list({ ...filterOf(q), beforeId }, q.limit + 1);
      const items = rows.slice(0, q.limit).map(toEntry);
      const last = rows.length > q.limit ? rows[q.limit - 1] : undefined;
      return { items, nextCursor: last ? encodeCursor({ sort: String(last.id), id: NIL }) : null };
    },

    /** Newest first, at most `exportMax` rows (the console says to narrow the filter past that). */
    async csv(q: AuditQueryInput, locale: Locale) {
      const rows: AuditRow[] = [];
      let beforeId: number | undefined;
      while (rows.length < deps.exportMax) {
        const batch = await deps.audit.pool.list(
          { ...filterOf(q), beforeId },
          Math.min(EXPORT_PAGE, deps.exportMax - rows.length),
        );
        rows.push(...batch);
        if (batch.length < EXPORT_PAGE) break;
        beforeId = batch[batch.length - 1]!.id;
      }
      const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
      return csvFile(
        HEADERS[locale],
        rows.map((r) => [
          r.at.toISOString(),
          r.actorName,
          r.actorRole,
          r.via,
          r.action,
          r.targetType,
          r.targetId,
          r.targetLabel,
          json(r.before),
          json(r.after),
          r.ip,
        ]),
      );
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
