import type { FastifyInstance, FastifyRequest } from 'fastify';
import { communityRoutes } from '@turing/contract';
import { defineRoute } from '../../shared/define-route.ts';
import type { WorksService } from './works.service.ts';

const perCaller = (max: number, timeWindow: string) => ({
  rateLimit: { max, timeWindow, keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip },
});

/** The community's works: gallery, detail, publishing and the toggles. */
export async function worksModule(app: FastifyInstance, opts: { works: WorksService }) {
  const { works } = opts;
  const viewer = (req: FastifyRequest) => req.user?.id ?? null;

  defineRoute(app, communityRoutes.tags, async () => works.tags());
  defineRoute(app, communityRoutes.banners, async () => works.banners());
  defineRoute(app, communityRoutes.works, async (req) => works.list(req.query, viewer(req)));
  defineRoute(app, communityRoutes.collected, async (req) => works.collected(req.query.userId, req.query, viewer(req)));
  defineRoute(app, communityRoutes.liked, async (req) => works.liked(req.user!.id, req.query));
  defineRoute(app, communityRoutes.derived, async (req) => works.derived(req.query.id, req.query, viewer(req)));
  defineRoute(app, communityRoutes.detail, async (req) => works.detail(req.query.id, viewer(req)));
  defineRoute(app, communityRoutes.params, async (req) => works.params(req.query.id, req.user!.id));
  defineRoute(app, communityRoutes.copy, async (req) => works.copy(req.body.id, req.user!.id));

  // Publishing is a deliberate act; the limit only stops a script from flooding the gallery.
  defineRoute(
    app,
    communityRoutes.publish,
    async (req) => works.publish(req.user!.id, req.body),
    perCaller(60, '1 hour'),
  );
  defineRoute(app, communityRoutes.update, async (req) => works.update(req.user!.id, req.body));
  defineRoute(app, communityRoutes.unpublish, async (req) => {
    await works.unpublish(req.user!.id, req.body.id);
    return null;
  });

  defineRoute(app, communityRoutes.like, async (req) => works.like(req.body.id, req.user!.id));
  defineRoute(app, communityRoutes.unlike, async (req) => works.unlike(req.body.id, req.user!.id));
  defineRoute(app, communityRoutes.collect, async (req) => works.collect(req.body.id, req.user!.id));
  defineRoute(app, communityRoutes.uncollect, async (req) => works.uncollect(req.body.id, req.user!.id));

  // Anyone may share or report, so both are limited per address (or account) against scripted
  // calls; each also counts once per caller and work (a share once a day, a report while open).
  const caller = (req: FastifyRequest) => ({ userId: viewer(req), ip: req.ip });
  defineRoute(
    app,
    communityRoutes.share,
    async (req) => works.share(req.body.id, caller(req)),
    perCaller(60, '1 minute'),
  );
  defineRoute(
    app,
    communityRoutes.report,
    async (req) => {
      await works.report(req.body.id, caller(req), req.body.reason, req.body.details);
      return null;
    },
    perCaller(10, '1 hour'),
  );
}
