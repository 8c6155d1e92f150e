import {
  DEVELOPER_LIMITS,
  type Page,
  type PageRequest,
  type WebhookCreateBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  WEBHOOK_EVENTS,
} from '@turing/contract';
import type { Db } from '../../../db/database.ts';
import type { Transactor } from '../../../db/scoped.ts';
import type { WebhookDeliveryRow } from '../../../db/schema/index.ts';
import { AppError } from '../../../shared/app-error.ts';
import { newSigningSecret } from './signing.ts';
import type { VettedUrl } from './url-guard.ts';
import type { EndpointWithLast, WebhooksRepository } from './webhooks.repository.ts';

/** How long a rotated-out secret keeps signing beside the new one. */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export interface WebhookServiceDeps {
  repo: { pool: WebhooksRepository; in(tx: Db): WebhooksRepository };
  transaction: Transactor;
  vet(url: string): Promise<VettedUrl>;
  now(): Date;
  /** Makes one attempt of a delivery now (when it is due and nobody else is making it). */
  attempt(deliveryId: string): Promise<WebhookDeliveryRow | null>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function endpointDto(row: EndpointWithLast): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason ?? null,
    perTask: row.perTask,
    createdAt: row.createdAt.toISOString(),
    previousSecretUntil: iso(row.previousSecretUntil),
    lastDelivery: row.lastAt
      ? { at: row.lastAt.toISOString(), status: row.lastStatus, ok: row.lastState === 'delivered' }
      : null,
  };
}

function deliveryDto(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    messageId: row.messageId,
    event: row.event,
    taskId: row.taskId,
    state: row.state,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    durationMs: row.durationMs,
    responseSnippet: row.responseSnippet,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: row.state === 'pending' ? iso(row.nextAttemptAt) : null,
  };
}

const noLast = { lastAt: null, lastStatus: null, lastState: null } as const;

