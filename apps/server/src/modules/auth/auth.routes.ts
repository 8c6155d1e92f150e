import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authRoutes, LIMITS, userRoutes } from '@turing/contract';
import type { Config } from '../../config.ts';
import { defineRoute } from '../../shared/define-route.ts';
import { toProfile } from '../user/index.ts';
import type { AuthService } from './auth.service.ts';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_MAX_AGE_SECONDS, KNOWN_DEVICE_PATH } from './known-device.ts';
import type { OAuthService, Provider } from './oauth.service.ts';

const STATE_COOKIE = 'oauth_state';
const STATE_PATH = '/turing/unauthorized';
/** As long as the server keeps the state. */
const STATE_TTL_SECONDS = 600;

export interface AuthModuleOptions {
  auth: AuthService;
  oauth: OAuthService;
  config: Pick<Config, 'production' | 'CODE_IP_LIMIT' | 'LOGIN_IP_LIMIT'>;
}

export async function authModule(app: FastifyInstance, opts: AuthModuleOptions) {
  const { auth, oauth, config } = opts;
  const perIp = (max: number, timeWindow: number) => ({ rateLimit: { max, timeWindow } });
  /** Every sign-in marks the browser as known to the account (see known-device.ts). */
  const rememberDevice = (req: FastifyRequest, reply: FastifyReply, userId: string) => {
    reply.setCookie(KNOWN_DEVICE_COOKIE, auth.rememberDevice(req.cookies[KNOWN_DEVICE_COOKIE], userId), {
      path: KNOWN_DEVICE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: config.production,
      maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
    });
  };

  defineRoute(
    app,
    authRoutes.verCode,
    async (req) => {
      await auth.sendCode(req.body, { locale: req.locale, user: req.user, ip: req.ip });
      return { cooldownSeconds: LIMITS.verCodeCooldownSeconds, ttlMinutes: LIMITS.verCodeTtlMinutes };
    },
    perIp(config.CODE_IP_LIMIT, 10 * 60_000),
  );

  defineRoute(app, authRoutes.register, async (req, reply) => {
    const user = await auth.register(req.body, { ip: req.ip });
    await app.startSession(reply, user.id, req, { persistent: true });
    rememberDevice(req, reply, user.id);
    return toProfile(user);
  });

  defineRoute(
    app,
    authRoutes.login,
    async (req, reply) => {
      const user = await auth.login(req.body, { ip: req.ip, device: req.cookies[KNOWN_DEVICE_COOKIE] });
      await app.startSession(reply, user.id, req, { persistent: req.body.remember !== false });
      rememberDevice(req, reply, user.id);
      return toProfile(user);
    },
    perIp(config.LOGIN_IP_LIMIT, 60_000),
  );

  defineRoute(app, authRoutes.reset, async (req) => {
    await auth.reset(req.body, { ip: req.ip });
    return null;
  });

  defineRoute(app, authRoutes.googleInfo, async () => oauth.info('google'));
  defineRoute(app, authRoutes.wechatInfo, async () => oauth.info('wechat'));

  // Browser redirects of Google and WeChat sign-in: they answer with 302s, not envelopes.
  const start =
    (provider: Provider) => async (req: FastifyRequest<{ Querystring: { intent?: string } }>, reply: FastifyReply) => {
      const intent = req.query.intent === 'bind' ? 'bind' : 'login';
      const out = await oauth.start(provider, { intent, sessionToken: req.user ? req.sessionToken : null });
      if (out.cookie) {
        reply.setCookie(STATE_COOKIE, out.cookie, {
          path: STATE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: config.production,
          maxAge: STATE_TTL_SECONDS,
        });
      }
      return reply.redirect(out.redirect);
    };
  const callback =
    (provider: Provider) =>
    async (req: FastifyRequest<{ Querystring: { code?: string; state?: string } }>, reply: FastifyReply) => {
      const cookie = req.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, { path: STATE_PATH });
      const out = await oauth.finish(provider, {
        code: req.query.code,
        state: req.query.state,
        cookie,
        sessionToken: req.user ? req.sessionToken : null,
      });
      if (out.signIn) {
        await app.startSession(reply, out.signIn, req, { persistent: true });
        rememberDevice(req, reply, out.signIn);
      }
      return reply.redirect(out.redirect);
    };

  // Under /user (a signed-in call), but a sign-in flow's last step: only a ticket from the server's
  // WeChat callback, made for this very session; never a raw WeChat code.
  defineRoute(app, userRoutes.bindWechat, async (req) =>
    toProfile(await oauth.bindWechat(req.user!, req.sessionToken!, req.query.ticket)),
  );

  for (const provider of ['google', 'wechat'] as const) {
    app.get(`/unauthorized/${provider}/start`, { schema: { hide: true } }, start(provider));
    app.get(`/unauthorized/${provider}/callback`, { schema: { hide: true } }, callback(provider));
  }
}
