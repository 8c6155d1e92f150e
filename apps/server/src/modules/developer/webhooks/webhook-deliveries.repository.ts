import { and, asc, eq, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PageRequest, WebhookEvent } from '@turing/contract';
import type { Db } from '../../../db/database.ts';
import { keysetPage } from '../../../db/paging.ts';
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow } from '../../../db/schema/index.ts';

/** Told at the commit of the transaction that made deliveries: their ids, space-separated. */
export const WEBHOOK_DELIVERY_CHANNEL = 'webhook_delivery';

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

/** The queries of deliveries and their attempts (part of the webhooks repository). */
export function createWebhookDeliveryQueries(db: Db, rowsOf: <T>(query: SQL) => Promise<T[]>) {
  return {
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
     * Its duration is cleared while the attempt runs: a pending row tried before, with no duration,
     * and due later is one whose attempt is under way (see `reopen`).
     */
    async claim(id: string, now: Date, dueBy: Date, leaseUntil: Date) {
      const [row] = await db
        .update(webhookDeliveries)
        .set({
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          lastAttemptAt: now,
          nextAttemptAt: leaseUntil,
          durationMs: null,
        })
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

    /** The endpoint a delivery goes to; null when the delivery is gone. */
    async endpointOf(id: string) {
      const [row] = await db
        .select({ endpointId: webhookDeliveries.endpointId })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, id));
      return row?.endpointId ?? null;
    },

    async updateDelivery(id: string, patch: DeliveryPatch) {
      const [row] = await db.update(webhookDeliveries).set(patch).where(eq(webhookDeliveries.id, id)).returning();
      return row ?? null;
    },

    /**
     * An attempt's outcome, written only while the claim that made it still holds the row (the
     * same count of attempts and lease, still pending); null when it no longer does: the lease ran
     * out and another attempt took the row, or "send again" reopened it after the lease.
     */
    async settle(claimed: Pick<WebhookDeliveryRow, 'id' | 'attempts' | 'nextAttemptAt'>, patch: DeliveryPatch) {
      const lease = claimed.nextAttemptAt?.toISOString() ?? null;
      const [row] = await db
        .update(webhookDeliveries)
        .set(patch)
        .where(
          and(
            eq(webhookDeliveries.id, claimed.id),
            eq(webhookDeliveries.state, 'pending'),
            eq(webhookDeliveries.attempts, claimed.attempts),
            sql`${webhookDeliveries.nextAttemptAt} is not distinct from ${lease}::timestamptz`,
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * A delivery of the user's, for "send again": pending again, due now. Not one whose attempt
     * is under way (its lease held): reopening it would let a second attempt send it beside the
     * first; that attempt's outcome is what the caller gets.
     */
    async reopen(userId: string, id: string, now: Date) {
      const at = sql`${now.toISOString()}::timestamptz`;
      const d = webhookDeliveries;
      const [row] = await db
        .update(d)
        .set({ state: 'pending', nextAttemptAt: now })
        .where(
          and(
            eq(d.id, id),
            eq(d.userId, userId),
            sql`(${d.state} <> 'pending' or (${d.nextAttemptAt} > ${at}
              and not (${d.lastAttemptAt} is not null and ${d.durationMs} is null)))`,
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

    /**
     * Pending deliveries overdue by `before` (their process stopped, or their job was lost), but
     * not those of `skip` (this process has them in hand already).
     */
    async overdue(before: Date, limit: number, skip: string[] = []) {
      const rows = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.state, 'pending'),
            lte(webhookDeliveries.nextAttemptAt, before),
            skip.length ? notInArray(webhookDeliveries.id, skip) : undefined,
          ),
        )
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
  };
}
