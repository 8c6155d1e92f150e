import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { APP_HEADER } from '@turing/contract';
import { AppError } from '../shared/app-error.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cross-site page can submit forms but cannot add custom headers without a CORS preflight
 * this API never grants, so requiring the app's header on every state change stops CSRF.
 * The decision follows the route the router matched (its method and options), never the raw
 * URL: `/%74uring/...` reaches the same route and meets the same check.
 */
export const appHeaderPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (req, _reply, done) => {
    const route = req.routeOptions;
    if (!route.url) return done(); // no route matched: the 404 handler answers and nothing changes
    const mutates = !SAFE.has(req.method) || route.config?.mutates === true;
    if (mutates && route.config?.appHeader !== false && req.headers[APP_HEADER.name] !== APP_HEADER.value) {
      return done(new AppError('APP_HEADER_MISSING'));
    }
    done();
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for calls made by other servers (payment webhooks), which carry their own proof. */
    appHeader?: boolean;
  }
}
