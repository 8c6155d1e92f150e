import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Page, WorkCard } from '@turing/contract';
import { bindRoutes, moduleParts } from '../../shared/module-parts.ts';
import type { Lifecycle } from '../../platform/lifecycle.ts';
import type { Metrics } from '../../platform/metrics.ts';
import type { ModelCatalogue, TaskEvents, TaskService } from '../design/index.ts';
import type { UploadService } from '../upload/index.ts';
import { createApiKeysPart } from './api-keys/api-keys.part.ts';
import { createWebhooksPart } from './webhooks/webhooks.part.ts';
import { createIdempotency } from './v1/idempotency.ts';
import { v1Module } from './v1/v1.plugin.ts';

export interface DeveloperModuleDeps {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  /** The studio's services the public API acts through, as the key's user. */
  tasks: TaskService;
  events: TaskEvents;
  uploads: UploadService;
  modelCatalogue: ModelCatalogue;
  balance(userId: string): Promise<{ cubes: number; debt: number; planUntil: string | null; activeTasks: number }>;
  activeCap: number;
  works(userId: string, page: { cursor?: string; limit: number }): Promise<Page<WorkCard>>;
  lifecycle: Lifecycle;
  version: string;
  metrics: Pick<Metrics, 'webhookAttempted'>;
}

/**
 * Programs' way in: personal API keys, signed webhooks of task events, and the public API under
 * /turing/v1, which acts as a key's user through the same services as the studio.
 */
export function createDeveloperModule(deps: DeveloperModuleDeps) {
  const { db } = deps.database;
  const keys = createApiKeysPart({ db, log: deps.log });
  const hooks = createWebhooksPart({
    database: deps.database,
    config: deps.config,
    log: deps.log,
    metrics: deps.metrics,
  });
  const idempotency = createIdempotency(db);
  const v1 = bindRoutes(v1Module, {
    apiKeys: keys.apiKeys,
    webhooks: hooks.webhooks,
    tasks: deps.tasks,
    events: deps.events,
    uploads: deps.uploads,
    models: () => deps.modelCatalogue.list(),
    async account(userId) {
      const balance = await deps.balance(userId);
      return {
        userId,
        cubes: balance.cubes,
        debtCubes: balance.debt,
        planUntil: balance.planUntil,
        activeTasks: balance.activeTasks,
        activeTasksMax: deps.activeCap,
      };
    },
    works: deps.works,
    idempotency,
    lifecycle: deps.lifecycle,
    perMinute: deps.config.API_RATE_LIMIT,
    version: deps.version,
    publicUrl: deps.config.publicUrl,
  });
  return moduleParts(
    { apiKeys: keys.apiKeys, webhooks: hooks.webhooks, idempotency },
    { public: [keys.routes, hooks.routes, v1] },
  );
}
