import type { PageRequest } from '@turing/contract';
import { mapPage } from '../../db/paging.ts';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AuditWrite } from '../../shared/audit.ts';
import type { SessionService } from '../identity/index.ts';
import type { UserService } from '../user/index.ts';
import { createModerationQueries } from './moderation.queue.service.ts';
import type { ModerationQueueRepository } from './moderation.queue.repository.ts';
import type { ModeratedWorkRow, ModerationRepository, ReportStatus } from './moderation.repository.ts';

export interface ModerationDeps {
  moderation: Scoped<ModerationRepository>;
  queue: ModerationQueueRepository;
  transaction: Transactor;
  users: Pick<UserService, 'findForOperator'>;
  sessions: Pick<SessionService, 'revokeAll' | 'userChanged'>;
  /** The URL an operator's browser loads a work's image from, bound to the work's current link version. */
  workImageUrl: (key: string, workId: string, linkVersion: number) => string;
}

type Fields = Record<string, unknown>;

/**
 * The fields of `before` that differ in `after`, on both sides. A call that changed nothing still
 * leaves its row in the trail, naming the state it found.
 */
function changed(before: Fields, after: Fields, unchanged: Fields) {
  const keys = Object.keys(after).filter((k) => before[k] !== after[k]);
  if (keys.length === 0) return { before: unchanged, after: unchanged };
  const pick = (from: Fields) => Object.fromEntries(keys.map((k) => [k, from[k]]));
  return { before: pick(before), after: pick(after) };
}

const workTarget = (workId: string, work: ModeratedWorkRow) => ({
  targetType: 'work',
  targetId: workId,
  targetLabel: work.title,
});

/**
 * The operator's moderation: the report queue, hiding, restoring and dismissing, suspending users.
 * Every change writes its audit row in the transaction that makes it.
 */
export function createModerationService(deps: ModerationDeps) {
  const repo = deps.moderation.pool;

  async function operatorTarget(text: string) {
    const user = await deps.users.findForOperator(text);
    if (!user) throw new AppError('USER_NOT_FOUND');
    return user;
  }

  async function suspension(text: string, suspended: boolean, audit: AuditWrite, byOwner: boolean) {
    const user = await operatorTarget(text);
    await deps.transaction(async (tx) => {
      const r = deps.moderation.in(tx);
      // A moderator could otherwise lock every owner out of the console.
      if (suspended && !byOwner && (await r.isOperator(user.id))) throw new AppError('OPERATOR_PROTECTED');
      const done = await r.setSuspended(user.id, suspended, suspended && !byOwner);
      const was = done ? !suspended : suspended;
      await audit(tx, {
        targetType: 'user',
        targetId: user.id,
        targetLabel: user.username,
        before: { suspended: was },
        after: { suspended },
      });
    });
    return { userId: user.id, username: user.username, suspended };
  }

  return {
    ...createModerationQueries({ queue: deps.queue, workImageUrl: deps.workImageUrl }),

    async reports(status: ReportStatus, page: PageRequest) {
      return mapPage(await repo.reports(status, page), ({ sortKey: _, createdAt, ...row }) => ({
        ...row,
        createdAt: createdAt.toISOString(),
      }));
    },

    /**
     * Hides a work from every listing and resolves its open reports. `by` is the operator, kept
     * with the work; hiding it again keeps who hid it first, and its reason unless a new one is given.
     */
    async hide(workId: string, reason: string, by: string, audit: AuditWrite) {
      return deps.transaction(async (tx) => {
        const r = deps.moderation.in(tx);
        const work = await r.lockWork(workId);
        if (!work) throw new AppError('WORK_NOT_FOUND');
        const nextReason = reason || (work.state === 'hidden' ? work.hiddenReason : null);
        await r.hide(workId, nextReason, by);
        if (work.state === 'published') await r.countPublished(work.userId, -1);
        const resolved = await r.closeOpenReports(workId, 'resolved');
        await audit(tx, {
          ...workTarget(workId, work),
          ...changed(
            { state: work.state, reason: work.hiddenReason, openReports: resolved },
            { state: 'hidden', reason: nextReason, openReports: 0 },
            { state: work.state },
          ),
        });
        return { id: workId, state: 'hidden', resolvedReports: resolved };
      });
    },

    /** Gives a hidden work back its earlier state (published or unpublished); any other work is left as it is. */
    async restore(workId: string, audit: AuditWrite) {
      return deps.transaction(async (tx) => {
        const r = deps.moderation.in(tx);
        const work = await r.lockWork(workId);
        if (!work) throw new AppError('WORK_NOT_FOUND');
        const restored = work.state === 'hidden' ? await r.restore(workId) : null;
        if (restored === 'published') await r.countPublished(work.userId, 1);
        const before = { state: work.state, reason: work.hiddenReason, hiddenBy: work.hiddenBy };
        const after = restored ? { state: restored, reason: null, hiddenBy: null } : before;
        await audit(tx, { ...workTarget(workId, work), ...changed(before, after, { state: work.state }) });
        return { id: workId, state: after.state, resolvedReports: 0 };
      });
    },

    /** Closes the work's open reports without hiding it; the note goes to the audit trail. */
    async dismiss(workId: string, note: string, audit: AuditWrite) {
      return deps.transaction(async (tx) => {
        const r = deps.moderation.in(tx);
        const work = await r.lockWork(workId);
        if (!work) throw new AppError('WORK_NOT_FOUND');
        const dismissed = await r.closeOpenReports(workId, 'dismissed');
        if (dismissed === 0) throw new AppError('REPORTS_NOT_OPEN');
        await audit(tx, {
          ...workTarget(workId, work),
          before: { openReports: dismissed },
          after: { openReports: 0, dismissed, ...(note ? { note } : {}) },
        });
        return { workId, dismissedReports: dismissed };
      });
    },

    /** Signed out everywhere at once; login and every existing cookie are refused from now on. */
    async suspend(text: string, audit: AuditWrite, byOwner = false) {
      const out = await suspension(text, true, audit, byOwner);
      await deps.sessions.revokeAll(out.userId);
      return out;
    },

    async unsuspend(text: string, audit: AuditWrite) {
      const out = await suspension(text, false, audit, true);
      deps.sessions.userChanged(out.userId);
      return out;
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
