import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ErrorCode } from '@turing/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import type { SessionService, SessionUser } from '../identity/index.ts';
import type { UserService } from '../user/index.ts';
import type { GoogleClient, GoogleIdentity } from './google.client.ts';
import type { OAuthRepository } from './oauth.repository.ts';
import type { WechatClient } from './wechat.client.ts';

export type Provider = 'google' | 'wechat';
export type Intent = 'login' | 'bind';

/** How long the provider's page may take before its answer is refused. */
const STATE_TTL_MS = 10 * 60_000;
/** How long the browser has to hand a WeChat binding ticket back. */
const TICKET_TTL_MS = 2 * 60_000;

const random = () => randomBytes(32).toString('base64url');
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');
const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

const FAILED: Record<Provider, ErrorCode> = { google: 'GOOGLE_FAILED', wechat: 'WECHAT_FAILED' };
const UNAVAILABLE: Record<Provider, ErrorCode> = { google: 'GOOGLE_UNAVAILABLE', wechat: 'WECHAT_UNAVAILABLE' };

/** Where the browser goes next and, for a sign-in, whose session to start first. */
export interface OAuthOutcome {
  redirect: string;
  signIn?: string;
}

/**
 * Google and WeChat sign-in and WeChat binding. The provider's code is exchanged here, on the
 * server, during the callback: the browser never sees it. A callback is accepted only with the
 * `state` this browser was given (cookie and server record must agree, once), and a binding only
 * in the session that started it; the page it lands on learns the outcome, or for a binding a
 * two-minute ticket that only that session can redeem.
 */
