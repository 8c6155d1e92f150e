import type { PageRequest } from '@turing/contract';
import type { Database } from '../../db/client.ts';
import { mapPage } from '../../db/paging.ts';
import { AppError } from '../../shared/app-error.ts';
import type { SessionService } from '../auth/index.ts';
import type { UserService } from '../user/index.ts';
import { createModerationRepository, type ReportStatus } from './moderation.repository.ts';

/** The operator's moderation: the report queue, hiding and restoring works, suspending users. */
export function createModerationService(deps: { database: Database; users: UserService; sessions: SessionService }) {
  const repo = createModerationRepository(deps.database);

  async function operatorTarget(text: string) {
    const user = await deps.users.findForOperator(text);
    if (!user) throw new AppError('USER_NOT_FOUND');
    return user;
  }

  return {
    async reports(status: ReportStatus, page: PageRequest) {
      return mapPage(await repo.reports(status, page), ({ sortKey: _, createdAt, ...row }) => ({
        ...row,
        createdAt: createdAt.toISOString(),
      }));
    },

    async hide(workId: string, reason: string) {
      const out = await repo.setState(workId, 'hidden', reason || null);
      if (!out) throw new AppError('WORK_NOT_FOUND');
      return { id: workId, ...out };
    },

    /** Publishes a hidden work again; any other work is left as it is. */
    async restore(workId: string) {
      const out = await repo.setState(workId, 'published', null);
      if (!out) throw new AppError('WORK_NOT_FOUND');
      return { id: workId, ...out };
    },

    /** Signed out everywhere at once; login and every existing cookie are refused from now on. */
    async suspend(text: string) {
      const user = await operatorTarget(text);
      await repo.setSuspended(user.id, true);
      await deps.sessions.revokeAll(user.id);
      return { userId: user.id, username: user.username, suspended: true };
    },

    async unsuspend(text: string) {
      const user = await operatorTarget(text);
      await repo.setSuspended(user.id, false);
      deps.sessions.userChanged(user.id);
      return { userId: user.id, username: user.username, suspended: false };
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
