import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './users.ts';

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(),
    /** Normalised phone (E.164) or lower-case e-mail. */
    target: text('target').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_target_idx').on(t.target, t.purpose, t.createdAt)],
);

/** Fixed-window counters shared by every API node (login and code-sending limits). */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/**
 * One step of a Google or WeChat sign-in held on the server: the `state` of a redirect (kind
 * "state", answered once by the provider's callback) or the ticket that finishes a WeChat binding
 * in the browser that started it (kind "ticket"). Only a hash of the random value is stored.
 */
export const oauthFlows = pgTable(
  'oauth_flows',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    provider: text('provider').notNull(),
    intent: text('intent').notNull(),
    /** The session that started a binding; it alone may finish it (gone with the session). */
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    nonce: text('nonce'),
    /** The provider's account id, once known (a ticket's WeChat openid). */
    subject: text('subject'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_flows_session_idx').on(t.sessionId)],
);
