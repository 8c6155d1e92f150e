import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { InvitationService } from '../billing/index.ts';
import type { SessionService, Throttle, VerificationCodeService } from '../identity/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import { bindRoutes, moduleParts } from '../../shared/module-parts.ts';
import type { UserService } from '../user/index.ts';
import { authModule } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createGoogleClient } from './google.client.ts';
import { createKnownDevices } from './known-device.ts';
import { createOAuthRepository } from './oauth.repository.ts';
import { createOAuthService } from './oauth.service.ts';
import { createWechatClient } from './wechat.client.ts';

export interface AuthModuleDeps {
  database: Database;
  config: Pick<
    Config,
    | 'publicUrl'
    | 'production'
    | 'CODE_IP_LIMIT'
    | 'LOGIN_IP_LIMIT'
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
  sessions: SessionService;
  codes: VerificationCodeService;
  throttle: Throttle;
  users: UserService;
  invitations: InvitationService;
}

/**
 * Sign-in: password, codes, Google and WeChat. It sits above the user and billing modules (it
 * creates accounts and binds invitations) and uses the identity module's sessions, codes and limits.
 */
export function createAuthModule(deps: AuthModuleDeps) {
  const { database, config, log, users, sessions } = deps;
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
  const auth = createAuthService({
    transaction: (work) => database.transaction(work),
    users,
    sessions,
    messaging: deps.messaging,
    codes: deps.codes,
    throttle: deps.throttle,
    devices: createKnownDevices(deps.deviceSecret),
    invitations: deps.invitations,
    log,
  });
  const oauth = createOAuthService({
    flows: createOAuthRepository(database.db),
    publicUrl: config.publicUrl,
    users,
    sessions,
    google,
    wechat,
    log,
  });
  return moduleParts({ google, wechat, auth, oauth }, { account: [bindRoutes(authModule, { auth, oauth, config })] });
}
