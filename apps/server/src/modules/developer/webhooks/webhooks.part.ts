import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type {
  Page,
  PageRequest,
  WebhookCreateBody,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
} from '@turing/contract';
import type { Config } from '../../../config.ts';
import type { Database, Db } from '../../../db/client.ts';
import type { TaskRow, WebhookDeliveryRow, WebhookEndpointRow } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scoped.ts';
import { bindRoutes } from '../../../shared/module-parts.ts';
import type { postWebhook } from './deliver-client.ts';
import { createWebhookDelivery } from './webhook-delivery.ts';
import { createWebhookEvents, type TaskChange, type TaskResults } from './webhook-events.ts';
import { disabledNotice } from './webhook-notice.ts';
import { systemResolver, vetWebhookUrl, type Resolver } from './url-guard.ts';
import { WEBHOOK_DELIVERY_CHANNEL } from './webhook-deliveries.repository.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import { createWebhookService } from './webhooks.service.ts';

/** What lives outside the module and is connected once every module is built (services.ts). */
interface WebhookConnections {
  /** A completed task's results with their signed URLs (design's task payload). */
  results?: TaskResults;
  /** Signed browser addresses of a user's images by id (uploads), made at each attempt. */
  resultUrls?(userId: string, ids: string[]): Promise<Map<string, { url: string }>>;
  /** Queues the job of a delivery's next attempt (the job queue's `webhook` job). */
  later?(deliveryId: string, seconds: number): Promise<void>;
  /** The owner's e-mail address, if they have one. */
  emailOf?(userId: string): Promise<string | null>;
  /** Sends a notice by e-mail (the messaging module). */
  mail?(mail: { to: string; subject: string; text: string; purpose: string }): Promise<unknown>;
}

export interface WebhookService {
  list(userId: string): Promise<WebhookEndpoint[]>;
  create(userId: string, body: WebhookCreateBody): Promise<{ endpoint: WebhookEndpoint; secret: string }>;
  remove(userId: string, id: string): Promise<void>;
  /**
   * The endpoint a task's own `webhook.url` is delivered to (checked as every webhook address is,
   * refused with WEBHOOK_URL_*), signed with the user's first endpoint's secret; `secret` is set
   * only when one had to be made for it (the caller shows it once).
   */
  forTask(userId: string, url: string): Promise<{ endpointId: string; secret: string | null }>;
  update(userId: string, body: { id: string; events?: WebhookEvent[]; enabled?: boolean }): Promise<WebhookEndpoint>;
  rotate(userId: string, id: string): Promise<{ endpoint: WebhookEndpoint; secret: string }>;
  deliveries(userId: string, query: PageRequest & { id: string }): Promise<Page<WebhookDelivery>>;
  redeliver(userId: string, id: string): Promise<WebhookDelivery>;
  /**
   * Told of each change of a task's state by its lifecycle, in the change's transaction when it
   * has one: the deliveries of its event are written there.
   */
  taskChanged(tx: Db | null, row: TaskRow, change: TaskChange): Promise<void>;
  /** One attempt of a delivery if it is due (the `webhook` job's handler); never rejects. */
  attempt(deliveryId: string): Promise<WebhookDeliveryRow | null>;
  /**
   * Delivers from this process: each new delivery at once (heard when its transaction commits), and
   * every half minute those overdue. Resolves to the function that stops it.
   */
  startDelivery(): Promise<() => Promise<void>>;
  /** Housekeeping: deliveries older than 30 days go. */
  sweep(now?: Date): Promise<number>;
  connect(connections: WebhookConnections): void;
}

const KEEP_DAYS = 30;
const OVERDUE_SWEEP_MS = 30_000;
/** Attempts one process makes at once: hanging receivers take turns, never the workers' time. */
const DELIVERY_CONCURRENCY = 32;
/** Attempts one process makes at once to one endpoint: one user's slow receiver never takes everyone's turns. */
const ENDPOINT_CONCURRENCY = 2;

export interface WebhooksPartDeps {
  database: Database;
  config: Pick<Config, 'production' | 'WEBHOOK_ALLOW_PRIVATE' | 'WEBHOOK_TIMEOUT_MS' | 'publicUrl'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Tests: the clock (the 5-day rule), the resolver, the request (a receiver of their own). */
  now?: () => Date;
  resolve?: Resolver;
  post?: typeof postWebhook;
  /** The process's metrics: each attempt's outcome is counted. */
  metrics?: { webhookAttempted(outcome: 'delivered' | 'retried' | 'failed' | 'gone'): void };
}

export function createWebhooksPart(deps: WebhooksPartDeps): { webhooks: WebhookService; routes: FastifyPluginAsync } {
  const { database, config, log } = deps;
  const now = deps.now ?? (() => new Date());
  const links: WebhookConnections = {};
  const repo = scoped(database.db, createWebhooksRepository);
  // A lookup has the attempt's time at most (and counts in it): a silent name server holds nothing up.
  const resolve = deps.resolve ?? systemResolver({ timeoutMs: config.WEBHOOK_TIMEOUT_MS });
  const vet = (url: string) =>
    vetWebhookUrl(url, {
      production: config.production,
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE && !config.production,
      resolve,
    });
  const absolute = (url: string) =>
    /^https?:\/\//i.test(url) ? url : `${config.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
  const delivery = createWebhookDelivery({
    repo: repo.pool,
    vet,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    now,
    concurrency: DELIVERY_CONCURRENCY,
    perEndpoint: ENDPOINT_CONCURRENCY,
    post: deps.post,
    attempted: deps.metrics ? (outcome) => deps.metrics!.webhookAttempted(outcome) : undefined,
    async resultUrls(userId, ids) {
      if (!links.resultUrls) return null;
      const found = await links.resultUrls(userId, ids);
      return new Map([...found].map(([id, { url }]) => [id, absolute(url)]));
    },
    later: (id, seconds) => links.later?.(id, seconds) ?? Promise.resolve(),
    async tellOwner(endpoint: WebhookEndpointRow) {
      const to = await links.emailOf?.(endpoint.userId);
      if (!to || !links.mail) return;
      await links.mail({ to, purpose: 'webhook-disabled', ...disabledNotice(endpoint.url, config.publicUrl) });
    },
    log,
  });
  const rules = createWebhookService({
    repo,
    transaction: (work) => database.transaction(work),
    vet,
    now,
    attempt: (id) => delivery.attempt(id),
  });
  const taskChanged = createWebhookEvents({
    repo,
    results: () => links.results ?? null,
    now,
  });

  const webhooks: WebhookService = {
    ...rules,
    taskChanged,
    attempt: (id) => delivery.attempt(id),
    async startDelivery() {
      delivery.resume();
      const unlisten = await database.listen(WEBHOOK_DELIVERY_CHANNEL, (ids) => {
        // An attempt never rejects (its faults are logged and it is tried again later).
        for (const id of ids.split(' ').filter(Boolean)) delivery.attempt(id).catch(() => null);
      });
      const timer = setInterval(() => {
        delivery.sweepOverdue().catch((err: unknown) => log.warn({ err }, 'overdue webhooks were not swept'));
      }, OVERDUE_SWEEP_MS).unref();
      return async () => {
        clearInterval(timer);
        await unlisten();
        await delivery.stop();
      };
    },
    sweep: (at = now()) => repo.pool.sweep(new Date(at.getTime() - KEEP_DAYS * 86_400_000)),
    connect(connections) {
      Object.assign(links, connections);
    },
  };
  return { webhooks, routes: bindRoutes(webhooksRoutes, { webhooks: rules }) };
}
