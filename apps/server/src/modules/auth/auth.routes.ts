import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authRoutes, LIMITS, userRoutes, type ErrorCode } from '@turing/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../shared/app-error.ts';
import { defineRoute } from '../../shared/define-route.ts';
import { toProfile } from '../user/user.mapper.ts';
import type { UserService } from '../user/user.service.ts';
import type { AuthService } from './auth.service.ts';
import type { GoogleClient } from './google.client.ts';
import type { WechatClient } from './wechat.client.ts';

const STATE_COOKIE = 'oauth_state';

export interface AuthModuleOptions {
  auth: AuthService;
  users: UserService;
  config: Config;
  google: GoogleClient | null;
  wechat: WechatClient | null;
}

export async function authModule(app: FastifyInstance, opts: AuthModuleOptions) {
  const { auth, config } = opts;
  const perIp = (max: number, timeWindow: number) => ({ rateLimit: { max, timeWindow } });
  const origin = (req: FastifyRequest) => config.PUBLIC_URL?.replace(/\/$/, '') ?? `${req.protocol}://${req.host}`;
  const spa = (req: FastifyRequest, hashPath: string) => `${origin(req)}/#${hashPath}`;

  defineRoute(
    app,
    authRoutes.verCode,
    async (req) => {
      await auth.sendCode(req.body, { locale: req.locale, user: req.user });
      return { cooldownSeconds: LIMITS.verCodeCooldownSeconds, ttlMinutes: LIMITS.verCodeTtlMinutes };
    },
    perIp(config.CODE_IP_LIMIT, 10 * 60_000),
  );

  defineRoute(app, authRoutes.register, async (req, reply) => {
    const user = await auth.register(req.body);
    await app.startSession(reply, user.id, req, { persistent: true });
    return toProfile(user);
  });

  defineRoute(
    app,
    authRoutes.login,
    async (req, reply) => {
      const user = await auth.login(req.body);
      await app.startSession(reply, user.id, req, { persistent: req.body.remember !== false });
      return toProfile(user);
    },
    perIp(config.LOGIN_IP_LIMIT, 60_000),
  );

  defineRoute(app, userRoutes.bindContact, async (req) => toProfile(await auth.bindContact(req.user!, req.body)));

  defineRoute(app, authRoutes.reset, async (req) => {
    await auth.reset(req.body);
    return null;
  });

  // Browser redirects for OAuth sign-in: they answer with 302s, not envelopes.
  const setState = (reply: FastifyReply, value: string) =>
    reply.setCookie(STATE_COOKIE, value, {
      path: '/turing/unauthorized',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.production,
      maxAge: 600,
    });
  const takeState = (req: FastifyRequest, reply: FastifyReply) => {
    const value = req.cookies[STATE_COOKIE] ?? '';
    reply.clearCookie(STATE_COOKIE, { path: '/turing/unauthorized' });
    return value.split('.');
  };
  const failTo = (req: FastifyRequest, reply: FastifyReply, path: string, code: ErrorCode) =>
    reply.redirect(spa(req, `${path}?sso=error&code=${code}`));

  defineRoute(app, authRoutes.googleInfo, async () => ({
    enabled: opts.google !== null,
    startUrl: opts.google ? '/turing/unauthorized/google/start' : null,
  }));

  app.get('/unauthorized/google/start', { schema: { hide: true } }, async (req, reply) => {
    if (!opts.google) throw new AppError('GOOGLE_UNAVAILABLE');
    const state = randomBytes(16).toString('base64url');
    const nonce = randomBytes(16).toString('base64url');
    setState(reply, `${state}.${nonce}`);
    return reply.redirect(
      await opts.google.authorizeUrl({
        redirectUri: `${origin(req)}/turing/unauthorized/google/callback`,
        state,
        nonce,
      }),
    );
  });

  app.get<{ Querystring: { code?: string; state?: string } }>(
    '/unauthorized/google/callback',
    { schema: { hide: true } },
    async (req, reply) => {
      const [state, nonce] = takeState(req, reply);
      if (!opts.google || !req.query.code || !state || req.query.state !== state)
        return failTo(req, reply, '/login', 'GOOGLE_FAILED');
      try {
        const identity = await opts.google.exchange({
          code: req.query.code,
          redirectUri: `${origin(req)}/turing/unauthorized/google/callback`,
          nonce: nonce!,
        });
        const user = await auth.userForGoogle(identity);
        await app.startSession(reply, user.id, req, { persistent: true });
        return reply.redirect(spa(req, '/login?sso=ok'));
      } catch (err) {
        req.log.warn({ err }, 'google sign-in failed');
        return failTo(req, reply, '/login', err instanceof AppError ? err.code : 'GOOGLE_FAILED');
      }
    },
  );

  defineRoute(app, authRoutes.wechatInfo, async () => ({
    enabled: opts.wechat !== null,
    startUrl: opts.wechat ? '/turing/unauthorized/wechat/start' : null,
  }));

  app.get<{ Querystring: { intent?: string } }>(
    '/unauthorized/wechat/start',
    { schema: { hide: true } },
    async (req, reply) => {
      if (!opts.wechat) throw new AppError('WECHAT_UNAVAILABLE');
      const intent = req.query.intent === 'bind' ? 'bind' : 'login';
      const state = randomBytes(16).toString('base64url');
      setState(reply, `${state}.${intent}`);
      return reply.redirect(
        opts.wechat.authorizeUrl({ redirectUri: `${origin(req)}/turing/unauthorized/wechat/callback`, state }),
      );
    },
  );

  // WeChat sends the browser back with a code; the page that asked (login or profile) finishes the job.
  app.get<{ Querystring: { code?: string; state?: string } }>(
    '/unauthorized/wechat/callback',
    { schema: { hide: true } },
    async (req, reply) => {
      const [state, intent] = takeState(req, reply);
      const page = intent === 'bind' ? '/user/profile' : '/login';
      if (!req.query.code || !state || req.query.state !== state) return failTo(req, reply, page, 'WECHAT_FAILED');
      return reply.redirect(spa(req, `${page}?wechatCode=${encodeURIComponent(req.query.code)}`));
    },
  );

  defineRoute(app, authRoutes.wechatLogin, async (req, reply) => {
    if (!opts.wechat) throw new AppError('WECHAT_UNAVAILABLE');
    const openId = await opts.wechat.openIdFor(req.query.code);
    const user = await opts.users.findByWechat(openId);
    if (!user) throw new AppError('WECHAT_NOT_REGISTERED');
    await app.startSession(reply, user.id, req, { persistent: true });
    return toProfile(user);
  });
}
