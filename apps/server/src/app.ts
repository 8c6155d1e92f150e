import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@turing/contract';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { appHeaderPlugin } from './plugins/app-header.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { envelopePlugin } from './plugins/envelope.ts';
import { sessionPlugin } from './plugins/session.ts';
import { staticFilesPlugin } from './plugins/static-files.ts';
import { swaggerPlugin } from './plugins/swagger.ts';
import { authModule } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createGoogleClient } from './modules/auth/google.client.ts';
import { createRateCounterRepository } from './modules/auth/rate-counter.repository.ts';
import { createRateCounterService } from './modules/auth/rate-counter.service.ts';
import { createSessionRepository } from './modules/auth/session.repository.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { createVerificationCodeService } from './modules/auth/verification-code.service.ts';
import { createWechatClient } from './modules/auth/wechat.client.ts';
import { createMessagingService } from './modules/messaging/messaging.service.ts';
import { supportAdminModule, supportModule } from './modules/support/support.routes.ts';
import { createSupportService } from './modules/support/support.service.ts';
import { systemModule } from './modules/system/system.routes.ts';
import { uploadModule } from './modules/upload/upload.routes.ts';
import { createUploadService } from './modules/upload/upload.service.ts';
import { userModule } from './modules/user/user.routes.ts';
import { createUserService } from './modules/user/user.service.ts';
import { createLocalStorage } from './storage/local.ts';
import { ensureSecretFile } from './storage/secret-file.ts';
import { createUrlSigner } from './storage/signed-urls.ts';

export const VERSION = '0.1.0';

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole HTTP app; main.ts runs it, tests inject into it. */
export async function buildApp({ config, database, logger }: AppDeps) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.production,
    bodyLimit: LIMITS.imageMaxBytes * 2,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  await app.register(envelopePlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design injects its CSS-in-JS styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The phone input may ask an IP-to-country service, only when that is switched on.
        connectSrc: ["'self'", ...(config.IP_COUNTRY_LOOKUP ? [new URL(config.IP_COUNTRY_URL).origin] : [])],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only makes sense behind HTTPS in production; on localhost it would pin browsers to https.
    strictTransportSecurity: config.production ? undefined : false,
  });
  await app.register(compressionPlugin);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 10 } });
  await app.register(swaggerPlugin, { version: VERSION });
  await app.register(appHeaderPlugin);

  const services = await createServices(config, database, app.log);
  await app.register(sessionPlugin, { sessions: services.sessions, secureCookie: config.production });

  await app.register(
    async (api) => {
      await api.register(systemModule, {
        database,
        version: VERSION,
        ipCountryLookupUrl: config.IP_COUNTRY_LOOKUP ? config.IP_COUNTRY_URL : null,
      });
      await api.register(userModule, { users: services.users, wechat: services.wechat });
      await api.register(authModule, {
        auth: services.auth,
        users: services.users,
        config,
        google: services.google,
        wechat: services.wechat,
      });
      await api.register(uploadModule, { uploads: services.uploads });
      await api.register(supportModule, { support: services.support });
      await api.register(supportAdminModule, { support: services.support, config });
    },
    { prefix: '/turing' },
  );

  await app.register(staticFilesPlugin, {
    webDist: config.WEB_DIST,
    filesDir: config.filesDir,
    storage: services.storage,
    signer: services.signer,
  });
  return app;
}

/** Wires the services once; modules receive what they use. */
async function createServices(config: Config, database: Database, log: FastifyBaseLogger) {
  const { db } = database;
  const storage = createLocalStorage(config.filesDir);
  const signer = createUrlSigner(await ensureSecretFile(config.DATA_DIR, 'file-url-secret', config.FILE_URL_SECRET));
  const sessions = createSessionService(createSessionRepository(db));
  const uploads = createUploadService({ db, storage, signer });
  const users = createUserService({ db, sessions, uploads });
  const messaging = createMessagingService(config, log);
  const auth = createAuthService({
    db,
    users,
    sessions,
    messaging,
    codes: createVerificationCodeService(db),
    limits: createRateCounterService(createRateCounterRepository(db)),
  });
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
  const support = createSupportService({ db, uploads, messaging, log, publicUrl: config.PUBLIC_URL });
  return { storage, signer, sessions, uploads, users, messaging, auth, google, wechat, support };
}
