import { bindRoutes } from '../../../shared/module-parts.ts';
import { requireAccess } from '../project-access.ts';
import type { ProjectPartDeps } from '../project-deps.ts';
import { createDraftsRepository } from './drafts.repository.ts';
import { draftsRoutes } from './drafts.routes.ts';
import { createDraftsService } from './drafts.service.ts';

/** The studio's drafts on the server. */
export function createDraftsPart(deps: ProjectPartDeps) {
  const { db } = deps.database;
  const drafts = createDraftsService({
    drafts: createDraftsRepository(db),
    requireAccess: (projectId, userId, needed) => requireAccess(db, projectId, userId, needed),
  });
  return { service: drafts, routes: bindRoutes(draftsRoutes, { drafts }) };
}
