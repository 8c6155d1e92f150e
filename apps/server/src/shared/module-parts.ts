import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * A module's route plugins, already bound to its services, grouped by where they are served. Each
 * listener serves only some of the API (see HttpAppOptions['surface'] in app.ts), so a module says
 * where each of its plugins belongs and app.ts registers them by group, without knowing any module.
 * Everything is served under /turing.
 */
export interface ModuleRoutes {
  /** Health, readiness and the client's settings: on every surface, a worker's health port included. */
  everywhere?: FastifyPluginAsync[];
  /** The user-facing API: on the public surfaces ('all' and 'public'). */
  public?: FastifyPluginAsync[];
  /**
   * Signing in and the signed-in user: with the public API, and also on the operators' own address
   * (the 'admin' surface, ADMIN_LISTEN), where operators sign in to the console.
   */
  account?: FastifyPluginAsync[];
  /**
   * The operator's API under /admin, inside the admin scope (every route names the roles it allows,
   * and is checked and audited there): on the 'all' and 'admin' surfaces. Each plugin gets a scope of
   * its own in it, so what one registers (a multipart parser) stays with its routes.
   */
  admin?: FastifyPluginAsync[];
}

/**
 * What every `create…Module(deps)` returns: `services` for other modules, the workers and tests, and
 * `routes` bound to those services. services.ts builds the modules and collects both, so a module
 * is wired in that one place.
 */
export interface ModuleParts<S> {
  services: S;
  routes: ModuleRoutes;
}

/** A module's parts; one without routes of its own (identity, messaging) gives none. */
export const moduleParts = <S>(services: S, routes: ModuleRoutes = {}): ModuleParts<S> => ({ services, routes });

/** A route plugin with its options given now, ready to be listed in ModuleRoutes. */
export function bindRoutes<O>(plugin: (app: FastifyInstance, opts: O) => Promise<void>, opts: O): FastifyPluginAsync {
  const bound: FastifyPluginAsync = (app) => plugin(app, opts);
  // Named as the plugin it binds: Fastify's plugin tree and its errors (a plugin that timed out) say which one.
  Object.defineProperty(bound, 'name', { value: plugin.name });
  return bound;
}
