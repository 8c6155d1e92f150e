import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import pino, { type Logger } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS, type ClientConfig } from '@turing/contract';
import type { Config, TrustProxy } from './config.ts';
import type { Database } from './db/client.ts';
import { appHeaderPlugin } from './plugins/app-header.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { envelopePlugin } from './plugins/envelope.ts';
import { lazyChildLogger, requestLogPlugin } from './plugins/request-log.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { adminScope } from './plugins/admin-scope.ts';
import { adminConsoleModule, adminDashboardModule, adminUsersModule } from './modules/admin/index.ts';
import { authModule } from './modules/auth/index.ts';
import { billingAdminModule, billingModule, codesAdminModule, redemptionModule } from './modules/billing/index.ts';
import { communityAdminModule, contentAdminModule, creatorModule, worksModule } from './modules/community/index.ts';
import { designModule } from './modules/design/index.ts';
import { supportAdminModule, supportModule } from './modules/support/index.ts';
import { bflWebhookModule, ENGINE_WAKE_CHANNEL, enginesAdminModule, systemModule } from './modules/system/index.ts';
import { uploadModule } from './modules/upload/index.ts';
import { userModule } from './modules/user/index.ts';
import { workspaceModule } from './modules/workspace/index.ts';
import { sessionPlugin } from './plugins/session.ts';
import { inlineScriptHashes, staticFilesPlugin } from './plugins/static-files.ts';
import { swaggerPlugin } from './plugins/swagger.ts';
import { createServices, type Services } from './services.ts';

export const VERSION = '0.1.0';

export interface HttpAppOptions {
  logger: Logger;
  /**
   * Which routes this listener serves: everything (default), everything but the operator API
   * (when ADMIN_LISTEN moves it to an internal address), only the operator API and health, or
   * only health (a worker node).
   */
  surface?: 'all' | 'public' | 'admin' | 'health';
}

/**
 * Fastify reads a bare hop count as "trust nothing" (it cannot check the nearest peer's address),
 * so a count becomes the test proxy-addr applies to each hop, nearest first: the operator who set
 * it says that many proxies always stand in front.
 */
