import type { FastifyInstance, FastifyRequest } from 'fastify';
import { creatorRoutes } from '@turing/contract';
import { defineRoute } from '../../shared/define-route.ts';
import type { AchievementService } from './achievements.service.ts';
import type { CreatorService } from './creators.service.ts';
import type { FollowService } from './follows.service.ts';

// Generous for people clicking follow buttons, tight enough to stop a script farming followers.
const followLimit = {
  rateLimit: { max: 300, timeWindow: '1 hour', keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip },
};

/** The spec's user calls of the community: follows, home pages, recommended creators, achievements. */
export async function creatorModule(
  app: FastifyInstance,
  opts: { creators: CreatorService; follows: FollowService; achievements: AchievementService },
) {
  const { creators, follows, achievements } = opts;
  const viewer = (req: FastifyRequest) => req.user?.id ?? null;

  defineRoute(
    app,
    creatorRoutes.subscribe,
    async (req) => follows.subscribe(req.user!.id, req.query.userId),
    followLimit,
  );

  defineRoute(
    app,
    creatorRoutes.unsubscribe,
    async (req) => follows.unsubscribe(req.user!.id, req.query.userId),
    followLimit,
  );

  defineRoute(app, creatorRoutes.waterfallBlogger, async (req) => creators.recommended(req.query.limit, viewer(req)));

  defineRoute(app, creatorRoutes.home, async (req) => creators.home(req.query.userId, viewer(req)));

  defineRoute(app, creatorRoutes.achievement, async (req) => achievements.list(req.query.userId ?? viewer(req)));

  defineRoute(app, creatorRoutes.followers, async (req) =>
    follows.list('followers', req.query.userId, viewer(req), req.query),
  );

  defineRoute(app, creatorRoutes.following, async (req) =>
    follows.list('following', req.query.userId, viewer(req), req.query),
  );
}
