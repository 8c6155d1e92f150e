import { and, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { AuditActor, AuditChange } from '../../shared/audit.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditFilter {
  actor?: string;
  action?: string;
  target?: string;
  from?: Date;
  to?: Date;
  /** Rows older than this id (the page before). */
  beforeId?: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The audit trail: one insert per admin action, reads newest first. Nothing here updates or deletes. */
export function createAuditRepository(db: Db) {
  return {
    async append(actor: AuditActor, change: AuditChange) {
      await db.insert(auditLog).values({
        actorId: actor.userId,
        actorName: actor.name,
        actorRole: actor.role,
        via: actor.via,
        action: actor.action,
        targetType: change.targetType,
        targetId: change.targetId,
        targetLabel: change.targetLabel ?? null,
        before: change.before ?? null,
        after: change.after ?? null,
        ip: actor.ip,
        requestId: actor.requestId,
      });
    },

    list(filter: AuditFilter, limit: number) {
      const where: (SQL | undefined)[] = [];
      if (filter.actor) {
        where.push(
          UUID.test(filter.actor)
            ? eq(auditLog.actorId, filter.actor)
            : filter.actor.toLowerCase() === 'token'
              ? eq(auditLog.via, 'token')
              : sql`lower(${auditLog.actorName}) = lower(${filter.actor})`,
        );
      }
      if (filter.action) where.push(like(auditLog.action, `${escapeLike(filter.action)}%`));
      if (filter.target) {
        where.push(
          or(eq(auditLog.targetId, filter.target), sql`lower(${auditLog.targetLabel}) = lower(${filter.target})`),
        );
      }
      if (filter.from) where.push(gte(auditLog.at, filter.from));
      if (filter.to) where.push(lt(auditLog.at, filter.to));
      if (filter.beforeId !== undefined) where.push(lt(auditLog.id, filter.beforeId));
      return db
        .select()
        .from(auditLog)
        .where(and(...where))
        .orderBy(desc(auditLog.id))
        .limit(limit);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
