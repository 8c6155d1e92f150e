import type { FastifyInstance } from 'fastify';
import { ADMIN_TOKEN_HEADER } from '@turing/contract';
import type { AdminGuard } from '../modules/support/index.ts';
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
  // Each is logged for the operator, with the address and never what was sent.
  app.addHook('onRequest', async (req, reply) => {
    const given = req.headers[ADMIN_TOKEN_HEADER];
    try {
      await opts.guard.check(req.ip, given);
    } catch (err) {
      if (err instanceof AppError && (err.code === 'ADMIN_TOKEN_LOCKED' || err.code === 'ADMIN_TOKEN_INVALID')) {
        const locked = err.code === 'ADMIN_TOKEN_LOCKED';
        req.log.warn(
          { ip: req.ip, path: req.routeOptions.url, tokenSent: typeof given === 'string' && given !== '', locked },
          locked ? 'wrong admin token: address throttled' : 'wrong admin token',
        );
        if (locked) reply.header('retry-after', String(err.params.seconds));
      }
      throw err;
    }
  });
  for (const register of opts.modules) await register(app);
}
