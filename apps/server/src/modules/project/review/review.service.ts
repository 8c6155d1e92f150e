import { createCommentsService } from './comments.service.ts';
import { createReviewContext, type ReviewDeps } from './review-context.ts';
import { createGuestReviewService } from './review-guest.service.ts';
import { createReviewLinksService } from './review-links.service.ts';

/**
 * Review links (the owner's), pinned comments (members') and what a link's guest sees and writes.
 * Its repositories, limits, clock and mail come in as parameters, so its rules run without a database.
 */
export function createReviewService(deps: ReviewDeps) {
  const ctx = createReviewContext(deps);
  return {
    ...createReviewLinksService(ctx),
    ...createCommentsService(ctx),
    ...createGuestReviewService(ctx),
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