/** A user's webhook endpoints: the rules of the profile page and of the public API alike. */
export function createWebhookService(deps: WebhookServiceDeps) {
  const repo = deps.repo.pool;

  async function own(userId: string, id: string) {
    const row = await repo.findOwn(userId, id);
    if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
    return row;
  }

  async function withLast(userId: string, id: string) {
    const row = (await repo.listOwn(userId)).find((r) => r.id === id);
    if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
    return endpointDto(row);
  }

  return {
    async list(userId: string) {
      return (await repo.listOwn(userId)).map(endpointDto);
    },

    /** A new endpoint with its secret (shown this once); the user's own endpoints are counted under a lock. */
    async create(userId: string, body: WebhookCreateBody) {
      const vetted = await deps.vet(body.url);
      const secret = newSigningSecret();
      const events = WEBHOOK_EVENTS.filter((e) => body.events.includes(e));
      const row = await deps.transaction(async (tx) => {
        const r = deps.repo.in(tx);
        await r.lockUser(userId);
        if ((await r.countOwn(userId)) >= DEVELOPER_LIMITS.webhooksPerUser) {
          throw new AppError('WEBHOOK_LIMIT', { params: { max: DEVELOPER_LIMITS.webhooksPerUser } });
        }
        return r.insert({ userId, url: vetted.url.toString(), events, secret, createdAt: deps.now() });
      });
      return { endpoint: endpointDto({ ...row, ...noLast }), secret };
    },

    /** Other events, or switched off or on; switching on forgets why it was off and how long it failed. */
    async update(userId: string, body: { id: string; events?: WebhookEvent[]; enabled?: boolean }) {
      const row = await own(userId, body.id);
      const events = body.events ? WEBHOOK_EVENTS.filter((e) => body.events!.includes(e)) : undefined;
      if (body.enabled === false && row.enabled) {
        await repo.update(row.id, { enabled: false, disabledReason: 'user', ...(events && { events }) });
        await repo.failPending(row.id, 'endpoint disabled');
      } else {
        await repo.update(row.id, {
          ...(events && { events }),
          ...(body.enabled === true && !row.enabled && { enabled: true, disabledReason: null, failingSince: null }),
        });
      }
      return withLast(userId, row.id);
    },

    /**
     * Deletes an endpoint and its log; WEBHOOK_NOT_FOUND for an unknown id or another user's. The
     * user's per-task endpoints that copied its secret keep signing with their own copy, so their
     * receivers go on verifying; the next per-task endpoint takes the secret of the user's first
     * endpoint then.
     */
    async remove(userId: string, id: string) {
      if (!(await repo.remove(userId, id))) throw new AppError('WEBHOOK_NOT_FOUND');
    },

    /**
     * A new secret (shown this once); the previous one signs beside it for 24 hours. The user's
     * per-task endpoints that sign with the same secret (they copied it) change with it, in the same
     * statement: one secret keeps verifying every message the user's receivers get.
     */
    async rotate(userId: string, id: string) {
      const secret = newSigningSecret();
      const until = new Date(deps.now().getTime() + ROTATION_OVERLAP_MS);
      // The endpoint's row is held while its old secret is read and replaced: two rotations at once
      // take turns, and the second moves the per-task copies on from what the first left.
      const rotated = await deps.transaction(async (tx) => {
        const r = deps.repo.in(tx);
        const row = await r.findOwnForUpdate(userId, id);
        if (row) await r.rotateSecret(row, secret, until);
        return row !== null;
      });
      if (!rotated) throw new AppError('WEBHOOK_NOT_FOUND');
      return { endpoint: await withLast(userId, id), secret };
    },

    async deliveries(userId: string, query: PageRequest & { id: string }): Promise<Page<WebhookDelivery>> {
      const row = await own(userId, query.id);
      const page = await repo.deliveriesPage(row.id, query);
      return { items: page.items.map((r) => deliveryDto(r.delivery)), nextCursor: page.nextCursor };
    },

    /**
     * Sends a delivery again now, under the same message id; answers with how it went. One whose
     * attempt is under way is not sent a second time beside it: the answer is that attempt's.
     */
    async redeliver(userId: string, id: string) {
      const reopened = await repo.reopen(userId, id, deps.now());
      if (!reopened && !(await repo.findDelivery(userId, id))) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
      await deps.attempt(id);
      const row = await repo.findDelivery(userId, id);
      if (!row) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
      return deliveryDto(row);
    },

    /**
     * The endpoint of one task's `webhook.url`: the user's per-task endpoint for that address (made
     * once, then reused), signed with the secret of the user's first own endpoint; without one, a
     * new secret that the caller shows this once.
     */
    async forTask(userId: string, url: string) {
      const vetted = await deps.vet(url);
      const address = vetted.url.toString();
      // Under the user's lock: parallel first tasks with one address share one endpoint (and one
      // secret), and the number of addresses a user's tasks name is bounded.
      return deps.transaction(async (tx) => {
        const r = deps.repo.in(tx);
        await r.lockUser(userId);
        const existing = await r.findPerTask(userId, address);
        if (existing) {
          if (!existing.enabled)
            await r.update(existing.id, { enabled: true, disabledReason: null, failingSince: null });
          return { endpointId: existing.id, secret: null };
        }
        const max = DEVELOPER_LIMITS.taskWebhooksPerUser;
        if ((await r.countOwn(userId, true)) >= max) throw new AppError('WEBHOOK_LIMIT', { params: { max } });
        const shared = await r.firstOwnSecret(userId);
        const secret = shared ?? newSigningSecret();
        const row = await r.insert({
          userId,
          url: address,
          events: [...WEBHOOK_EVENTS],
          secret,
          perTask: true,
          createdAt: deps.now(),
        });
        return { endpointId: row.id, secret: shared ? null : secret };
      });
    },
  };
}
export type WebhookRules = ReturnType<typeof createWebhookService>;
