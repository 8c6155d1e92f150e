import { and, asc, count, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { PageRequest, WebhookEvent } from '@turing/contract';
import type { Db } from '../../../db/database.ts';
import { keysetPage } from '../../../db/paging.ts';
import {
  users,
  webhookDeliveries,
  webhookEndpoints,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../../../db/schema/index.ts';

/** Told at the commit of the transaction that made deliveries: their ids, space-separated. */
export const WEBHOOK_DELIVERY_CHANNEL = 'webhook_delivery';

export type EndpointPatch = Partial<
  Pick<
    WebhookEndpointRow,
    'events' | 'enabled' | 'disabledReason' | 'failingSince' | 'secret' | 'previousSecret' | 'previousSecretUntil'
  >
>;
export type DeliveryPatch = Partial<
  Pick<
    WebhookDeliveryRow,
    | 'state'
    | 'lastStatus'
    | 'lastError'
    | 'durationMs'
    | 'responseSnippet'
    | 'lastAttemptAt'
    | 'nextAttemptAt'
    | 'attempts'
  >
>;

export interface EndpointWithLast extends WebhookEndpointRow {
  lastAt: Date | null;
  lastStatus: number | null;
  lastState: WebhookDeliveryRow['state'] | null;
}

/** The queries of webhook endpoints and their deliveries; the rules are the service's. */
export function createWebhooksRepository(db: Db) {
  // Both drivers answer a raw statement with `{ rows }`.
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  /** The latest attempted delivery of each endpoint. */
  async function latestAttempts(endpointIds: string[]) {
    const found = new Map<string, Pick<WebhookDeliveryRow, 'lastAttemptAt' | 'lastStatus' | 'state'>>();
    if (!endpointIds.length) return found;
    const rows = await rowsOf<{
      endpoint_id: string;
      last_attempt_at: string;
      last_status: number | null;
      state: WebhookDeliveryRow['state'];
    }>(sql`
      select distinct on (endpoint_id) endpoint_id, last_attempt_at, last_status, state
      from ${webhookDeliveries}
      where endpoint_id in (${sql.join(
        endpointIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and last_attempt_at is not null
      order by endpoint_id, last_attempt_at desc`);
    for (const r of rows)
      found.set(r.endpoint_id, {
        lastAttemptAt: new Date(r.last_attempt_at),
        lastStatus: r.last_status,
        state: r.state,
      });
    return found;
  }

  return {
    /** Holds the user's row to the end of the transaction: one count-then-insert at a time per user. */
    async lockUser(userId: string) {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async countOwn(userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.perTask, false)));
      return row?.n ?? 0;
    },

    async insert(values: typeof webhookEndpoints.$inferInsert) {
      const [row] = await db.insert(webhookEndpoints).values(values).returning();
      return row!;
    },

    /** The user's endpoints, newest first, each with its latest attempt. */
    async listOwn(userId: string): Promise<EndpointWithLast[]> {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
      const latest = await latestAttempts(rows.map((r) => r.id));
      return rows.map((r) => {
        const last = latest.get(r.id);
        return {
          ...r,
          lastAt: last?.lastAttemptAt ?? null,
          lastStatus: last?.lastStatus ?? null,
          lastState: last?.state ?? null,
        };
      });
    },

    async findOwn(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
      return row ?? null;
    },

    async findById(id: string) {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row ?? null;
    },

    async update(id: string, patch: EndpointPatch) {
      const [row] = await db.update(webhookEndpoints).set(patch).where(eq(webhookEndpoints.id, id)).returning();
      return row ?? null;
    },

    /** Switches an endpoint off unless it already is; the row when this call did it. */
    async disable(id: string, reason: 'gone' | 'failing' | 'user') {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: reason })
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
        .returning();
      return row ?? null;
    },

    async remove(userId: string, id: string) {
      const rows = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    async findPerTask(userId: string, url: string) {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(
          and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.perTask, true), eq(webhookEndpoints.url, url)),
        )
        .orderBy(asc(webhookEndpoints.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** The secret of the user's first own endpoint, which per-task endpoints sign with. */
    async firstOwnSecret(userId: string) {
      const [row] = await db
        .select({ secret: webhookEndpoints.secret })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.perTask, false)))
        .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
        .limit(1);
      return row?.secret ?? null;
    },

    /** Enabled endpoints told of `event` of the user's task: subscribed ones, and the task's own. */
    async subscribers(userId: string, event: WebhookEvent, taskEndpointId: string | null) {
      const own = and(
        eq(webhookEndpoints.userId, userId),
        eq(webhookEndpoints.perTask, false),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`,
      );
      const rows = await db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.enabled, true),
            taskEndpointId ? sql`(${own} or ${webhookEndpoints.id} = ${taskEndpointId})` : own,
          ),
        );
      return rows.map((r) => r.id);
    },

    /**
     * Deliveries of one message to these endpoints, due now; one already made for an endpoint is
     * left as it is. The new rows' ids are told on WEBHOOK_DELIVERY_CHANNEL when the transaction
     * commits, in the same statement.
     */
    async insertDeliveries(input: {
      endpointIds: string[];
      userId: string;
      messageId: string;
      event: WebhookEvent;
      taskId: string | null;
      payload: Record<string, unknown>;
      at: Date;
    }) {
      const { endpointIds, userId, messageId, event, taskId, payload, at } = input;
      if (!endpointIds.length) return [];
      const ids = sql.join(
        endpointIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const rows = await rowsOf<{ ids: string | null }>(sql`
        with made as (
          insert into ${webhookDeliveries}
            (endpoint_id, user_id, message_id, event, task_id, payload, next_attempt_at, created_at)
          select e.id, ${userId}::uuid, ${messageId}, ${event}, ${taskId}::uuid, ${JSON.stringify(payload)}::jsonb,
            ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
          from ${webhookEndpoints} e
          where e.id in (${ids}) and e.enabled
          on conflict (endpoint_id, message_id) do nothing
          returning id
        ), told as (select string_agg(id::text, ' ') as ids from made)
        select ids, case when ids is null then null else pg_notify(${WEBHOOK_DELIVERY_CHANNEL}, ids) end from told`);
      return rows[0]?.ids?.split(' ') ?? [];
    },

    /**
     * Takes a due delivery for one attempt: counts it and holds it until `leaseUntil` (no other
     * process takes it meanwhile); null when it is not pending or not due (delivered, taken, later).
     */
    async claim(id: string, now: Date, dueBy: Date, leaseUntil: Date) {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastAttemptAt: now, nextAttemptAt: leaseUntil })
        .where(
          and(
            eq(webhookDeliveries.id, id),
            eq(webhookDeliveries.state, 'pending'),
            lte(webhookDeliveries.nextAttemptAt, dueBy),
          ),
        )
        .returning();
      return row ?? null;
    },

    async updateDelivery(id: string, patch: DeliveryPatch) {
      const [row] = await db.update(webhookDeliveries).set(patch).where(eq(webhookDeliveries.id, id)).returning();
      return row ?? null;
    },

    /** A delivery of the user's, for "send again": pending again, due now. */
    async reopen(userId: string, id: string, now: Date) {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ state: 'pending', nextAttemptAt: now })
        .where(
          and(
            eq(webhookDeliveries.id, id),
            eq(webhookDeliveries.userId, userId),
            sql`(${webhookDeliveries.state} <> 'pending' or ${webhookDeliveries.nextAttemptAt} > ${now.toISOString()}::timestamptz)`,
          ),
        )
        .returning();
      return row ?? null;
    },

    async findDelivery(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.userId, userId)));
      return row ?? null;
    },

    /** An endpoint switched off: what it still had to send ends as failed. */
    async failPending(endpointId: string, reason: string) {
      await db
        .update(webhookDeliveries)
        .set({ state: 'failed', nextAttemptAt: null, lastError: reason })
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.state, 'pending')));
    },

    /** Pending deliveries overdue by `before` (their process stopped, or their job was lost). */
    async overdue(before: Date, limit: number) {
      const rows = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.state, 'pending'), lte(webhookDeliveries.nextAttemptAt, before)))
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    deliveriesPage(endpointId: string, page: PageRequest) {
      return keysetPage(
        { sort: webhookDeliveries.createdAt, id: webhookDeliveries.id },
        page,
        (parts) =>
          db
            .select({ delivery: webhookDeliveries, sortKey: parts.sortKey })
            .from(webhookDeliveries)
            .where(and(eq(webhookDeliveries.endpointId, endpointId), parts.where))
            .orderBy(...parts.orderBy)
            .limit(parts.limit),
        (row) => row.delivery.id,
      );
    },

    /** Deliveries older than `before` go (the log keeps 30 days). */
    async sweep(before: Date) {
      const rows = await db
        .delete(webhookDeliveries)
        .where(and(lte(webhookDeliveries.createdAt, before), sql`${webhookDeliveries.state} <> 'pending'`))
        .returning({ id: webhookDeliveries.id });
      return rows.length;
    },

    /** Endpoints failing since before `before` and still on. */
    async failingSince(before: Date) {
      return db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.enabled, true), lte(webhookEndpoints.failingSince, before)));
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
