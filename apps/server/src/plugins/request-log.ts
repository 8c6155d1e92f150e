import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { redactUrl } from '../platform/logger.ts';

const QUIET = ['/assets/', '/files/'];

/**
 * One line per request, after the answer went out: method, path (query strings hold signatures
 * and OAuth codes, so they are cut), status and time. Static files and images are not logged.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (req, reply) => {
    if (QUIET.some((p) => req.url.startsWith(p))) return;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = { method: req.method, url: redactUrl(req.url), status: reply.statusCode, ms };
    if (reply.statusCode >= 500) req.log.error(line, 'request');
    else req.log.info(line, 'request');
  });
});
