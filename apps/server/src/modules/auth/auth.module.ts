import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { InvitationService } from '../billing/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { UserService } from '../user/index.ts';
import { createAuthService, type AuthService } from './auth.service.ts';
import { createGoogleClient } from './google.client.ts';
import { createKnownDevices } from './known-device.ts';
import { createOAuthService, type OAuthService } from './oauth.service.ts';
import { createRateCounterRepository } from './rate-counter.repository.ts';
import { createRateCounterService } from './rate-counter.service.ts';
import { createSessionRepository } from './session.repository.ts';
import { createSessionService } from './session.service.ts';
import { createThrottle } from './throttle.ts';
import { createVerificationCodeService } from './verification-code.service.ts';
import { createWechatClient } from './wechat.client.ts';

export interface AuthModuleDeps {
  database: Database;
  config: Pick<
    Config,
    | 'publicUrl'
    | 'GOOGLE_CLIENT_ID'
    | 'GOOGLE_CLIENT_SECRET'
    | 'GOOGLE_ISSUER'
    | 'WECHAT_APP_ID'
    | 'WECHAT_APP_SECRET'
    | 'WECHAT_API_URL'
    | 'WECHAT_AUTHORIZE_URL'
  >;
  messaging: MessagingService;
  log: FastifyBaseLogger;
  /** A secret every API node shares; the known-device cookies are signed with a key derived from it. */
  deviceSecret: string;
  /**
   * The user and billing modules are built on this module's sessions, codes and limits, so the
   * sign-in flows that need them reach them through this once everything is built.
   */
  later: () => { users: UserService; invitations: InvitationService };
}

/** Sessions, sign-in (password, codes, Google, WeChat) and the attempt limits. */
export function createAuthModule(deps: AuthModuleDeps) {
  const { database, config, log } = deps;
  const { db } = database;
  /** Limits kept in the database: sign-in throttles, the operator token's failures, redemptions. */
  const limits = createRateCounterService(createRateCounterRepository(db));
  const sessions = createSessionService(createSessionRepository(db));
  const codes = createVerificationCodeService(db);
  const throttle = createThrottle(limits);
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createGoogleClient({
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          issuer: config.GOOGLE_ISSUER,
        })
      : null;
  const wechat =
    config.WECHAT_APP_ID && config.WECHAT_APP_SECRET
      ? createWechatClient({
          appId: config.WECHAT_APP_ID,
          appSecret: config.WECHAT_APP_SECRET,
          apiUrl: config.WECHAT_API_URL,
          authorizeUrl: config.WECHAT_AUTHORIZE_URL,
        })
      : null;
  let flows: { auth: AuthService; oauth: OAuthService } | undefined;
  const signIn = () => {
    if (flows) return flows;
    const { users, invitations } = deps.later();
    flows = {
      auth: createAuthService({
        database,
        users,
        sessions,
        messaging: deps.messaging,
        codes,
        throttle,
        devices: createKnownDevices(deps.deviceSecret),
        invitations,
        log,
      }),
      oauth: createOAuthService({ db, publicUrl: config.publicUrl, users, sessions, google, wechat, log }),
    };
    return flows;
  };
  return {
    limits,
    sessions,
    codes,
    throttle,
    google,
    wechat,
    get auth() {
      return signIn().auth;
    },
    get oauth() {
      return signIn().oauth;
    },
  };
}
export type AuthModule = ReturnType<typeof createAuthModule>;
