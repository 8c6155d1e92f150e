import type { FastifyInstance } from 'fastify';
import { userRoutes } from '@turing/contract';
import { defineRoute } from '../../shared/define-route.ts';
import { toProfile } from './user.mapper.ts';
import type { UserService } from './user.service.ts';

/** The signed-in user's own account. Binding WeChat, a sign-in flow's last step, is auth's route. */
export async function userModule(app: FastifyInstance, opts: { users: UserService }) {
  const { users } = opts;

  defineRoute(app, userRoutes.info, async (req) => toProfile(req.user!));

  defineRoute(app, userRoutes.logout, async (req, reply) => {
    await app.endSession(req, reply);
    return null;
  });

  defineRoute(app, userRoutes.updateInfo, async (req) => toProfile(await users.updateInfo(req.user!, req.body)));

  defineRoute(app, userRoutes.changePassword, async (req) => {
    await users.changePassword(req.user!, req.sessionToken!, req.body);
    return null;
  });

  defineRoute(app, userRoutes.guideGet, async (req) => ({ progress: req.user!.guideProgress }));

  defineRoute(app, userRoutes.guideSet, async (req) => ({
    progress: await users.setGuideStep(req.user!.id, req.query.key, req.query.done),
  }));

  defineRoute(app, userRoutes.bindContact, async (req) =>
    toProfile(await users.bindContact(req.user!, req.body, req.ip)),
  );
}
