import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import pino, { type Logger } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.ts';
import type { Database } from './db/client.ts';
import { appHeaderPlugin } from './plugins/app-header.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { envelopePlugin } from './plugins/envelope.ts';
import { lazyChildLogger, requestLogPlugin } from './plugins/request-log.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { adminScope } from './plugins/admin-scope.ts';
import { withSmallThumbs } from './modules/upload/index.ts';
import { sessionPlugin } from './plugins/session.ts';
import { inlineScriptHashes, staticFilesPlugin } from './plugins/static-files.ts';
import { swaggerPlugin } from './plugins/swagger.ts';
import { VERSION } from './platform/version.ts';
import { createServices, type Services } from './services.ts';
import type { ModuleRoutes } from './shared/module-parts.ts';

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
  const { config } = services;
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
  // Request durations by route, when something scrapes them (METRICS_LISTEN); no cost otherwise.
  if (config.METRICS_LISTEN) app.addHook('onResponse', services.metrics.onResponse);

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

  // Every module's routes, by where they are served; services.ts built them, bound to their services.
  const routesFor = (group: keyof ModuleRoutes) => services.routes.flatMap((routes) => routes[group] ?? []);
  await app.register(
    async (api) => {
      for (const plugin of routesFor('everywhere')) await api.register(plugin);
      if (surface === 'all' || surface === 'admin') {
        await api.register(adminScope, {
          access: services.adminAccess,
          registered: adminRoutes,
          // Each in a scope of its own inside the admin scope, as if registered one by one.
          modules: routesFor('admin').map((plugin) => async (scope: FastifyInstance) => {
            await scope.register(plugin);
          }),
        });
      }
      // On its own internal address (ADMIN_LISTEN) the console still needs operators to sign in.
      if (users || surface === 'admin') {
        for (const plugin of routesFor('account')) await api.register(plugin);
      }
      if (users) {
        for (const plugin of routesFor('public')) await api.register(plugin);
      }
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
      // Images stored before small thumbnails existed get theirs when first asked for.
      storage: withSmallThumbs(services.storage),
      signer: services.signer,
      scopeValid: (scope) =>
        scope.startsWith('review:') ? services.review.reviewScopeValid(scope) : services.works.linkValid(scope),
      bootData: async () => ({ config: services.clientConfig, banners: await services.works.banners() }),
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