export function createOAuthService(deps: {
  /** The sign-in flows under way: each state and binding ticket, until it is used or expires. */
  flows: OAuthRepository;
  /** The configured public origin: every redirect is built from it, never from request headers. */
  publicUrl: string;
  users: UserService;
  sessions: SessionService;
  google: GoogleClient | null;
  wechat: WechatClient | null;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const repo = deps.flows;
  const now = deps.now ?? (() => new Date());
  const later = (ms: number) => new Date(now().getTime() + ms);
  const callbackUrl = (provider: Provider) => `${deps.publicUrl}/turing/unauthorized/${provider}/callback`;
  const spa = (hashPath: string, params: Record<string, string>) =>
    `${deps.publicUrl}/#${hashPath}?${new URLSearchParams(params).toString()}`;
  const pageOf = (intent: Intent) => (intent === 'bind' ? '/user/profile' : '/login');
  const fail = (intent: Intent, code: ErrorCode): OAuthOutcome => ({
    redirect: spa(pageOf(intent), { sso: 'error', code }),
  });
  const enabled = (provider: Provider) => (provider === 'google' ? deps.google : deps.wechat) !== null;

  /** The account behind a Google identity: linked by subject, else by verified e-mail, else new. */
  async function userForGoogle(identity: GoogleIdentity) {
    const bySub = await deps.users.findByGoogleSub(identity.sub);
    if (bySub) return bySub;
    if (identity.email && identity.emailVerified) {
      const byEmail = await deps.users.findByEmail(identity.email);
      if (byEmail) return (await deps.users.link(byEmail.id, { googleSub: identity.sub }))!;
    }
    const base = (identity.email?.split('@')[0] ?? 'designer').replace(/[^\w.-]/g, '').slice(0, 24) || 'designer';
    for (let attempt = 0; ; attempt += 1) {
      const username = attempt === 0 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
      if (!(await deps.users.usernameFree(username))) continue;
      try {
        return await deps.users.create({
          username,
          nickname: identity.name?.slice(0, 32) || username,
          email: identity.email && identity.emailVerified ? identity.email : null,
          googleSub: identity.sub,
          occupation: 'others',
        });
      } catch (err) {
        // Someone took the name between the check and the insert: pick another.
        if (!(err instanceof AppError && err.code === 'USERNAME_TAKEN') || attempt > 20) throw err;
      }
    }
  }

  return {
    info: (provider: Provider) => ({
      enabled: enabled(provider),
      startUrl: enabled(provider) ? `/turing/unauthorized/${provider}/start` : null,
    }),

    /**
     * Opens a flow: a state remembered on the server (bound to the session for a binding) and the
     * provider's authorisation URL. `cookie` is what the browser must bring back.
     */
    async start(provider: Provider, input: { intent: Intent; sessionToken: string | null }) {
      if (!enabled(provider)) throw new AppError(UNAVAILABLE[provider]);
      const intent: Intent = provider === 'wechat' ? input.intent : 'login';
      if (intent === 'bind' && !input.sessionToken)
        return { redirect: spa('/login', { sso: 'error', code: 'SESSION_EXPIRED' }), cookie: null };
      const state = random();
      const nonce = provider === 'google' ? random() : null;
      await repo.insert({
        id: digest(state),
        kind: 'state',
        provider,
        intent,
        sessionId: intent === 'bind' ? deps.sessions.idOf(input.sessionToken!) : null,
        nonce,
        expiresAt: later(STATE_TTL_MS),
      });
      const redirectUri = callbackUrl(provider);
      const redirect =
        provider === 'google'
          ? await deps.google!.authorizeUrl({ redirectUri, state, nonce: nonce! })
          : deps.wechat!.authorizeUrl({ redirectUri, state });
      // The intent in the cookie only picks the page an error lands on; the server record decides.
      return { redirect, cookie: `${intent}.${state}` };
    },

    /** The provider sent the browser back: check the state, exchange the code, act on the intent. */
    async finish(
      provider: Provider,
      input: { code?: string; state?: string; cookie?: string; sessionToken: string | null },
    ): Promise<OAuthOutcome> {
      const [cookieIntent, cookieState = ''] = (input.cookie ?? '').split('.');
      const page: Intent = cookieIntent === 'bind' ? 'bind' : 'login';
      if (!enabled(provider)) return fail(page, UNAVAILABLE[provider]);
      if (!input.code || !input.state || !cookieState || !sameText(input.state, cookieState))
        return fail(page, FAILED[provider]);
      const flow = await repo.take(digest(input.state), 'state', now());
      if (!flow || flow.provider !== provider) return fail(page, FAILED[provider]);
      const intent = flow.intent as Intent;
      // A binding finishes only in the session that started it.
      const sessionId = input.sessionToken ? deps.sessions.idOf(input.sessionToken) : null;
      if (intent === 'bind' && (!flow.sessionId || flow.sessionId !== sessionId)) return fail(intent, FAILED[provider]);

      try {
        if (provider === 'google') {
          const identity = await deps.google!.exchange({
            code: input.code,
            redirectUri: callbackUrl('google'),
            nonce: flow.nonce ?? '',
          });
          const user = await userForGoogle(identity);
          if (user.suspendedAt) return fail(intent, 'USER_SUSPENDED');
          return { signIn: user.id, redirect: spa('/login', { sso: 'ok' }) };
        }
        const openId = await deps.wechat!.openIdFor(input.code);
        if (intent === 'login') {
          const user = await deps.users.findByWechat(openId);
          if (!user) return fail(intent, 'WECHAT_NOT_REGISTERED');
          if (user.suspendedAt) return fail(intent, 'USER_SUSPENDED');
          return { signIn: user.id, redirect: spa('/login', { sso: 'ok' }) };
        }
        const ticket = random();
        await repo.insert({
          id: digest(ticket),
          kind: 'ticket',
          provider,
          intent,
          sessionId: flow.sessionId,
          subject: openId,
          expiresAt: later(TICKET_TTL_MS),
        });
        return { redirect: spa('/user/profile', { wechatTicket: ticket }) };
      } catch (err) {
        // The provider's own words (errcode, errmsg, reasons) stay in the log.
        deps.log.warn({ err, provider }, 'sign-in with provider failed');
        return fail(intent, err instanceof AppError ? err.code : FAILED[provider]);
      }
    },

    /** Binds the WeChat account behind a ticket to the signed-in user of the session it was made for. */
    async bindWechat(user: SessionUser, sessionToken: string, ticket: string) {
      if (!deps.wechat) throw new AppError('WECHAT_UNAVAILABLE');
      if (user.wechatOpenId) throw new AppError('PHONE_ALREADY_BOUND_WECHAT');
      const flow = await repo.take(digest(ticket), 'ticket', now(), deps.sessions.idOf(sessionToken));
      if (!flow?.subject || flow.provider !== 'wechat') throw new AppError('WECHAT_TICKET_INVALID');
      const holder = await deps.users.findByWechat(flow.subject);
      if (holder && holder.id !== user.id) throw new AppError('WECHAT_TAKEN');
      return (await deps.users.link(user.id, { wechatOpenId: flow.subject }))!;
    },
  };
}
export type OAuthService = ReturnType<typeof createOAuthService>;
