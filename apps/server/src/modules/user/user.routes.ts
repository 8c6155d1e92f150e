import type { FastifyInstance } from 'fastify';
import { userRoutes } from '@turing/contract';
import { defineRoute } from '../../shared/define-route.ts';
import type { OAuthService } from '../auth/index.ts';
import { toProfile } from './user.mapper.ts';
import type { UserService } from './user.service.ts';

export async function userModule(app: FastifyInstance, opts: { users: UserService; oauth: OAuthService }) {
  const { users, oauth } = opts;

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

  // Only a ticket from the server's WeChat callback, made for this very session; never a raw WeChat code.
  defineRoute(app, userRoutes.bindWechat, async (req) =>
    toProfile(await oauth.bindWechat(req.user!, req.sessionToken!, req.query.ticket)),
  );
}
