// The works service's toggles and counts (likes, collections, shares, reports), split from
// works.service.ts: what other people do to a work, each one statement of the toggles repository,
// as against what its creator does to it and what the gallery shows of it.
import { createHash } from 'node:crypto';
import { AppError } from '../../shared/app-error.ts';
import type { WorksRepository } from './works.repository.ts';
import type { ToggleKind, WorksTogglesRepository } from './works.toggles.repository.ts';

/** Who shares or reports: the signed-in account, or else the address the request came from. */
export interface Caller {
  userId: string | null;
  ip: string;
}

/**
 * The key that counts a caller once: the account, or a digest of the address (the address itself
 * is not stored with the share or the report).
 */
const callerKey = (caller: Caller) =>
  caller.userId ? `user:${caller.userId}` : `ip:${createHash('sha256').update(caller.ip).digest('hex').slice(0, 32)}`;

export function createWorkToggles(deps: {
  toggles: WorksTogglesRepository;
  /** Whose work was liked, for the milestones a like may complete. */
  works: Pick<WorksRepository, 'find'>;
  publicUrl: string;
  /** Told when a creator may have reached a milestone (never throws). */
  achievements?: { refresh(userId: string): Promise<void> };
}) {
  const { toggles } = deps;

  async function toggle(kind: ToggleKind, on: boolean, id: string, userId: string) {
    const counts = await toggles.toggle(kind, on, id, userId);
    if (!counts) throw new AppError('WORK_NOT_FOUND');
    if (on && kind === 'like' && deps.achievements) {
      const found = await deps.works.find(id);
      if (found) await deps.achievements.refresh(found.work.userId);
    }
    return { active: on, ...counts };
  }

  return {
    like: (id: string, userId: string) => toggle('like', true, id, userId),
    unlike: (id: string, userId: string) => toggle('like', false, id, userId),
    collect: (id: string, userId: string) => toggle('collect', true, id, userId),
    uncollect: (id: string, userId: string) => toggle('collect', false, id, userId),

    /**
     * The public link is built from the configured address, never from what a request claims. The
     * share is counted once per caller (the account, else the address) per work and day.
     */
    async share(id: string, caller: Caller) {
      const shareCount = await toggles.share(id, callerKey(caller));
      if (shareCount === null) throw new AppError('WORK_NOT_FOUND');
      return { url: `${deps.publicUrl}/#/detail/${id}`, shareCount };
    },

    /** One open report per reporter (the account, else the address) and work; a repeat is accepted quietly. */
    async report(id: string, caller: Caller, reason: string, details: string) {
      const reporter = { id: caller.userId, key: callerKey(caller) };
      if (!(await toggles.report(id, reporter, reason, details))) throw new AppError('WORK_NOT_FOUND');
    },
  };
}
