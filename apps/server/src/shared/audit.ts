import type { OperatorRole } from '@turing/contract';
import type { Db } from '../db/client.ts';

/** Who made an admin call, as its audit row names them. */
export interface AuditActor {
  /** The operator's account; null for the admin token. */
  userId: string | null;
  name: string;
  role: OperatorRole;
  via: 'token' | 'session';
  ip: string;
  requestId: string;
  /** The route's path under /admin (`credits/grant`). */
  action: string;
}

/** What an admin action changed. `before` and `after` hold only the fields it changed. */
export interface AuditChange {
  targetType: string;
  targetId: string;
  targetLabel?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes the audit row of the current admin action with `tx`: the service performing the action
 * calls it inside its own transaction, so the row and the change commit together or not at all.
 */
export type AuditWrite = (tx: Db, change: AuditChange) => Promise<void>;

/** The store of audit rows (append-only). */
export interface AuditTrail {
  append(tx: Db, actor: AuditActor, change: AuditChange): Promise<void>;
}
