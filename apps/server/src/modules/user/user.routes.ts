import type { FastifyInstance } from 'fastify';
import { userRoutes } from '@turing/contract';
import { defineRoute } from '../../shared/define-route.ts';
import { toProfile } from './user.mapper.ts';

export async function userModule(app: FastifyInstance) {
  defineRoute(app, userRoutes.info, async (req) => toProfile(req.user!));

  defineRoute(app, userRoutes.logout, async (req, reply) => {
    await app.endSession(req, reply);
    return null;
  });
}
