import type { ProjectAccess, StudioDraftData } from '@turing/contract';
import type { StudioDraftRow } from '../../../db/schema/index.ts';
import type { DraftsRepository } from './drafts.repository.ts';

/** The scope of drafts made outside any project. */
const NO_PROJECT = 'none';

export interface DraftsDeps {
  drafts: DraftsRepository;
  /** Throws PROJECT_NOT_FOUND unless the user may open the project. */
  requireAccess(projectId: string, userId: string, needed: ProjectAccess): Promise<unknown>;
  /** The server's clock: an edit stamped later than this (a browser's clock running ahead) is taken as now. */
  now?: () => Date;
}

const toDraft = (row: StudioDraftRow): StudioDraftData => ({
  data: row.data,
  rev: row.rev,
  editedAt: row.editedAt.toISOString(),
});

/**
 * The studio's drafts on the server, one per user, project and page, so another browser or computer
 * continues where the user stopped. Of two tabs saving at once the newer edit is kept, and the tab
 * whose save lost is answered with the kept draft to show instead.
 */
export function createDraftsService(deps: DraftsDeps) {
  const now = deps.now ?? (() => new Date());
  const scopeOf = async (userId: string, projectId: string | undefined) => {
    if (!projectId) return NO_PROJECT;
    await deps.requireAccess(projectId, userId, 'viewer');
    return projectId;
  };

  return {
    async get(userId: string, q: { mode: string; projectId?: string }) {
      const scope = await scopeOf(userId, q.projectId);
      const row = await deps.drafts.get({ userId, scope, mode: q.mode });
      return { draft: row ? toDraft(row) : null };
    },

    async save(
      userId: string,
      body: { mode: string; projectId?: string; data: Record<string, unknown>; baseRev: number; editedAt: string },
    ): Promise<{ saved: boolean; draft: StudioDraftData }> {
      const key = { userId, scope: await scopeOf(userId, body.projectId), mode: body.mode };
      // A clock ahead of the server's must not make one browser's drafts win every conflict for hours.
      const editedAt = new Date(Math.min(Date.parse(body.editedAt), now().getTime()));
      const saved = await deps.drafts.save(key, { data: body.data, baseRev: body.baseRev, editedAt });
      if (saved) return { saved: true, draft: toDraft(saved) };
      const kept = await deps.drafts.get(key);
      // Cleared between the two statements: nothing newer is kept after all, so this one is saved.
      if (!kept) return this.save(userId, { ...body, baseRev: 0 });
      return { saved: false, draft: toDraft(kept) };
    },

    async clear(userId: string, body: { mode?: string; projectId?: string }) {
      const scope = body.projectId ? await scopeOf(userId, body.projectId) : body.mode ? NO_PROJECT : undefined;
      await deps.drafts.clear(userId, { scope, mode: body.mode });
      return { ok: true as const };
    },
  };
}
export type DraftsService = ReturnType<typeof createDraftsService>;
