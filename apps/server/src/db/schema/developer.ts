import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApiScope, WebhookEvent } from '@turing/contract';
import { users } from './users.ts';

/** A personal API key: only the SHA-256 digest of its secret is kept, and its last four characters. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: jsonb('scopes').$type<ApiScope[]>().notNull(),
    /** Hex SHA-256 of the whole key: what a request's key is looked up by. */
    digest: text('digest').notNull(),
    last4: text('last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_digest_idx').on(t.digest), index('api_keys_user_idx').on(t.userId, t.createdAt)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * The first answer to a POST with an Idempotency-Key, per user: replayed for the same request within
 * 24 hours; `in_flight` while the first is still being answered.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, the matched route, its parameters and the body. */
    fingerprint: text('fingerprint').notNull(),
    state: text('state').$type<'in_flight' | 'done'>().notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

/** Where a user's task events are posted, signed with the endpoint's secret (Standard Webhooks). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    /** `whsec_` + base64: the receiver verifies with it, so it is kept as given. */
    secret: text('secret').notNull(),
    /** After a rotation the old secret signs beside the new one until `previousSecretUntil`. */
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason').$type<'gone' | 'failing' | 'user'>(),
    /** Made for one task's `webhook.url`; not listed among the user's own endpoints' limit. */
    perTask: boolean('per_task').notNull().default(false),
    /** Since when every delivery has failed (null once one succeeds): 5 days of it switch the endpoint off. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId, t.createdAt)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** One message to one endpoint and its attempts: the delivery log, and what "send again" resends. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** `webhook-id`: the same on every attempt, so receivers can drop duplicates. */
    messageId: text('message_id').notNull(),
    event: text('event').$type<WebhookEvent>().notNull(),
    taskId: uuid('task_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    durationMs: integer('duration_ms'),
    responseSnippet: text('response_snippet'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_message_idx').on(t.endpointId, t.messageId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt, t.id),
    // The sweep for overdue attempts reads pending rows only, not the 30-day log.
    index('webhook_deliveries_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * The fair queue's turns: per engine, how many starts in a row went to the plan lane (time-plan
 * tasks), so at least one in N goes to pay-per-image tasks.
 */
export const queueTurns = pgTable('queue_turns', {
  engine: text('engine').primaryKey(),
  planStreak: integer('plan_streak').notNull().default(0),
});
