import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@turing/contract';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { appHeaderPlugin } from './plugins/app-header.ts';
import { envelopePlugin } from './plugins/envelope.ts';
import { sessionPlugin } from './plugins/session.ts';
import { staticFilesPlugin } from './plugins/static-files.ts';
import { swaggerPlugin } from './plugins/swagger.ts';
import { createSessionRepository } from './modules/auth/session.repository.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { systemModule } from './modules/system/system.routes.ts';
import { userModule } from './modules/user/user.routes.ts';

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
        connectSrc: ["'self'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only makes sense behind HTTPS in production; on localhost it would pin browsers to https.
    strictTransportSecurity: config.production ? undefined : false,
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swaggerPlugin, { version: VERSION });
  await app.register(appHeaderPlugin);

  const sessions = createSessionService(createSessionRepository(database.db));
  await app.register(sessionPlugin, { sessions, secureCookie: config.production });

  await app.register(
    async (api) => {
      await api.register(systemModule, { database, version: VERSION });
      await api.register(userModule);
    },
    { prefix: '/turing' },
  );

  await app.register(staticFilesPlugin, { webDist: config.WEB_DIST, filesDir: config.filesDir });
  return app;
}
