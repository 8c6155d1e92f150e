import { and, asc, count, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { WebhookEvent } from '@turing/contract';
import type { Db } from '../../../db/database.ts';
import {
  users,
  webhookDeliveries,
  webhookEndpoints,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../../../db/schema/index.ts';
import { createWebhookDeliveryQueries } from './webhook-deliveries.repository.ts';

export type EndpointPatch = Partial<
  Pick<
    WebhookEndpointRow,
    'events' | 'enabled' | 'disabledReason' | 'failingSince' | 'secret' | 'previousSecret' | 'previousSecretUntil'
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
  const deliveries = createWebhookDeliveryQueries(db, rowsOf);

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

    /** The user's own endpoints (`perTask` false) or those made for tasks' `webhook.url` (true). */
    async countOwn(userId: string, perTask = false) {
      const [row] = await db
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.perTask, perTask)));
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

    /** The endpoint's row held to the end of the transaction (a rotation reads its secret under it). */
    async findOwnForUpdate(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
        .for('update');
      return row ?? null;
    },

    /**
     * A new secret for an endpoint and, in the same statement, for the user's per-task endpoints
     * that sign with its old one (they copied it): each keeps the old one beside it until `until`.
     */
    async rotateSecret(endpoint: Pick<WebhookEndpointRow, 'id' | 'userId' | 'secret'>, secret: string, until: Date) {
      const rows = await db
        .update(webhookEndpoints)
        .set({ secret, previousSecret: endpoint.secret, previousSecretUntil: until })
        .where(
          and(
            eq(webhookEndpoints.userId, endpoint.userId),
            sql`(${webhookEndpoints.id} = ${endpoint.id} or (${webhookEndpoints.perTask} and ${webhookEndpoints.secret} = ${endpoint.secret}))`,
          ),
        )
        .returning({ id: webhookEndpoints.id });
      return rows.length;
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

    ...deliveries,

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
