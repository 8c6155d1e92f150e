import type { FastifyInstance } from 'fastify';
import { DESIGN_EVENTS_PATH, designRoutes } from '@turing/contract';
import { defineRoute } from '../../shared/define-route.ts';
import type { Lifecycle } from '../../platform/lifecycle.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { LineArtService } from './line-art.ts';
import type { ModelCatalogue } from './model-catalogue.ts';
import { PRESET_IMAGE_ROUTE } from './presets/preset-images.ts';
import { AppError } from '../../shared/app-error.ts';
import type { TaskEvents } from './task-events.ts';
import type { TaskService } from './task.service.ts';

export interface DesignModuleOptions {
  tasks: TaskService;
  catalogue: CatalogueService;
  events: TaskEvents;
  lineArt: LineArtService;
  modelCatalogue: ModelCatalogue;
  lifecycle: Lifecycle;
  balance(userId: string): Promise<{ cubes: number; planUntil: string | null }>;
}

export async function designModule(app: FastifyInstance, opts: DesignModuleOptions) {
  const { tasks, catalogue } = opts;
  // Generous for a person clicking Generate, tight enough to stop a script flooding the queue.
  const submitLimit = {
    rateLimit: {
      max: 60,
      timeWindow: '1 minute',
      keyGenerator: (r: { user?: { id: string } | null; ip: string }) => r.user?.id ?? r.ip,
    },
  };

  defineRoute(app, designRoutes.submit, async (req) => tasks.submit(req.user!.id, req.body, req.locale), submitLimit);
  defineRoute(app, designRoutes.get, async (req) => tasks.get(req.user!.id, req.query.id, req.locale));
  defineRoute(app, designRoutes.list, async (req) => tasks.list(req.user!.id, req.query, req.locale));
  defineRoute(app, designRoutes.cancel, async (req) => tasks.cancel(req.user!.id, req.body.id, req.locale));
  defineRoute(app, designRoutes.cost, async (req) => tasks.cost(req.user!.id, req.body));
  defineRoute(app, designRoutes.balance, async (req) => opts.balance(req.user!.id));
  defineRoute(app, designRoutes.tags, async (req) => catalogue.tags(req.query.type));
  // Changes only when the operator changes the settings and restarts: browsers may keep it a while.
  defineRoute(app, designRoutes.models, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { items: opts.modelCatalogue.list() };
  });
  defineRoute(app, designRoutes.wordPackages, async (req) => catalogue.listPackages(req.user!.id, req.locale));
  defineRoute(
    app,
    designRoutes.wordPackageCreate,
    async (req) => catalogue.createPackage(req.user!.id, req.body, req.locale),
    // A person saves a package now and then; a script filling the cap is slowed to a crawl.
    { rateLimit: { ...submitLimit.rateLimit, max: 30 } },
  );
  defineRoute(app, designRoutes.wordPackageUpdate, async (req) =>
    catalogue.updatePackage(req.user!.id, req.body.id, req.body, req.locale),
  );
  defineRoute(app, designRoutes.wordPackageDelete, async (req) => {
    await catalogue.deletePackage(req.user!.id, req.body.id);
    return null;
  });
  defineRoute(app, designRoutes.lineArt, async (req) => opts.lineArt.extract(req.user!.id, req.body.imageId), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });

  // Tag thumbnails: small files the cards show; a replaced one gets a new ?v= in the tag list.
  app.get<{ Params: { category: string; slug: string } }>(
    PRESET_IMAGE_ROUTE,
    { schema: { summary: 'The thumbnail of a style or material tag', tags: ['design'] } },
    async (req, reply) => {
      const image = await catalogue.presetImage(req.params.category, req.params.slug);
      if (!image) throw new AppError('NOT_FOUND');
      return reply.type(image.type).header('cache-control', 'public, max-age=86400').send(image.bytes);
    },
  );

  // The browser's EventSource: one stream per tab, resumed with Last-Event-ID after a drop.
  app.get<{ Querystring: { lastEventId?: string; locale?: string } }>(
    DESIGN_EVENTS_PATH,
    { config: { auth: true }, schema: { summary: 'Live task events (text/event-stream)', tags: ['design'] } },
    async (req, reply) => {
      const header = req.headers['last-event-id'];
      const lastEventId = Number(typeof header === 'string' ? header : (req.query.lastEventId ?? 0)) || 0;
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      await opts.events.attach(req.user!.id, reply.raw, {
        locale: req.query.locale === 'zh' ? 'zh' : req.query.locale === 'en' ? 'en' : req.locale,
        lastEventId,
        signal: opts.lifecycle.signal,
      });
    },
  );
}
