import type { FastifyInstance } from 'fastify';
import { ADMIN_TOKEN_HEADER } from '@turing/contract';
import type { AdminGuard } from '../modules/support/admin-guard.ts';
import { AppError } from '../shared/app-error.ts';

/**
 * The operator's API under /admin: every module registered in this scope is guarded by the admin
 * token instead of a session and kept out of the public OpenAPI document.
 */
export async function adminScope(
  app: FastifyInstance,
  opts: { guard: AdminGuard; modules: ((scope: FastifyInstance) => Promise<void>)[] },
) {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  // Wrong tokens are counted per address: after a few, the address waits (429 with Retry-After).
  app.addHook('onRequest', async (req, reply) => {
    try {
      await opts.guard.check(req.ip, req.headers[ADMIN_TOKEN_HEADER]);
    } catch (err) {
      if (err instanceof AppError && err.code === 'ADMIN_TOKEN_LOCKED') {
        reply.header('retry-after', String(err.params.seconds));
      }
      throw err;
    }
  });
  for (const register of opts.modules) await register(app);
}
