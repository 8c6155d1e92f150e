import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';
import { redactUrl } from '../platform/logger.ts';
import { refusals } from './envelope.ts';

const QUIET = ['/assets/', '/files/'];

/**
 * `req.log`, made only when a handler logs through it. Fastify gives every request a child logger
 * bound to its id; making one (and serialising its bindings) cost a few percent of small API
 * answers, while most requests never log anything but their request line, which goes through the
 * process logger with the same `reqId` field.
 */
class LazyChildLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | null = null;
  #parent: FastifyBaseLogger;
  #bindings: Bindings;
  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }
  get #logger() {
    return (this.#made ??= this.#parent.child(this.#bindings));
  }
  get level() {
    return this.#made ? this.#made.level : this.#parent.level;
  }
  set level(level: string) {
    this.#logger.level = level;
  }
  fatal: FastifyBaseLogger['fatal'] = (...args: Parameters<FastifyBaseLogger['fatal']>) => this.#logger.fatal(...args);
  error: FastifyBaseLogger['error'] = (...args: Parameters<FastifyBaseLogger['error']>) => this.#logger.error(...args);
  warn: FastifyBaseLogger['warn'] = (...args: Parameters<FastifyBaseLogger['warn']>) => this.#logger.warn(...args);
  info: FastifyBaseLogger['info'] = (...args: Parameters<FastifyBaseLogger['info']>) => this.#logger.info(...args);
  debug: FastifyBaseLogger['debug'] = (...args: Parameters<FastifyBaseLogger['debug']>) => this.#logger.debug(...args);
  trace: FastifyBaseLogger['trace'] = (...args: Parameters<FastifyBaseLogger['trace']>) => this.#logger.trace(...args);
  silent: FastifyBaseLogger['silent'] = (...args: Parameters<FastifyBaseLogger['silent']>) =>
    this.#logger.silent(...args);
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.#logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a per-route log level or serializers still get a real child at once. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions) {
  if (Object.keys(opts).length > 0) return logger.child(bindings, opts);
  return new LazyChildLogger(logger, bindings);
}

/**
 * One line per request, after the answer went out: the signed-in user's id, method, path (query strings hold signatures
 * and OAuth codes, so they are cut), status and time, with the request's `reqId` as `req.log`
 * would bind it, at error level only for a fault of the server. Static files and images are not logged.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  const log = app.log as Logger;
  app.addHook('onResponse', (req, reply, done) => {
    if (!QUIET.some((p) => req.url.startsWith(p))) {
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      const line = {
        reqId: req.id,
        // The account by its id only: e-mail addresses and phone numbers never reach the logs.
        userId: req.user?.id,
        method: req.method,
        url: redactUrl(req.url),
        status: reply.statusCode,
        ms,
      };
      // A refusal the product gives on purpose (no server for a task) is no fault of its own.
      if (reply.statusCode >= 500 && refusals.has(reply)) log.warn(line, 'request');
      else if (reply.statusCode >= 500) log.error(line, 'request');
      else log.info(line, 'request');
    }
    done();
  });
});
