import { bindRoutes } from '../../../shared/module-parts.ts';
import { hashPassword, verifyPassword } from '../../../shared/password.ts';
import { browserUrl } from '../../../storage/storage.ts';
import { projectAccess } from '../project-access.ts';
import type { ProjectPartDeps } from '../project-deps.ts';
import { createCommentsRepository } from './comments.repository.ts';
import { createReviewRepository } from './review.repository.ts';
import { reviewModuleRoutes } from './review.routes.ts';
import { createReviewService } from './review.service.ts';

/** Signed image addresses live about an hour, as everywhere else; a link's scope can end them sooner. */
const IMAGE_URL_TTL_SECONDS = 3600;

/** Review links, pinned comments and the review page's guest routes. */
export function createReviewPart(deps: ProjectPartDeps) {
  const { db } = deps.database;
  const review = createReviewService({
    review: createReviewRepository(db),
    comments: createCommentsRepository(db),
    access: (projectId, userId) => projectAccess(db, projectId, userId),
    limits: deps.limits,
    passwords: { hash: hashPassword, verify: verifyPassword },
    imageUrl: (key, scope) => browserUrl(deps.storage, key, IMAGE_URL_TTL_SECONDS, scope),
    mail: (mail) => deps.messaging.notifyByEmail(mail),
    publicUrl: deps.config.publicUrl,
    log: deps.log,
  });
  return { service: review, routes: bindRoutes(reviewModuleRoutes, { review }) };
}
