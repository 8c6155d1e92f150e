import type { FastifyInstance } from 'fastify';
import { userRoutes } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';
import { defineRoute } from '../../shared/define-route.ts';
import type { WechatClient } from '../auth/wechat.client.ts';
import { toProfile } from './user.mapper.ts';
import type { UserService } from './user.service.ts';

export async function userModule(app: FastifyInstance, opts: { users: UserService; wechat: WechatClient | null }) {
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

  defineRoute(app, userRoutes.bindWechat, async (req) => {
    if (!opts.wechat) throw new AppError('WECHAT_UNAVAILABLE');
    const user = req.user!;
    if (user.wechatOpenId) throw new AppError('PHONE_ALREADY_BOUND_WECHAT');
    const openId = await opts.wechat.openIdFor(req.query.code);
    const holder = await users.findByWechat(openId);
    if (holder && holder.id !== user.id) throw new AppError('WECHAT_TAKEN');
    return toProfile((await users.link(user.id, { wechatOpenId: openId }))!);
  });
}
