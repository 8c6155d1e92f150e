import type { FastifyInstance, FastifyRequest } from 'fastify';
import { developerRoutes } from '@turing/contract';
import { defineRoute } from '../../../shared/define-route.ts';
import type { WebhookRules } from './webhooks.service.ts';

/** Each "send again" waits for its receiver: a person clicks a few times, a loop is stopped here. */
const REDELIVERIES_PER_HOUR = 120;
const CREATES_PER_HOUR = 30;

const perUser = (name: string, max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 hour',
    keyGenerator: (req: FastifyRequest) => `${name}:${req.user?.id ?? req.ip}`,
  },
});

/** The profile page's webhook endpoints and their delivery logs (signed-in sessions). */
export async function webhooksRoutes(app: FastifyInstance, opts: { webhooks: WebhookRules }) {
  const { webhooks } = opts;

  defineRoute(app, developerRoutes.webhooks, async (req) => ({ items: await webhooks.list(req.user!.id) }));

  defineRoute(
    app,
    developerRoutes.webhookCreate,
    async (req, reply) => {
      // The answer holds the secret's only showing: no cache along the way may keep it.
      reply.header('cache-control', 'no-store');
      return webhooks.create(req.user!.id, req.body);
    },
    perUser('webhook-create', CREATES_PER_HOUR),
  );

  defineRoute(app, developerRoutes.webhookUpdate, async (req) => webhooks.update(req.user!.id, req.body));

  defineRoute(app, developerRoutes.webhookDelete, async (req) => {
    await webhooks.remove(req.user!.id, req.body.id);
    return null;
  });

  defineRoute(app, developerRoutes.webhookRotate, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return webhooks.rotate(req.user!.id, req.body.id);
  });

  defineRoute(app, developerRoutes.webhookDeliveries, async (req) => webhooks.deliveries(req.user!.id, req.query));

  defineRoute(
    app,
    developerRoutes.webhookRedeliver,
    async (req) => webhooks.redeliver(req.user!.id, req.body.id),
    perUser('webhook-redeliver', REDELIVERIES_PER_HOUR),
  );
}