function trustProxyOption(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the HTTP app on already-wired services; main.ts runs it, tests inject into it. */
export async function buildHttpApp(services: Services, opts: HttpAppOptions) {
  const { config, database } = services;
  const surface = opts.surface ?? 'all';
  const app = Fastify({
    loggerInstance: opts.logger,
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Keep-alive sockets with no request in flight close at shutdown; busy ones finish first.
    forceCloseConnections: 'idle',
  });
  const adminRoutes: NonNullable<FastifyInstance['adminRoutes']> = [];
  app.decorate('adminRoutes', adminRoutes);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set as the request arrives: every answer carries it, errors included (fastify keeps headers).
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });

  await app.register(requestLogPlugin);
  await app.register(envelopePlugin);
  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...inlineScriptHashes(config.WEB_DIST)],
          // Ant Design injects its CSS-in-JS styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(services.storage.origin ? [services.storage.origin] : [])],
          // The phone input may ask an IP-to-country service, only when that is switched on.
          connectSrc: ["'self'", ...(config.IP_COUNTRY_LOOKUP ? [new URL(config.IP_COUNTRY_URL).origin] : [])],
          upgradeInsecureRequests: config.production ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // HSTS only makes sense behind HTTPS in production; on localhost it would pin browsers to https.
      strictTransportSecurity: config.production ? undefined : false,
    },
  });
  await app.register(compressionPlugin);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  const users = surface === 'all' || surface === 'public';
  // The full API description helps an attacker as much as a developer: in production only on purpose.
  if (users && config.apiDocs) await app.register(swaggerPlugin, { version: VERSION });
  await app.register(appHeaderPlugin);
  await app.register(sessionPlugin, { sessions: services.sessions, secureCookie: config.production });

  // The public settings GET /config answers, also written into index.html for the first paint.
  const clientConfig: ClientConfig = {
    ipCountryLookupUrl: config.IP_COUNTRY_LOOKUP ? config.IP_COUNTRY_URL : null,
    testPayments: services.orders.providerNames().includes('dev'),
  };
  await app.register(
    async (api) => {
      await api.register(systemModule, {
        database,
        lifecycle: services.lifecycle,
        version: VERSION,
        ipCountryLookupUrl: clientConfig.ipCountryLookupUrl,
        fleet: services.fleet,
        faults: services.faults,
        testPayments: clientConfig.testPayments,
      });
      if (surface === 'all' || surface === 'admin') {
        await api.register(adminScope, {
          access: services.adminAccess,
          registered: adminRoutes,
          modules: [
            async (scope) => {
              await scope.register(adminConsoleModule, { operators: services.operators, audit: services.audit });
            },
            async (scope) => {
              await scope.register(adminDashboardModule, { database, fleet: services.fleet });
            },
            async (scope) => {
              await scope.register(adminUsersModule, {
                database,
                users: services.users,
                ledger: services.ledger,
                orders: services.orders,
              });
            },
            async (scope) => {
              await scope.register(contentAdminModule, {
                database,
                storage: services.storage,
                presetPictures: services.presetPictures,
              });
            },
            async (scope) => {
              await scope.register(supportAdminModule, { support: services.support });
            },
            async (scope) => {
              await scope.register(billingAdminModule, {
                ledger: services.ledger,
                users: services.users,
                products: services.products,
                orders: services.orders,
              });
            },
            async (scope) => {
              await scope.register(codesAdminModule, { redemption: services.redemption });
            },
            async (scope) => {
              await scope.register(communityAdminModule, { moderation: services.moderation });
            },
            async (scope) => {
              await scope.register(enginesAdminModule, { fleet: services.fleet });
            },
          ],
        });
      }
      // On its own internal address (ADMIN_LISTEN) the console still needs operators to sign in.
      if (surface === 'admin') {
        await api.register(userModule, { users: services.users, oauth: services.oauth });
        await api.register(authModule, { auth: services.auth, oauth: services.oauth, config });
      }
      if (!users) return;
      // FLUX's signed callback, only where BFL was told to call (BFL_WEBHOOK_SECRET with PUBLIC_URL).
      if (config.BFL_WEBHOOK_SECRET && config.PUBLIC_URL) {
        await api.register(bflWebhookModule, {
          secret: config.BFL_WEBHOOK_SECRET,
          wake: (key) => database.notify(ENGINE_WAKE_CHANNEL, key),
        });
      }
      await api.register(userModule, { users: services.users, oauth: services.oauth });
      await api.register(authModule, { auth: services.auth, oauth: services.oauth, config });
      // Multipart bodies only where files are uploaded: registered for the whole app, the plugin
      // adds three hooks to every request.
      await api.register(async (uploads) => {
        await uploads.register(multipart, { limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 10 } });
        await uploads.register(uploadModule, { uploads: services.uploads });
      });
      await api.register(supportModule, { support: services.support });
      await api.register(billingModule, {
        catalogue: services.products,
        orders: services.orders,
        ledger: services.ledger,
        stripe: services.stripe,
        gateways: services.paymentGateways,
      });
      await api.register(redemptionModule, { redemption: services.redemption, invitations: services.invitations });
      await api.register(worksModule, { works: services.works });
      await api.register(workspaceModule, { workspace: services.workspace, downloads: services.imageDownloads });
      await api.register(creatorModule, {
        creators: services.creators,
        follows: services.follows,
        achievements: services.achievements,
      });
      await api.register(designModule, {
        tasks: services.tasks,
        catalogue: services.catalogue,
        events: services.events,
        lineArt: services.lineArt,
        modelCatalogue: services.modelCatalogue,
        lifecycle: services.lifecycle,
        balance: (userId) => services.ledger.balance(userId),
      });
    },
    { prefix: '/turing' },
  );

  if (users) {
    // Task events reach this node's open streams through LISTEN, from whichever node made them.
    app.addHook('onReady', async () => services.events.start());
    app.addHook('preClose', async () => services.events.stop());
  }
  // The web app (and with it the console) on the public port, and on the operators' own address.
  if (users || surface === 'admin') {
    await app.register(staticFilesPlugin, {
      webDist: config.WEB_DIST,
      storage: services.storage,
      signer: services.signer,
      scopeValid: (scope) => services.works.linkValid(scope),
      bootData: async () => ({ config: clientConfig, banners: await services.works.banners() }),
    });
  }
  return app;
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** false silences the log (tests); default: the process logger at LOG_LEVEL. */
  logger?: false | Logger;
}

/** Services and HTTP app in one step, for tests and benchmarks that need just an app. */
export async function buildApp({ config, database, logger }: AppDeps) {
  const log = logger === false ? pino({ level: 'silent' }) : (logger ?? pino({ level: config.LOG_LEVEL }));
  const services = await createServices(config, database, log);
  const app = await buildHttpApp(services, { logger: log });
  app.decorate('services', services);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present on apps made by buildApp: the services behind the routes (tests reach in through it). */
    services?: Services;
  }
}
