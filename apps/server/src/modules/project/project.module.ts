import { moduleParts } from '../../shared/module-parts.ts';
import type { ProjectModuleDeps } from './project-deps.ts';
import { createDraftsPart } from './drafts/drafts.part.ts';
import { createProjectsPart } from './projects/projects.part.ts';
import { createReviewPart } from './review/review.part.ts';

/**
 * The level above one picture: projects with views and their versions, shared with members and shown
 * to clients through review links; and the studio's drafts, kept per user, project and page.
 */
export function createProjectModule(deps: ProjectModuleDeps) {
  const projects = createProjectsPart(deps);
  const review = createReviewPart(deps);
  const drafts = createDraftsPart(deps);
  return moduleParts(
    { projects: projects.service, review: review.service, drafts: drafts.service },
    { public: [projects.routes, review.routes, drafts.routes] },
  );
}
