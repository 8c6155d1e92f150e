import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_V1_PREFIX, SESSION_COOKIE } from '@turing/contract';
import { AppError } from '../shared/app-error.ts';
import type { SessionService, SessionUser } from '../modules/identity/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    /** false: the route never reads the session cookie (a review link's guest routes). */
    session?: boolean;
  }
  interface FastifyInstance {
    startSession(
      reply: FastifyReply,
      userId: string,
      req: FastifyRequest,
      opts?: { persistent?: boolean },
    ): Promise<void>;
    endSession(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const V1_PREFIX = `/turing${API_V1_PREFIX}/`;

/** Resolves the session cookie to a user on every API request and guards routes marked `auth`. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { sessions: SessionService; secureCookie: boolean }) => {
    const { sessions, secureCookie } = opts;
    const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: secureCookie };

    app.decorateRequest('user', null);
    app.decorateRequest('sessionToken', null);

    type Found = Awaited<ReturnType<SessionService['resolve']>>;
    const apply = (req: FastifyRequest, reply: FastifyReply, token: string, found: Found) => {
      if (found) {
        req.user = found.user;
        req.sessionToken = token;
        if (found.renewedUntil && found.persistent) {
          reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: found.renewedUntil });
        }
      } else {
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      }
    };
    const guard = (req: FastifyRequest) =>
      req.routeOptions.config?.auth && !req.user ? new AppError('SESSION_EXPIRED') : undefined;

    // A callback hook rather than an async one: most requests are answered from the session cache,
    // and then nothing here waits for anything.
    app.addHook('onRequest', (req, reply, done) => {
      // Sessions belong to the API: static files and images (cached publicly, some by CDNs)
      // must never carry a Set-Cookie. The matched route decides, not the raw URL.
      const url = req.routeOptions.url;
      if (!url?.startsWith('/turing/')) return done();
      // A review link's guest routes never read the cookie: the link alone opens what they show.
      if (req.routeOptions.config?.session === false) return done();
      // The public API knows keys only: a cookie there opens nothing (its scope checks the key).
      if (url.startsWith(V1_PREFIX)) return done();
      // A key is for the public API alone: never for the studio's, the account's or the console's routes.
      if (/^bearer\s+td_/i.test(req.headers.authorization ?? '')) return done(new AppError('API_KEY_NOT_ALLOWED'));
      const token = req.cookies[SESSION_COOKIE];
      if (!token) return done(guard(req));
      const hit = sessions.cached(token);
      if (hit) {
        apply(req, reply, token, hit);
        return done(guard(req));
      }
      sessions.resolve(token).then(
        (found) => {
          apply(req, reply, token, found);
          done(guard(req));
        },
        (err: Error) => done(err),
      );
    });

    app.decorate(
      'startSession',
      async (reply: FastifyReply, userId: string, req: FastifyRequest, opts: { persistent?: boolean } = {}) => {
        const persistent = opts.persistent ?? true;
        // A fresh id at every login: a token planted before login is never promoted.
        if (req.sessionToken) await sessions.revoke(req.sessionToken);
        const { token, expiresAt } = await sessions.create(userId, req.headers['user-agent'], persistent);
        // Without "remember me" the cookie ends with the browser session.
        reply.setCookie(SESSION_COOKIE, token, persistent ? { ...cookieOptions, expires: expiresAt } : cookieOptions);
        req.sessionToken = token;
      },
    );

    app.decorate('endSession', async (req: FastifyRequest, reply: FastifyReply) => {
      if (req.sessionToken) await sessions.revoke(req.sessionToken);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    });
  },
);
