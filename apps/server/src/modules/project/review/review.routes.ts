import type { FastifyInstance, FastifyRequest } from 'fastify';
import { projectRoutes, reviewRoutes } from '@turing/contract';
import { defineRoute } from '../../../shared/define-route.ts';
import type { ReviewService } from './review.service.ts';

/** Comments one member may write in a minute: a conversation, not a script. */
const MEMBER_COMMENTS_PER_MINUTE = 30;
/** Review links one owner may make in a minute. */
const LINK_CREATES_PER_MINUTE = 30;
/**
 * Calls of a review link's page from one address in a minute, before any other limit: a reload, a
 * password, a few comments. The password and comment limits per link and address come after it.
 */
const GUEST_CALLS_PER_MINUTE = 60;

const perUser = (max: number) => ({
  rateLimit: { max, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip },
});
const perAddress = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** The members' comment routes and the owner's review links (all need a session). */
async function memberReviewRoutes(app: FastifyInstance, review: ReviewService) {
  defineRoute(app, projectRoutes.comments, async (req) => review.comments(req.user!, req.query));
  defineRoute(
    app,
    projectRoutes.commentCreate,
    async (req) => review.commentCreate(req.user!, req.body),
    perUser(MEMBER_COMMENTS_PER_MINUTE),
  );
  defineRoute(app, projectRoutes.commentResolve, async (req) => review.commentResolve(req.user!, req.body));
  defineRoute(app, projectRoutes.commentDelete, async (req) => review.commentDelete(req.user!, req.body.id));
  defineRoute(app, projectRoutes.reviewLinks, async (req) => review.reviewLinks(req.user!.id, req.query.projectId));
  defineRoute(
    app,
    projectRoutes.reviewLinkCreate,
    async (req) => review.reviewLinkCreate(req.user!.id, req.body),
    perUser(LINK_CREATES_PER_MINUTE),
  );
  defineRoute(app, projectRoutes.reviewLinkRevoke, async (req) => review.reviewLinkRevoke(req.user!.id, req.body.id));
}

/**
 * A review link's guest: no account and no session. These routes never look at the app's session
 * cookie (the session plugin skips routes marked `session: false`), so a signed-in owner opening
 * their own link sees exactly what a guest sees. They are state-changing POSTs like sign-in, and like
 * it they need the app's header.
 */
async function guestReviewRoutes(app: FastifyInstance, review: ReviewService) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, session: false };
  });
  defineRoute(
    app,
    reviewRoutes.reviewOpen,
    async (req) => review.reviewOpen({ token: req.body.token, password: req.body.password, ip: req.ip }),
    perAddress(GUEST_CALLS_PER_MINUTE),
  );
  defineRoute(
    app,
    reviewRoutes.reviewComment,
    async (req) => {
      const { token, password, ...comment } = req.body;
      return review.reviewComment({ token, password, ip: req.ip }, comment);
    },
    perAddress(GUEST_CALLS_PER_MINUTE),
  );
}

export async function reviewModuleRoutes(app: FastifyInstance, opts: { review: ReviewService }) {
  await memberReviewRoutes(app, opts.review);
  // In a scope of its own, so marking its routes sessionless touches no other route.
  await app.register(async (guest) => guestReviewRoutes(guest, opts.review));
}
