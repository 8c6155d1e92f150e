import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PROJECT_LIMITS, projectRoutes } from '@turing/contract';
import { defineRoute } from '../../../shared/define-route.ts';
import type { MembersService } from './members.service.ts';
import type { ProjectsService } from './projects.service.ts';
import type { ViewsService } from './views.service.ts';

/**
 * Invitations one owner may send in an hour: a team is added in a sitting, while a script trying
 * addresses to learn which have accounts learns a few an hour at most.
 */
export const MEMBER_ADDS_PER_HOUR = 30;

/** A per-user limit of one kind of call (its own count, whichever route makes it). */
const perUser = (name: string, max: number, timeWindow: string) => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (req: FastifyRequest) => `${name}:${req.user?.id ?? req.ip}`,
  },
});

export async function projectsRoutes(
  app: FastifyInstance,
  opts: { projects: ProjectsService; views: ViewsService; members: MembersService },
) {
  const { projects, views, members } = opts;
  const r = projectRoutes;
  const creates = perUser('project-create', PROJECT_LIMITS.createsPerHour, '1 hour');

  defineRoute(app, r.projects, async (req) => projects.list(req.user!.id, req.query));
  defineRoute(app, r.project, async (req) => projects.get(req.user!.id, req.query.id));
  defineRoute(app, r.projectCreate, async (req) => projects.create(req.user!.id, req.body, req.locale), creates);
  defineRoute(app, r.projectFromFolder, async (req) => projects.fromFolder(req.user!.id, req.body), creates);
  defineRoute(app, r.projectUpdate, async (req) => projects.update(req.user!.id, req.body));
  defineRoute(app, r.projectDelete, async (req) => projects.remove(req.user!.id, req.body.id));
  defineRoute(app, r.projectLeave, async (req) => members.leave(req.user!.id, req.body.id));
  defineRoute(app, r.styleSet, async (req) => projects.setStyle(req.user!.id, req.body));

  defineRoute(app, r.viewCreate, async (req) => views.createView(req.user!.id, req.body));
  defineRoute(app, r.viewUpdate, async (req) => views.updateView(req.user!.id, req.body));
  defineRoute(app, r.viewDelete, async (req) => views.removeView(req.user!.id, req.body.id));

  defineRoute(app, r.versions, async (req) => views.list(req.user!.id, req.query.viewId));
  defineRoute(app, r.versionAdd, async (req) => views.add(req.user!.id, req.body));
  defineRoute(app, r.versionCurrent, async (req) => views.makeCurrent(req.user!.id, req.body));
  defineRoute(app, r.versionStar, async (req) => views.star(req.user!.id, req.body));
  defineRoute(app, r.versionRemove, async (req) => views.remove(req.user!.id, req.body));

  defineRoute(app, r.members, async (req) => members.list(req.user!.id, req.query.projectId));
  defineRoute(
    app,
    r.memberAdd,
    async (req) => members.add(req.user!.id, req.body, req.locale),
    perUser('project-member-add', MEMBER_ADDS_PER_HOUR, '1 hour'),
  );
  defineRoute(app, r.memberRole, async (req) => members.setRole(req.user!.id, req.body));
  defineRoute(app, r.memberRemove, async (req) => members.remove(req.user!.id, req.body));
}
