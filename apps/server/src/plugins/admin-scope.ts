import type { FastifyInstance } from 'fastify';
import type { AdminAccess } from '../modules/admin/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the admin scope registered, with its roles (tests walk them). */
    adminRoutes?: { method: string; url: string; mutates: boolean; roles: readonly string[] }[];
  }
}

/**
 * The operator's API under /admin: every module registered in this scope is guarded by the admin
 * token or an operator's session with a role the route allows, and kept out of the public OpenAPI
 * document. A route that names no roles is refused when it is registered.
 */
export async function adminScope(
  app: FastifyInstance,
  opts: {
    access: AdminAccess;
    modules: ((scope: FastifyInstance) => Promise<void>)[];
    /** Filled with every admin route as it is registered. */
    registered: NonNullable<FastifyInstance['adminRoutes']>;
  },
) {
  const { registered } = opts;
  app.decorateRequest('operator', null);
  app.decorateRequest('audited', false);
  app.decorateRequest('audit', async () => {
    throw new Error('audit written outside the admin scope');
  });
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
    const roles = route.config?.roles;
    if (!roles?.length) throw new Error(`admin route ${route.url} names no roles`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      registered.push({ method, url: route.url, mutates: method !== 'GET' || route.config?.mutates === true, roles });
    }
  });
  app.addHook('onRequest', opts.access);
  // A successful admin change that wrote no audit row is a bug: said loudly, never silently.
  app.addHook('onResponse', async (req, reply) => {
    const mutates = req.method !== 'GET' || req.routeOptions.config?.mutates === true;
    if (mutates && reply.statusCode === 200 && !req.audited) {
      req.log.error({ path: req.routeOptions.url }, 'admin action answered without an audit row');
    }
  });
  for (const register of opts.modules) await register(app);
}
