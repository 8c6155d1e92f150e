import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { APP_HEADER } from '@turing/contract';
import { AppError } from '../shared/app-error.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cross-site page can submit forms but cannot add custom headers without a CORS preflight
 * this API never grants, so requiring the app's header on every state change stops CSRF.
 */
export const appHeaderPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/turing/')) return;
    const mutates = !SAFE.has(req.method) || req.routeOptions.config?.mutates === true;
    if (mutates && req.headers[APP_HEADER.name] !== APP_HEADER.value) throw new AppError('APP_HEADER_MISSING');
  });
});
